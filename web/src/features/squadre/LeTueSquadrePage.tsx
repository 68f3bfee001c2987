// sessione/{pk}/le-tue-squadre/ (spec §2): the user's teams in a session.
import type { Evento, Sessione } from '@gas/contracts';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { useCurrentUser, useEvento, useSessione } from '../../api/queries';
import { LinkButton } from '../../components/LinkButton';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { RequireLogin } from '../../components/RequireLogin';
import { usePoli } from '../poli/api';
import { useMieSquadre } from './api';
import { SquadraCard } from './SquadraCard';
import {
  NESSUNA_SQUADRA,
  PROFILO_MANCANTE,
  REGISTRANE,
  SECONDARIO_NESSUNA_QUI,
  SECONDARIO_SENZA_SQUADRE,
  SQUADRE_UFFICIALI,
} from './texts';

function Squadre({ sessione, evento }: { sessione: Sessione; evento: Evento }) {
  const { user } = useCurrentUser();
  const squadre = useMieSquadre(sessione.id);
  const poli = usePoli(evento.id);
  const nomePolo = new Map((poli.data ?? []).map((p) => [p.id, p.nome_breve]));
  // The badge tells the session's own flag (an official event may have a
  // non-official session); teams of official-type events are registered on
  // the olympiad site, not here.
  const sessioneUfficiale = sessione.ufficiale;
  // Certificates are made once the contest is over (the server says so too).
  const conclusa = Date.now() > Date.parse(evento.fine);
  const ufficiale = evento.tipologia === 'o' || sessione.ufficiale;
  const secondario = user.responsabile?.ruolo === 'ss';
  // A team manager with teams elsewhere is not told to ask for some.
  const senzaSquadre = (user.responsabile?.squadre.length ?? 0) === 0;
  return (
    <>
      <p className="lead">
        <Link to={`/evento/${evento.id}/`}>{evento.titolo}</Link> — {sessione.nome}{' '}
        {sessioneUfficiale ? (
          <Badge bg="primary">Sessione ufficiale</Badge>
        ) : (
          <Badge bg="secondary">Sessione non ufficiale</Badge>
        )}
      </p>
      {!user.responsabile && user.is_authenticated && !user.is_superuser && (
        <Alert variant="danger">{PROFILO_MANCANTE}</Alert>
      )}
      <QueryState query={squadre}>
        {(list) =>
          list.length === 0 ? (
            <>
              {secondario && senzaSquadre ? (
                <Alert variant="warning">{SECONDARIO_SENZA_SQUADRE}</Alert>
              ) : secondario ? (
                <p>{SECONDARIO_NESSUNA_QUI}</p>
              ) : (
                <p>
                  {NESSUNA_SQUADRA} {ufficiale ? `${SQUADRE_UFFICIALI}.` : REGISTRANE}
                </p>
              )}
              {!ufficiale && !secondario && (
                <LinkButton to={`/nuova-squadra/?sessione=${sessione.id}`}>
                  Registra una squadra
                </LinkButton>
              )}
            </>
          ) : (
            <>
              <div className="d-flex flex-wrap gap-2 mb-3">
                {!ufficiale && !secondario && (
                  <LinkButton to={`/nuova-squadra/?sessione=${sessione.id}`}>
                    Registra una squadra
                  </LinkButton>
                )}
                <LinkButton
                  to={`/sessione/${sessione.id}/consegna-risposte/`}
                  variant="outline-primary"
                >
                  Consegna risposte
                </LinkButton>
              </div>
              <Row xs={1} md={2} lg={3} className="g-3">
                {list.map((s) => (
                  <Col key={s.id}>
                    <SquadraCard
                      squadra={s}
                      polo={s.polo === null ? undefined : nomePolo.get(s.polo)}
                      attestato={conclusa}
                    />
                  </Col>
                ))}
              </Row>
            </>
          )
        }
      </QueryState>
    </>
  );
}

function ConEvento({ sessione }: { sessione: Sessione }) {
  const evento = useEvento(sessione.evento);
  return (
    <QueryState query={evento} errorPageOnMissing>
      {(e) => <Squadre sessione={sessione} evento={e} />}
    </QueryState>
  );
}

export default function LeTueSquadrePage() {
  const id = Number(useParams().pk);
  const sessione = useSessione(id);
  return (
    <RequireLogin>
      <Page title="Le tue squadre">
        <QueryState query={sessione} errorPageOnMissing>
          {(s) => <ConEvento sessione={s} />}
        </QueryState>
      </Page>
    </RequireLogin>
  );
}
