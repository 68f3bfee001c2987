import type { MessaggioImportante } from '@gas/contracts';
import { lazy, Suspense } from 'react';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from '../../../components/QueryState';
import { RelativeTime } from '../../../components/RelativeTime';
import { formatDateTime } from '../../../lib/romeTime';

const MessaggiEditor = lazy(() => import('./MessaggiEditor'));

/**
 * Important messages, newest first, each with 'Fra ... / ... fa' (spec §2);
 * with `editEvento` (the event's administrators) also the form to post,
 * edit and delete them.
 */
export function MessaggiList(props: {
  query: UseQueryResult<MessaggioImportante[]>;
  offset: number;
  limit?: number;
  className?: string;
  editEvento?: number;
}) {
  const { editEvento } = props;
  return (
    <QueryState query={props.query}>
      {(list) =>
        editEvento !== undefined ? (
          <Suspense fallback={<Spinner animation="border" size="sm" />}>
            <MessaggiEditor eventoId={editEvento} messages={list} offset={props.offset} />
          </Suspense>
        ) : list.length === 0 ? (
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
