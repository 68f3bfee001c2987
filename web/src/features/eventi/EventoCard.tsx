// An event (spec §2 "Event card"): title, status text, enrolment and
// team-edit periods, joker deadline, tiles, and its sessions when it is
// running or when `verbose` (the single-event page).
import type { Evento, SessioneBreve, Tipologia } from '@gas/contracts';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { LinkButton } from '../../components/LinkButton';
import { RelativeTime } from '../../components/RelativeTime';
import { formatDateTime } from '../../lib/romeTime';
import { statusText } from '../../lib/eventStatus';
import { EventoTiles } from './EventoTiles';
import { SessioneCard } from './SessioneCard';
import { useEventoPhaseWithReload } from './useEventoReload';

const TIPOLOGIA: Record<Tipologia, string> = {
  o: 'Ufficiale',
  pub: 'Pubblico',
  priv: 'Privato',
};

function Periodi({ evento }: { evento: Evento }) {
  const rows: [string, string][] = [];
  if (evento.inizio_iscrizioni || evento.fine_iscrizioni) {
    const dal = evento.inizio_iscrizioni ? `dal ${formatDateTime(evento.inizio_iscrizioni)}` : '';
    const al = evento.fine_iscrizioni ? `al ${formatDateTime(evento.fine_iscrizioni)}` : '';
    rows.push(['Iscrizioni', [dal, al].filter(Boolean).join(' ')]);
  }
  if (evento.fine_modifica_squadre) {
    rows.push(['Modifica squadre', `fino al ${formatDateTime(evento.fine_modifica_squadre)}`]);
  }
  if (evento.fine_consegna_jolly) {
    rows.push(['Scelta del jolly', `entro il ${formatDateTime(evento.fine_consegna_jolly)}`]);
  }
  if (rows.length === 0) return null;
  return (
    <dl className="row small mb-3">
      {rows.map(([term, value]) => (
        <div key={term} className="col-12 col-md-4 mb-1">
          <dt className="d-inline fw-semibold">{term}: </dt>
          <dd className="d-inline mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Once the contest is over, its results page, one link a session (issue 28). */
function RisultatiLinks({ sessioni }: { sessioni: readonly SessioneBreve[] }) {
  return (
    <div className="d-flex flex-wrap gap-2 mt-3" data-testid="link-risultati">
      {sessioni.map((s) => (
        <LinkButton key={s.id} to={`/sessione/${s.id}/risultati/`} size="sm">
          {sessioni.length === 1 ? 'Risultati' : `Risultati – ${s.nome}`}
        </LinkButton>
      ))}
    </div>
  );
}

interface EventoCardProps {
  evento: Evento;
  /** Show the sessions even when the event is not running. */
  verbose?: boolean;
  /** Heading level of the title; null on the event's own page (the h1 is the title). */
  level: 2 | 3 | null;
}

export function EventoCard({ evento, verbose = false, level }: EventoCardProps) {
  const phase = useEventoPhaseWithReload(evento);
  const showSessions = verbose || phase === 'durante';
  const sessioni = evento.sessioni ?? [];
  const Heading = level ? (`h${level}` as const) : null;
  const sessionLevel = level === 2 || level === null ? 3 : 4;
  return (
    <Card
      className="mb-4"
      as="article"
      data-testid={`evento-${evento.id}`}
      aria-label={evento.titolo}
    >
      <Card.Body>
        {Heading && (
          <Heading className="h4 card-title">
            <Link to={`/evento/${evento.id}/`}>{evento.titolo}</Link>
          </Heading>
        )}
        <p className="mb-2">
          <span
            className={`badge me-2 ${evento.tipologia === 'o' ? 'text-bg-dark' : 'text-bg-secondary'}`}
          >
            {TIPOLOGIA[evento.tipologia]}
          </span>
          <span data-testid="stato-evento" data-phase={phase}>
            {statusText(phase, evento.inizio, evento.fine)}
          </span>{' '}
          <span className="small text-body-secondary">
            (<RelativeTime value={phase === 'prima' ? evento.inizio : evento.fine} />)
          </span>
        </p>
        {evento.descrizione && <p>{evento.descrizione}</p>}
        <Periodi evento={evento} />
        <EventoTiles evento={evento} />
        {phase === 'dopo' && !showSessions && sessioni.length > 0 && (
          <RisultatiLinks sessioni={sessioni} />
        )}
        {showSessions && sessioni.length > 0 && (
          <>
            {level === null && <h2 className="h4 mt-4">Sessioni</h2>}
            <Row xs={1} lg={2} className="g-3">
              {sessioni.map((s) => (
                <Col key={s.id}>
                  <SessioneCard
                    sessione={s}
                    evento={evento}
                    level={sessionLevel}
                    conclusa={phase === 'dopo'}
                  />
                </Col>
              ))}
            </Row>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
