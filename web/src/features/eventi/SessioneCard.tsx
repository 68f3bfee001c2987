// A session of an event (spec §2): enrolled teams with 'Segui' to the school
// scores page, and the actions (scores, results once the contest is over,
// clock, chat, deliver answers, your teams).
import { conta, type Evento, type SessioneBreve, type Squadra } from '@gas/contracts';
import { useDeferredValue } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { useCurrentUser, useSquadreInSessione } from '../../api/queries';
import { useChatUrl } from '../../api/sito';
import { LinkButton } from '../../components/LinkButton';
import { QueryState } from '../../components/QueryState';

function Squadre({ sessione, squadre }: { sessione: SessioneBreve; squadre: Squadra[] }) {
  if (squadre.length === 0) return <p className="mb-2">Nessuna squadra iscritta.</p>;
  return (
    <div
      className="squadre-scroll mb-2"
      tabIndex={0}
      role="region"
      aria-label={`Squadre iscritte a ${sessione.nome}`}
    >
      <Table size="sm" striped className="mb-0 align-middle">
        <caption className="visually-hidden">Squadre iscritte a {sessione.nome}</caption>
        <thead>
          <tr>
            <th scope="col">Squadra</th>
            <th scope="col">Scuola</th>
            <th scope="col" className="d-none d-sm-table-cell">
              Città
            </th>
            <th scope="col">
              <span className="visually-hidden">Azioni</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {squadre.map((s) => (
            <tr key={s.id}>
              <td>
                {s.nome}
                {s.ospite && <span className="badge text-bg-secondary ms-1">ospite</span>}
              </td>
              <td>
                {s.scuola?.nome ?? ''}
                {/* On narrow screens the city goes under the school. */}
                {s.scuola?.indirizzo.citta && (
                  <div className="d-sm-none small">{s.scuola.indirizzo.citta.name}</div>
                )}
              </td>
              <td className="d-none d-sm-table-cell">{s.scuola?.indirizzo.citta?.name ?? ''}</td>
              <td className="text-end">
                {s.scuola && (
                  <Link
                    to={`/sessione/${sessione.id}/punteggi/scuola/${s.scuola.id}/`}
                    aria-label={`Segui ${s.scuola.nome} (${s.nome})`}
                  >
                    Segui
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

interface SessioneCardProps {
  sessione: SessioneBreve;
  evento: Evento;
  /** Heading level of the session name. */
  level: 3 | 4;
  /** The contest is over: a link to the session's results page. */
  conclusa?: boolean;
}

export function SessioneCard({ sessione, evento, level, conclusa = false }: SessioneCardProps) {
  const { user } = useCurrentUser();
  const chatUrl = useChatUrl();
  // The enrolled teams (hundreds of rows in a national session) arrive after
  // the page has started: react-query's answer is a blocking render, and the
  // table's rows made in it were a task of 17-45 ms here (x4 on a phone). The
  // card renders them in a deferred render instead, which React splits into
  // short slices between the browser's own work; until then it shows what it
  // showed before (docs/performance.md, "a twelfth session").
  const query = useDeferredValue(useSquadreInSessione(sessione.id));
  const permessi = evento.permessi;
  const consegna = permessi && (permessi.puo_consegnare || permessi.puo_inserire);
  const Heading = `h${level}` as const;
  const count = query.data?.length;
  return (
    <Card className="h-100" data-testid={`sessione-${sessione.id}`}>
      <Card.Body className="p-2 p-sm-3">
        <Heading className="h5 card-title">{sessione.nome}</Heading>
        <p className="small mb-2">
          {count === undefined
            ? 'Squadre iscritte'
            : conta(count, 'squadra iscritta', 'squadre iscritte')}
          {sessione.numero_qualificati
            ? ` · ${conta(sessione.numero_qualificati, 'qualificata', 'qualificate')}`
            : ''}
        </p>
        <QueryState query={query}>
          {(squadre) => <Squadre sessione={sessione} squadre={squadre} />}
        </QueryState>
        <div className="d-flex flex-wrap gap-2">
          <LinkButton to={`/sessione/${sessione.id}/punteggi/`} size="sm">
            Punteggi
          </LinkButton>
          {conclusa && (
            <LinkButton to={`/sessione/${sessione.id}/risultati/`} size="sm">
              Risultati
            </LinkButton>
          )}
          <LinkButton to={`/sessione/${sessione.id}/orologio/`} size="sm" variant="outline-primary">
            Orologio
          </LinkButton>
          {chatUrl && (
            <a
              href={chatUrl}
              target="_blank"
              rel="noreferrer"
              className="btn btn-sm btn-outline-primary"
            >
              Chat
            </a>
          )}
          {consegna && (
            <LinkButton
              to={`/sessione/${sessione.id}/consegna-risposte/`}
              size="sm"
              variant="success"
            >
              Consegna risposte
            </LinkButton>
          )}
          {user.is_authenticated && (
            <LinkButton
              to={`/sessione/${sessione.id}/le-tue-squadre/`}
              size="sm"
              variant="outline-secondary"
            >
              Le tue squadre
            </LinkButton>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
