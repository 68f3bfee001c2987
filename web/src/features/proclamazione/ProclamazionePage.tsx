// sessione/{pk}/proclamazione/ (issue 29 item 5): the award ceremony after
// the contest, for the hall's projector and the viewers' phones. An event
// administrator moves it ('Avanti' / 'Indietro', the arrow keys, a
// presenter's Page Up / Page Down); every open page follows through the
// session's live feed (useProclamazione). Before the first step the page
// waits and shows no team: the server sends none.
import type { Evento, PassoProclamazione, Proclamazione, Sessione } from '@gas/contracts';
import { conta } from '@gas/contracts';
import './proclamazione.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { queryKeys, useSessione } from '../../api/queries';
import { typedApi } from '../../api/typed';
import { isApiError } from '../../api/errors';
import { LinkButton } from '../../components/LinkButton';
import NotFoundPage from '../../components/NotFoundPage';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import type { FeedStatus } from '../../lib/live/LiveSocket';
import { annuncioPasso, classificaRivelata, sopratitoloPasso, TESTI, titoloPasso } from './testi';
import { useProclamazione, type Mossa } from './useProclamazione';

function Squadra({
  s,
  grande,
  conPolo,
}: {
  s: PassoProclamazione['squadre'][number];
  grande: boolean;
  conPolo: boolean;
}) {
  return (
    <li className={grande ? 'proclamata proclamata-grande' : 'proclamata'}>
      {!grande && s.posizione !== null && (
        <span className="proclamata-posizione">{s.posizione}°</span>
      )}
      <span className="proclamata-nome">{s.nome}</span>
      {(s.scuola || (conPolo && s.polo)) && (
        <span className="proclamata-scuola">
          {[s.scuola, conPolo ? s.polo : null].filter(Boolean).join(' · ')}
        </span>
      )}
      <span className="proclamata-punti">{conta(s.totale, 'punto', 'punti')}</span>
    </li>
  );
}

/** The step on stage: big, one moment at a time. */
function Palco({
  passo,
  numero,
  passi,
}: {
  passo: PassoProclamazione;
  numero: number;
  passi: number;
}) {
  const sopratitolo = sopratitoloPasso(passo);
  const medaglia = passo.tipo === 'podio' ? ` palco-podio-${passo.posizione}` : '';
  // A block of many teams is a list to read, not a name to call.
  const grande = passo.tipo !== 'blocco' && passo.squadre.length <= 3;
  return (
    <section
      className={`palco palco-${passo.tipo}${medaglia}`}
      aria-labelledby="titolo-palco"
      data-testid="palco"
      data-passo={numero}
    >
      <p className="palco-contatore">
        Passo {numero} di {passi}
      </p>
      {sopratitolo && <p className="palco-sopratitolo">{sopratitolo}</p>}
      <h2 id="titolo-palco" className="palco-titolo">
        {titoloPasso(passo)}
      </h2>
      <ul className="list-unstyled palco-squadre">
        {passo.squadre.map((s) => (
          <Squadra key={s.id} s={s} grande={grande} conPolo={passo.tipo !== 'polo'} />
        ))}
      </ul>
    </section>
  );
}

function Attesa({ finita }: { finita: boolean }) {
  return (
    <section className="palco palco-attesa" aria-labelledby="titolo-palco" data-testid="attesa">
      <h2 id="titolo-palco" className="palco-titolo">
        {TESTI.attesa}
      </h2>
      <p className="mb-0">{finita ? TESTI.attesaDettaglio : TESTI.primaDellaFine}</p>
    </section>
  );
}

function ClassificaRivelata({ rivelati }: { rivelati: readonly PassoProclamazione[] }) {
  const squadre = classificaRivelata(rivelati);
  if (squadre.length === 0) return null;
  return (
    <section aria-labelledby="titolo-rivelata" className="mt-4">
      <h2 id="titolo-rivelata" className="h4">
        {TESTI.rivelata}
      </h2>
      <ol className="list-unstyled rivelata" data-testid="rivelata">
        {squadre.map((s) => (
          <li key={s.id} className="rivelata-riga">
            <span className="rivelata-posizione">
              {s.posizione === null ? (
                <span className="badge text-bg-secondary">Ospite</span>
              ) : (
                `${s.posizione}°`
              )}
            </span>
            <span className="rivelata-nome">
              {s.nome}
              {s.scuola && <span className="rivelata-scuola">{s.scuola}</span>}
            </span>
            <span className="rivelata-punti">{conta(s.totale, 'punto', 'punti')}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** 'Avanti' / 'Indietro' for the event's administrators, with the keyboard too. */
function Comandi({
  stato,
  muovi,
  inCorso,
  errore,
}: {
  stato: Proclamazione;
  muovi(m: Mossa): void;
  inCorso: boolean;
  errore: string | null;
}) {
  const finita = Date.now() > Date.parse(stato.fine);
  const puoIndietro = finita && stato.passo > 0;
  const puoAvanti = finita && stato.passo < stato.passi;
  const comandi = useRef({ puoIndietro, puoAvanti, inCorso, muovi });
  comandi.current = { puoIndietro, puoAvanti, inCorso, muovi };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.defaultPrevented) return;
      // Typing in a field (the navbar's, say) is not a command.
      const { target } = e;
      if (target instanceof Element && target.closest('input, textarea, select, [contenteditable]'))
        return;
      const c = comandi.current;
      const avanti = e.key === 'ArrowRight' || e.key === 'PageDown';
      const indietro = e.key === 'ArrowLeft' || e.key === 'PageUp';
      if (!avanti && !indietro) return;
      e.preventDefault();
      if (c.inCorso) return;
      if (avanti && c.puoAvanti) c.muovi({ azione: 'avanti' });
      if (indietro && c.puoIndietro) c.muovi({ azione: 'indietro' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <section aria-label={TESTI.comandi} className="comandi d-print-none" data-testid="comandi">
      <div className="comandi-pulsanti">
        <Button
          variant="outline-primary"
          size="lg"
          disabled={!puoIndietro || inCorso}
          onClick={() => muovi({ azione: 'indietro' })}
        >
          <span aria-hidden="true">← </span>
          {TESTI.indietro}
        </Button>
        <Button
          variant="primary"
          size="lg"
          disabled={!puoAvanti || inCorso}
          onClick={() => muovi({ azione: 'avanti' })}
        >
          {TESTI.avanti}
          <span aria-hidden="true"> →</span>
        </Button>
      </div>
      <p className="small text-body-secondary mt-2 mb-0">{TESTI.tasti}</p>
      {errore && (
        <Alert variant="danger" className="mt-2 mb-0" role="alert">
          {errore}
        </Alert>
      )}
    </section>
  );
}

function StatoConnessione({ status }: { status: FeedStatus }) {
  if (status !== 'disconnected') return null;
  return (
    <Alert variant="warning" className="py-2" data-testid="connessione-persa">
      {TESTI.connessionePersa}
    </Alert>
  );
}

export function Cerimonia({
  stato,
  evento,
  status,
  amministratore,
  muovi,
  inCorso,
  errore,
}: {
  stato: Proclamazione;
  evento: Pick<Evento, 'id' | 'titolo'>;
  status: FeedStatus;
  amministratore: boolean;
  muovi(m: Mossa): void;
  inCorso: boolean;
  errore: string | null;
}) {
  const finita = Date.now() > Date.parse(stato.fine);
  const conclusa = stato.passi > 0 && stato.passo === stato.passi;
  return (
    <>
      <p className="lead mb-3 d-print-none">
        <Link to={`/evento/${evento.id}/`}>{evento.titolo}</Link>
      </p>
      <StatoConnessione status={status} />
      {/* Screen readers hear each step as it arrives (the stage itself is re-rendered). */}
      <p className="visually-hidden" aria-live="polite" data-testid="annuncio">
        {stato.corrente ? annuncioPasso(stato.corrente) : ''}
      </p>
      {stato.corrente ? (
        <Palco passo={stato.corrente} numero={stato.passo} passi={stato.passi} />
      ) : (
        <Attesa finita={finita} />
      )}
      {conclusa && <p className="text-center fs-5 mt-3">{TESTI.conclusa}</p>}
      {amministratore && <Comandi stato={stato} muovi={muovi} inCorso={inCorso} errore={errore} />}
      <ClassificaRivelata rivelati={stato.rivelati} />
    </>
  );
}

function ProclamazioneSessione({ sessione }: { sessione: Sessione }) {
  const evento = useQuery({
    queryKey: queryKeys.evento(sessione.evento),
    queryFn: ({ signal }) =>
      typedApi.get('/api/gas/evento/{id}/', 'evento', { path: { id: sessione.evento }, signal }),
  });
  const { query, status, muovi } = useProclamazione(sessione.id);
  const errore = muovi.error
    ? isApiError(muovi.error)
      ? muovi.error.detail
      : 'Non è stato possibile cambiare passo: riprova.'
    : null;
  return (
    <Page title={`Proclamazione – ${sessione.nome}`}>
      <QueryState query={evento} errorPageOnMissing>
        {(e) => (
          <QueryState query={query} errorPageOnMissing>
            {(stato) => (
              <Cerimonia
                stato={stato}
                evento={e}
                status={status}
                amministratore={e.permessi?.puo_modificare === true}
                muovi={(m) => muovi.mutate(m)}
                inCorso={muovi.isPending}
                errore={errore}
              />
            )}
          </QueryState>
        )}
      </QueryState>
      <div className="mt-4 d-flex flex-wrap gap-2 d-print-none">
        <LinkButton
          to={`/sessione/${sessione.id}/risultati/`}
          size="sm"
          variant="outline-secondary"
        >
          Risultati
        </LinkButton>
        <LinkButton to={`/sessione/${sessione.id}/punteggi/`} size="sm" variant="outline-secondary">
          Punteggi
        </LinkButton>
      </div>
    </Page>
  );
}

export default function ProclamazionePage() {
  const params = useParams();
  const pk = Number(params.pk);
  const valid = Number.isInteger(pk) && pk > 0;
  const sessione = useSessione(valid ? pk : 0);
  if (!valid) return <NotFoundPage />;
  return (
    <QueryState query={sessione} errorPageOnMissing>
      {(s) => <ProclamazioneSessione key={s.id} sessione={s} />}
    </QueryState>
  );
}
