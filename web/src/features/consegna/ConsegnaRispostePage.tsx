// sessione/{pk}/consegna-risposte/ and evento/{pk}/consegna-risposte/
// (spec §2): the answer form and the answers already delivered.
import type { Evento } from '@gas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { useCurrentUser } from '../../api/queries';
import { EventoCaricato, EventoDellaSessione } from '../../components/EventoDellaSessione';
import { Page } from '../../components/Page';
import { PageLoading } from '../../components/PageLoading';
import { QueryState } from '../../components/QueryState';
import { RequireLogin } from '../../components/RequireLogin';
import { statusText } from '../../lib/eventStatus';
import { skewWarning, useServerOffset } from '../../lib/serverClock';
import { useEventPhase } from '../../lib/timers';
import { consegnaKeys, useRisposte, useSquadreConsegna, type Ambito } from './api';
import { ConsegnaForm } from './ConsegnaForm';
import { MessaggiConsegna } from './MessaggiConsegna';
import { RisposteList } from './RisposteList';
import { OutboxList } from './uscita/OutboxList';
import { useOutbox } from './uscita/useOutbox';

/** Reached from a session (sessione/{pk}/...) or from an event (evento/{pk}/...). */
export type ConsegnaScope = 'sessione' | 'evento';

export const NESSUN_PERMESSO = 'Non puoi consegnare risposte in questo evento.';
export const SENZA_SQUADRE_SECONDARIO =
  'Non hai squadre assegnate: chiedi al responsabile principale della tua scuola di assegnartene.';
/** A team manager whose teams are all elsewhere (another session or event). */
export const NESSUNA_QUI_SECONDARIO = (sessione: boolean) =>
  `Non hai squadre assegnate in ${sessione ? 'questa sessione' : 'questo evento'}.`;
export const SENZA_SQUADRE = 'Non hai squadre per cui consegnare risposte qui.';
export const DOPPIA_DIGITAZIONE_ATTIVA =
  'Doppia digitazione: ogni foglio va inserito da due utenti diversi; la risposta conta quando le due digitazioni coincidono.';

function Consegna({ evento, sessione }: { evento: Evento; sessione: number | null }) {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const ambito: Ambito = { evento: evento.id, sessione };
  const permessi = evento.permessi;
  const tutte = permessi?.puo_inserire === true;
  const puoConsegnare = tutte || permessi?.puo_consegnare === true;
  const squadre = useSquadreConsegna(ambito, tutte, puoConsegnare);
  const risposte = useRisposte(ambito);
  const phase = useEventPhase(evento.inizio, evento.fine);
  const sessioni = new Map((evento.sessioni ?? []).map((s) => [s.id, s.nome]));
  const aggiorna = () =>
    void queryClient.invalidateQueries({ queryKey: consegnaKeys.risposte(ambito) });
  const { outbox, stato } = useOutbox(user.id);
  // Typed times are corrected by the offset; a large one is said (spec §9).
  const { offset, measured } = useServerOffset();
  const orologio = measured ? skewWarning(offset) : null;
  // What the outbox sent in the background joins the delivered answers (each time one more is sent).
  const inviate = stato.invii.filter((i) => i.stato === 'inviata').length;
  useEffect(() => {
    if (inviate > 0) aggiorna();
  }, [inviate]);

  const sessioneNome = sessione ? sessioni.get(sessione) : null;
  return (
    <>
      <p className="lead mb-1">
        <Link to={`/evento/${evento.id}/`}>{evento.titolo}</Link>
        {sessioneNome ? ` — ${sessioneNome}` : ''}
      </p>
      <p className="text-body-secondary">{statusText(phase, evento.inizio, evento.fine)}</p>
      {orologio && <Alert variant="warning">{orologio}</Alert>}
      {evento.doppia_digitazione && (
        <Alert variant="info">
          {DOPPIA_DIGITAZIONE_ATTIVA}
          {tutte && sessione !== null && (
            <>
              {' '}
              <Link to={`/sessione/${sessione}/doppia-digitazione/`}>
                Vedi le digitazioni della sessione
              </Link>
              .
            </>
          )}
        </Alert>
      )}

      {!puoConsegnare ? (
        <Alert variant="warning">{NESSUN_PERMESSO}</Alert>
      ) : (
        <QueryState query={squadre}>
          {(list) =>
            list.length === 0 ? (
              user.responsabile?.ruolo === 'ss' &&
              !tutte &&
              user.responsabile.squadre.length > 0 ? (
                // Teams elsewhere: a plain note, not the warning to ask for some.
                <p>{NESSUNA_QUI_SECONDARIO(sessione !== null)}</p>
              ) : (
                <Alert variant="warning">
                  {user.responsabile?.ruolo === 'ss' && !tutte
                    ? SENZA_SQUADRE_SECONDARIO
                    : SENZA_SQUADRE}
                </Alert>
              )
            ) : outbox === null || user.id === null ? (
              <PageLoading />
            ) : (
              <ConsegnaForm
                evento={evento}
                squadre={list}
                sessioni={sessione ? undefined : sessioni}
                outbox={outbox}
                utente={user.id}
                offset={offset}
                onDelivered={aggiorna}
              />
            )
          }
        </QueryState>
      )}

      <MessaggiConsegna evento={evento} offset={offset} />

      <OutboxList outbox={outbox} stato={stato} />

      <QueryState query={risposte}>
        {(list) => (
          <RisposteList
            risposte={list}
            puoCancellare={permessi?.puo_cancellare_risposte === true}
            onDeleted={aggiorna}
          />
        )}
      </QueryState>
    </>
  );
}

export default function ConsegnaRispostePage({ scope }: { scope: ConsegnaScope }) {
  const id = Number(useParams().pk);
  return (
    <RequireLogin>
      <Page title="Consegna risposte">
        {scope === 'sessione' ? (
          <EventoDellaSessione id={id}>
            {(evento, sessione) => <Consegna evento={evento} sessione={sessione} />}
          </EventoDellaSessione>
        ) : (
          <EventoCaricato id={id}>
            {(evento) => <Consegna evento={evento} sessione={null} />}
          </EventoCaricato>
        )}
      </Page>
    </RequireLogin>
  );
}
