// /le-mie-squadre/ (issue 26): a manager's way in. All his teams (spec §6
// ownership) in the current and coming events, by event and session, each
// session with its 'Le tue squadre' and 'Consegna risposte' — without going
// through Eventi → event → session.
import type { Evento, Squadra } from '@gas/contracts';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { useCurrentUser, useEventi, useMieSquadreCorrenti } from '../../api/queries';
import { LinkButton } from '../../components/LinkButton';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { RequireLogin } from '../../components/RequireLogin';
import { formatDateTime } from '../../lib/romeTime';
import { usePoli } from '../poli/api';
import { SquadraCard } from './SquadraCard';
import { PROFILO_MANCANTE, SECONDARIO_SENZA_SQUADRE } from './texts';

export const NESSUNA_SQUADRA_CORRENTE =
  'Non hai squadre negli eventi in corso o in programma. Quelle degli eventi passati sono nelle pagine delle loro sessioni (Eventi).';

/** One event's teams, by session in the event's order. */
function EventoSquadre({ evento, squadre }: { evento: Evento; squadre: Squadra[] }) {
  const poli = usePoli(evento.id);
  const nomePolo = new Map((poli.data ?? []).map((p) => [p.id, p.nome_breve]));
  const sessioni = evento.sessioni.filter((s) => squadre.some((q) => q.sessione === s.id));
  return (
    <section className="mb-5" aria-labelledby={`evento-${evento.id}`}>
      <h2 id={`evento-${evento.id}`} className="h3">
        <Link to={`/evento/${evento.id}/`}>{evento.titolo}</Link>
      </h2>
      <p className="text-body-secondary">{formatDateTime(evento.inizio)}</p>
      {sessioni.map((sessione) => (
        <section
          key={sessione.id}
          className="mb-4"
          aria-label={`${evento.titolo} — ${sessione.nome}`}
        >
          <h3 className="h5">{sessione.nome}</h3>
          <div className="d-flex flex-wrap gap-2 mb-3">
            <LinkButton
              to={`/sessione/${sessione.id}/le-tue-squadre/`}
              variant="outline-primary"
              size="sm"
            >
              Le tue squadre in questa sessione
            </LinkButton>
            <LinkButton
              to={`/sessione/${sessione.id}/consegna-risposte/`}
              variant="outline-primary"
              size="sm"
            >
              Consegna risposte
            </LinkButton>
          </div>
          <Row xs={1} md={2} lg={3} className="g-3">
            {squadre
              .filter((q) => q.sessione === sessione.id)
              .map((q) => (
                <Col key={q.id}>
                  <SquadraCard
                    squadra={q}
                    polo={q.polo === null ? undefined : nomePolo.get(q.polo)}
                  />
                </Col>
              ))}
          </Row>
        </section>
      ))}
    </section>
  );
}

function Elenco({ squadre, eventi }: { squadre: Squadra[]; eventi: Evento[] }) {
  const { user } = useCurrentUser();
  if (squadre.length === 0) {
    const secondario = user.responsabile?.ruolo === 'ss';
    const senzaSquadre = (user.responsabile?.squadre.length ?? 0) === 0;
    return secondario && senzaSquadre ? (
      <Alert variant="warning">{SECONDARIO_SENZA_SQUADRE}</Alert>
    ) : (
      <p>{NESSUNA_SQUADRA_CORRENTE}</p>
    );
  }
  const conSquadre = new Set(squadre.map((q) => q.evento));
  const suoi = eventi
    .filter((e) => conSquadre.has(e.id))
    .sort((a, b) => Date.parse(a.inizio) - Date.parse(b.inizio));
  return (
    <>
      {suoi.map((evento) => (
        <EventoSquadre
          key={evento.id}
          evento={evento}
          squadre={squadre.filter((q) => q.evento === evento.id)}
        />
      ))}
    </>
  );
}

export default function LeMieSquadrePage() {
  const { user } = useCurrentUser();
  const squadre = useMieSquadreCorrenti(user.is_authenticated);
  const eventi = useEventi();
  return (
    <RequireLogin>
      <Page title="Le mie squadre">
        {!user.responsabile && user.is_authenticated && !user.is_superuser && (
          <Alert variant="danger">{PROFILO_MANCANTE}</Alert>
        )}
        <QueryState query={squadre}>
          {(lista) => (
            <QueryState query={eventi}>
              {(tutti) => <Elenco squadre={lista} eventi={tutti} />}
            </QueryState>
          )}
        </QueryState>
      </Page>
    </RequireLogin>
  );
}
