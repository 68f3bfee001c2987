// The school widget (issue 28): /widget/sessione/{pk}/scuola/{id}/, framed by
// a school's website. It reads the school's name once and then follows the
// session's punteggi_last feed, which sends the whole snapshot at once and
// after every change, so it needs nothing else to stay current. A private
// event's feed and reads refuse outsiders (the school's site is one), and the
// widget then says only 'Classifica non disponibile'.
import { lastFrame } from '@gas/contracts/live';
import type { paths } from '../api/schema';
import type { ApiPath, DocumentedAnswer } from '../api/typed';
import { LiveSocket } from '../lib/live/LiveSocket';
import { wsUrl } from '../lib/live/reconnect';
import { SquadreScuola } from './squadre-scuola';
import { disegna, disegnaNonDisponibile, type StatoVista } from './vista';

const PERCORSO = /^\/widget\/sessione\/([1-9]\d{0,9})\/scuola\/([1-9]\d{0,9})\/?$/;

/** The session and school of the widget's address, or null. */
export function leggiPercorso(pathname: string): { sessione: number; scuola: number } | null {
  const m = PERCORSO.exec(pathname);
  return m ? { sessione: Number(m[1]), scuola: Number(m[2]) } : null;
}

/** The schools of a session: the API document's path and answer (types only, no client code). */
const SCUOLE = '/api/gas/sessione/{id}/scuole/' satisfies ApiPath<'get'>;
type Scuole = DocumentedAnswer<paths[typeof SCUOLE]['get']>;

/** The school's name, null when the session cannot be read (private, unknown). */
async function nomeScuola(sessione: number, scuola: number): Promise<string | null> {
  // Plain fetch, not the typed client: the widget is a bundle of its own, held
  // to 60 kB (dimensione.test.ts) without the app's client and error reporting.
  const res = await fetch(`${SCUOLE.replace('{id}', String(sessione))}?page_size=5000`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) return null;
  const body: Partial<Scuole> = await res.json();
  return body.results?.find((s) => s.id === scuola)?.nome ?? `Scuola ${scuola}`;
}

export function avviaWidget(root: HTMLElement, location: Location): void {
  const ids = leggiPercorso(location.pathname);
  if (!ids) return disegnaNonDisponibile(root);
  const squadre = new SquadreScuola(ids.scuola);
  const stato: StatoVista = {
    scuola: null,
    sessione: null,
    link: `${location.origin}/sessione/${ids.sessione}/punteggi/scuola/${ids.scuola}/`,
    righe: null,
    aggiornato: null,
    connesso: true,
  };
  let negato = false;
  const ridisegna = () => {
    if (!negato) disegna(root, stato);
  };
  const nega = () => {
    negato = true;
    socket.stop();
    disegnaNonDisponibile(root);
  };

  const socket = new LiveSocket({
    url: wsUrl(`/ws/gas/sessione/${ids.sessione}/punteggi_last/`, location),
    onMessage(text) {
      let frame;
      try {
        frame = lastFrame.safeParse(JSON.parse(text));
      } catch {
        return;
      }
      if (!frame.success || frame.data.type !== 'new_json') return;
      const item = frame.data.json;
      stato.righe = squadre.aggiorna(item);
      stato.sessione = item.json.nome;
      stato.aggiornato = Date.parse(item.ora);
      ridisegna();
    },
    onStatus(status) {
      stato.connesso = status !== 'disconnected';
      ridisegna();
    },
    // 4403 (private, at once or later: the event turned private), 4404.
    onFinalClose: nega,
  });

  ridisegna();
  socket.start();
  nomeScuola(ids.sessione, ids.scuola).then(
    (nome) => {
      if (nome === null) return nega();
      stato.scuola = nome;
      ridisegna();
    },
    // The name is a nicety: the feed alone says whether the ranking is visible.
    () => undefined,
  );
  // 'adesso' becomes '1 min fa' without a new snapshot.
  setInterval(ridisegna, 30_000);
}
