// The content of accounts/profile/ (spec §2 Profile): every case, from the
// anonymous visitor to the main manager.
import type { User } from '@gas/contracts';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/LinkButton';
import { QueryState } from '../../../components/QueryState';
import { useAltriResponsabili } from '../../responsabili/api';
import { PROFILO_MANCANTE, SECONDARIO_SENZA_SQUADRE, SITO_OLIMPIADI } from '../../squadre/texts';
import { EventiNonUfficiali } from './EventiNonUfficiali';
import { ManagerCard } from './ManagerCard';

export const NON_AUTENTICATO = 'Non autenticato';
export const DATI_SU_SITO_ESTERNO = `I tuoi dati personali si modificano su my${SITO_OLIMPIADI}: qui sono in sola lettura.`;

function AltriResponsabili({ principale }: { principale: boolean }) {
  const altri = useAltriResponsabili(true);
  return (
    <section aria-labelledby="altri-responsabili" className="mb-4">
      <h2 id="altri-responsabili" className="h4">
        Altri responsabili delle tue scuole
      </h2>
      <QueryState query={altri}>
        {(list) =>
          list.length === 0 ? (
            <p>Nessun altro responsabile.</p>
          ) : (
            <Row xs={1} md={2} xl={3} className="g-3 mb-3">
              {list.map((m) => (
                <Col key={m.id}>
                  <ManagerCard
                    manager={{
                      ...m,
                      ruolo: m.responsabile.ruolo,
                      attivo: m.responsabile.attivo,
                      squadre: m.responsabile.squadre.length,
                    }}
                    modificabile={m.puo_modificare}
                  />
                </Col>
              ))}
            </Row>
          )
        }
      </QueryState>
      {principale && (
        <LinkButton to="/nuovo-responsabile/" variant="outline-primary">
          Crea un nuovo responsabile
        </LinkButton>
      )}
    </section>
  );
}

export function Profilo({ user }: { user: User }) {
  if (!user.is_authenticated) return <Alert variant="warning">{NON_AUTENTICATO}</Alert>;
  const r = user.responsabile;
  const principale = r?.ruolo === 'sp' && r.attivo;
  return (
    <>
      <section aria-labelledby="dati-personali" className="mb-4">
        <h2 id="dati-personali" className="h4">
          I tuoi dati
        </h2>
        {r?.ruolo === 'sp' && <p>{DATI_SU_SITO_ESTERNO}</p>}
        <Row>
          <Col md={8} lg={6}>
            <ManagerCard
              proprio
              manager={{
                id: user.id,
                username: user.username,
                first_name: user.first_name,
                last_name: user.last_name,
                email: user.email,
                ruolo: r?.ruolo ?? null,
                attivo: r?.attivo,
                newsletter: r?.newsletter,
              }}
            />
          </Col>
        </Row>
        <p className="mt-3 mb-0">
          <Link to="/accounts/profile/chat-token/">Token per la chat della comunità</Link>
        </p>
      </section>

      {!r ? (
        <Alert variant="danger">{PROFILO_MANCANTE}</Alert>
      ) : (
        <>
          {r.ruolo === 'ss' && r.squadre.length === 0 && (
            <Alert variant="warning">{SECONDARIO_SENZA_SQUADRE}</Alert>
          )}
          {!r.attivo && (
            <Alert variant="warning">
              Il tuo profilo di responsabile non è attivo: scrivi agli organizzatori.
            </Alert>
          )}
          <EventiNonUfficiali />
          <AltriResponsabili principale={principale} />
        </>
      )}
    </>
  );
}
