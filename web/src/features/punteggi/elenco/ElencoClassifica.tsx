// The ranking as a list for phones (issue 29): one item per team with its
// position, its movement since the viewer's last look, its full name (wrapped,
// never cut), school and total. Followed teams (and, on the school route, the
// school's teams) are repeated at the top. Tapping a team opens its detail.
//
// 1,000 teams: the first screenful is rendered at once, the rest as the
// viewer scrolls near it (a placeholder keeps the list's height), items are
// memoised (a live event re-renders only the teams that changed) and
// off-screen items skip layout and paint (content-visibility in elenco.css).
import type { ScoringEvent } from '@gas/scoring';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import Alert from 'react-bootstrap/Alert';
import { markTableCommitted } from '../perf';
import type { DisplayEntry } from '../useScoresModel';
import { DettaglioSquadra } from './DettaglioSquadra';
import { etichettaMovimento, movimento, useUltimaOcchiata } from './movimento';
import {
  seguiSquadra,
  smettiDiSeguire,
  TROPPE_SEGUITE,
  useSquadreSeguite,
  type EsitoSegui,
} from './squadreSeguite';
import './elenco.css';

/** Items rendered with the first paint; then this many more while the end is near the window. */
export const PRIMI = 40;
const BLOCCO = 60;
/** The height given to a team not rendered yet (the placeholder's, px). */
const ALTEZZA_STIMATA = 64;

/**
 * How many teams to render: more, a block per frame, while the placeholder
 * after the last one is less than two screens below the window. With 1,000
 * teams a live answer then re-renders tens of items, as the virtualised table
 * does, not a thousand (bench:web:mobile).
 */
function useQuanti(total: number, segnaposto: RefObject<HTMLElement | null>): number {
  const [quanti, setQuanti] = useState(PRIMI);
  useEffect(() => {
    if (quanti >= total) return;
    let frame = 0;
    const controlla = () => {
      frame = 0;
      const el = segnaposto.current;
      if (el && el.getBoundingClientRect().top < window.innerHeight * 3) {
        setQuanti((q) => Math.min(total, q + BLOCCO));
      }
    };
    const pianifica = () => {
      if (frame === 0) frame = requestAnimationFrame(controlla);
    };
    pianifica();
    window.addEventListener('scroll', pianifica, { passive: true });
    window.addEventListener('resize', pianifica);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', pianifica);
      window.removeEventListener('resize', pianifica);
    };
  }, [quanti, total, segnaposto]);
  return Math.min(quanti, total);
}

export interface ElencoClassificaProps {
  sessioneId: number;
  rows: readonly DisplayEntry[];
  problemi: readonly { id: number; nome: string }[];
  valori: readonly number[];
  /** Team id → school name. */
  schools: ReadonlyMap<number, string>;
  /** The school route's teams: pinned as well, outside the three. */
  scuola?: ReadonlySet<number>;
  /** The session's answers, for a team's last answers (null until loaded). */
  eventi: (() => readonly ScoringEvent[]) | null;
  /** False while a replay shows a past ranking. */
  live: boolean;
  /** Changes whenever the rows do (for the paint measure of live events). */
  version?: number;
}

export function ElencoClassifica(props: ElencoClassificaProps) {
  const { sessioneId, rows, version } = props;
  const seguite = useSquadreSeguite(sessioneId);
  const prima = useUltimaOcchiata(sessioneId, rows, props.live);
  const [aperta, setAperta] = useState<number | null>(null);
  const [avviso, setAvviso] = useState<string | null>(null);
  const segnaposto = useRef<HTMLDivElement>(null);
  const quanti = useQuanti(rows.length, segnaposto);

  useLayoutEffect(() => {
    if (rows.length > 0) markTableCommitted(version);
  }, [rows, version]);

  const seguiteSet = useMemo(() => new Set(seguite), [seguite]);
  const inCima = useMemo(
    () => rows.filter((r) => seguiteSet.has(r.id) || (props.scuola?.has(r.id) ?? false)),
    [rows, seguiteSet, props.scuola],
  );

  const segui = useCallback(
    (id: number, nome: string) => {
      if (seguiteSet.has(id)) {
        smettiDiSeguire(sessioneId, id);
        setAvviso(null);
        return;
      }
      const esito: EsitoSegui = seguiSquadra(sessioneId, id);
      setAvviso(esito === 'troppe' ? `${TROPPE_SEGUITE} (${nome} non è stata aggiunta.)` : null);
    },
    [seguiteSet, sessioneId],
  );
  const apri = useCallback((id: number) => setAperta(id), []);
  const squadra = aperta === null ? undefined : rows.find((r) => r.id === aperta);

  const voce = (entry: DisplayEntry, indice?: number) => (
    <Voce
      key={entry.id}
      prima={indice === 0}
      entry={entry}
      delta={movimento(prima, entry.id, entry.posizione)}
      school={props.schools.get(entry.id) ?? ''}
      seguita={seguiteSet.has(entry.id)}
      onApri={apri}
      onSegui={segui}
    />
  );

  return (
    <div className="elenco-classifica">
      <div role="status" className={avviso ? '' : 'visually-hidden'}>
        {avviso && (
          <Alert
            variant="warning"
            className="py-2 small"
            dismissible
            closeLabel="Chiudi"
            onClose={() => setAvviso(null)}
          >
            {avviso}
          </Alert>
        )}
      </div>
      {inCima.length > 0 && (
        <section aria-labelledby="elenco-seguite" className="mb-3">
          <h2 id="elenco-seguite" className="h6 mb-1">
            Squadre seguite
          </h2>
          <ol className="elenco-lista" onKeyDown={frecce}>
            {inCima.map((entry) => voce(entry))}
          </ol>
        </section>
      )}
      {/* Visible when the followed teams come first: where the full ranking starts. */}
      <h2 id="elenco-tutte" className={inCima.length > 0 ? 'h6 mb-1' : 'visually-hidden'}>
        Classifica completa
      </h2>
      <ol
        className="elenco-lista"
        aria-labelledby="elenco-tutte"
        data-testid="elenco-classifica"
        onKeyDown={frecce}
      >
        {rows.slice(0, quanti).map((entry, i) => voce(entry, i))}
      </ol>
      {/* The teams not rendered yet keep their place: the scroll bar is the whole list's. */}
      <div
        ref={segnaposto}
        aria-hidden="true"
        style={{ height: Math.max(0, rows.length - quanti) * ALTEZZA_STIMATA }}
      />
      <p className="small text-body-secondary mt-2 mb-0">
        ▲ / ▼: posizioni guadagnate o perse dall’ultima visita da questo dispositivo. ☆: segui una
        squadra (fino a tre), in cima all’elenco. Tocca una squadra per i suoi punti e le ultime
        risposte.
      </p>
      {squadra && (
        <DettaglioSquadra
          entry={squadra}
          problemi={props.problemi}
          valori={props.valori}
          school={props.schools.get(squadra.id) ?? ''}
          eventi={props.eventi}
          seguita={seguiteSet.has(squadra.id)}
          avviso={avviso}
          onSegui={() => segui(squadra.id, squadra.nome)}
          onClose={() => {
            setAperta(null);
            setAvviso(null);
          }}
        />
      )}
    </div>
  );
}

/** Up and down arrows move between the teams of a list (Tab reaches each button too). */
function frecce(event: React.KeyboardEvent<HTMLOListElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const target = event.target as HTMLElement;
  if (!target.classList.contains('elenco-voce__apri')) return;
  const item = target.closest('li');
  const next = event.key === 'ArrowDown' ? item?.nextElementSibling : item?.previousElementSibling;
  const button = next?.querySelector<HTMLElement>('.elenco-voce__apri');
  if (!button) return;
  event.preventDefault();
  button.focus();
}

interface VoceProps {
  entry: DisplayEntry;
  /**
   * The ranking's first row: timed when it is painted (Element Timing,
   * `gas:prima-riga`), by the server's first screen or by the app, for
   * bench:web:mobile's first rows.
   */
  prima: boolean;
  delta: number | null;
  school: string;
  seguita: boolean;
  onApri(id: number): void;
  onSegui(id: number, nome: string): void;
}

const Voce = memo(
  function Voce({ entry, prima, delta, school, seguita, onApri, onSegui }: VoceProps) {
    const mov = etichettaMovimento(delta);
    return (
      <li
        className={`elenco-voce${seguita ? ' elenco-voce--seguita' : ''}`}
        data-squadra={entry.id}
      >
        <button
          type="button"
          className="elenco-voce__apri"
          aria-haspopup="dialog"
          onClick={() => onApri(entry.id)}
        >
          <span className="elenco-pos">
            {entry.posizione === null ? (
              <span title="Squadra ospite">osp.</span>
            ) : (
              <>
                <span className="visually-hidden">Posizione </span>
                {entry.posizione}
              </>
            )}
            {mov && (
              <span
                className={`elenco-mov elenco-mov--${delta! > 0 ? 'su' : 'giu'}`}
                data-testid="movimento"
              >
                <span aria-hidden="true">{mov.simbolo}</span>
                <span className="visually-hidden">, {mov.testo}</span>
              </span>
            )}
          </span>
          <span className="elenco-nome">
            <span
              className="elenco-nome__squadra"
              {...(prima ? { elementtiming: 'gas:prima-riga' } : {})}
            >
              {entry.nome}
            </span>
            {school && <span className="elenco-nome__scuola">{school}</span>}
          </span>
          <span className="elenco-tot">
            {entry.totale}
            <span className="visually-hidden"> punti</span>
          </span>
        </button>
        <button
          type="button"
          className="btn btn-sm elenco-segui"
          aria-pressed={seguita}
          aria-label={`Segui ${entry.nome}`}
          title={seguita ? 'Smetti di seguire' : 'Segui questa squadra'}
          onClick={() => onSegui(entry.id, entry.nome)}
        >
          <span aria-hidden="true">{seguita ? '★' : '☆'}</span>
        </button>
      </li>
    );
  },
  (a, b) =>
    a.entry.id === b.entry.id &&
    a.entry.posizione === b.entry.posizione &&
    a.entry.totale === b.entry.totale &&
    a.entry.nome === b.entry.nome &&
    a.delta === b.delta &&
    a.school === b.school &&
    a.seguita === b.seguita &&
    a.onApri === b.onApri &&
    a.onSegui === b.onSegui,
);
