// 'Eventi non ufficiali' of the profile: the user's own unofficial events
// and the 'Nuovo evento' button.
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { useEventi } from '../../../api/queries';
import { LinkButton } from '../../../components/LinkButton';
import { formatDateTime } from '../../../lib/romeTime';

export function EventiNonUfficiali() {
  const eventi = useEventi({ tipologia__in: ['pub', 'priv'] });
  const miei = (eventi.data ?? [])
    .filter((e) => e.permessi?.puo_modificare)
    .sort((a, b) => b.inizio.localeCompare(a.inizio));
  return (
    <section aria-labelledby="eventi-non-ufficiali" className="mb-4">
      <h2 id="eventi-non-ufficiali" className="h4">
        Eventi non ufficiali
      </h2>
      <p>Puoi organizzare eventi non ufficiali, privati o pubblici, per allenare le tue squadre.</p>
      {miei.length > 0 && (
        <ListGroup className="mb-3">
          {miei.map((e) => (
            <ListGroup.Item
              key={e.id}
              className="d-flex flex-wrap justify-content-between align-items-center gap-2"
            >
              <span>
                <Link to={`/evento/${e.id}/`}>{e.titolo}</Link>{' '}
                <small className="text-body-secondary">
                  {formatDateTime(e.inizio)} · {e.tipologia === 'pub' ? 'pubblico' : 'privato'}
                </small>
              </span>
              <Link to={`/modifica-evento/${e.id}/`}>Modifica</Link>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <LinkButton to="/nuovo-evento/">Nuovo evento</LinkButton>
    </section>
  );
}
