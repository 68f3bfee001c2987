import type { MessaggioImportante } from '@gas/contracts';
import ListGroup from 'react-bootstrap/ListGroup';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from '../../../components/QueryState';
import { RelativeTime } from '../../../components/RelativeTime';
import { formatDateTime } from '../../../lib/romeTime';

/** Important messages, newest first, each with 'Fra ... / ... fa' (spec §2). */
export function MessaggiList(props: {
  query: UseQueryResult<MessaggioImportante[]>;
  offset: number;
  limit?: number;
  className?: string;
}) {
  return (
    <QueryState query={props.query}>
      {(list) =>
        list.length === 0 ? (
          <p className="text-body-secondary">Nessun messaggio importante per questo evento.</p>
        ) : (
          <ListGroup as="ul" className={props.className} data-testid="messaggi">
            {list.slice(0, props.limit ?? list.length).map((m) => (
              <ListGroup.Item as="li" key={m.id}>
                <div className="small text-body-secondary">
                  <RelativeTime value={m.data} offset={props.offset} /> · {formatDateTime(m.data)}
                </div>
                <div style={{ whiteSpace: 'pre-wrap' }}>{m.testo}</div>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )
      }
    </QueryState>
  );
}
