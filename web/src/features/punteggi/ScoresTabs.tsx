// The tabs of the scores page (spec §2) with the chosen one in the URL hash,
// and the highlight colours in the `colori` query parameter. Charts, maps,
// delivery slips and latency are lazy chunks loaded when their tab opens.
import type { Evento, Polo, Squadra, User } from '@gas/contracts';
import { lazy, memo, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { useLocation, useNavigate } from 'react-router';
import { useDipintaDalServer } from '../../lib/idratazione';
import { lazyPage } from '../../shell/lazyPage';
import { prefissoCopiaDipinta } from '../../shell/toccoInAnticipo';
import { AttesaScheda } from './AttesaScheda';
import { AnteprimaMappa } from './mappe/AnteprimaMappa';
import { ElencoClassifica } from './elenco/ElencoClassifica';
import { SceltaVista } from './elenco/SceltaVista';
import { useVista } from './elenco/vista';
import { MessaggiList } from './messaggi/MessaggiList';
import type { useMessaggi } from './messaggi/useMessaggi';
import { SimplifiedRanking, VenueRanking } from './rankings/Rankings';
import { ScoreTable } from './table/ScoreTable';
import {
  DEFAULT_SORT,
  nextSort,
  parseColori,
  searchWithColori,
  withColore,
  type Colore,
  type SortState,
} from './table/tableState';
import { DEFAULT_TAB, hashForTab, TAB_TITLES, tabFromHash, visibleTabs, type TabKey } from './tabs';
import type { ScoresModel } from './useScoresModel';
import { schoolNames } from './useScoresData';

// The chart tabs the server paints too (SCHEDE_DIPINTE): loadable ahead.
const ScoreChartTab = lazyPage(() => import('./grafici/ScoreChartTab'));
const BarsTab = lazyPage(() => import('./grafici/BarsTab'));
const HistogramTab = lazyPage(() => import('./grafici/HistogramTab'));
const ProblemValuesTab = lazyPage(() => import('./valore/ProblemValuesTab'));
const LatencyTab = lazy(() => import('./grafici/LatencyTab'));
// The maps are not painted (Leaflet needs a browser), but loadable ahead too.
const TeamsMapTab = lazyPage(() => import('./mappe/TeamsMapTab'));
const VenuesMapTab = lazyPage(() => import('./mappe/VenuesMapTab'));
const BigliettiniConsegnaTab = lazy(() =>
  import('../bigliettini/BigliettiniConsegnaTab').then((m) => ({
    default: m.BigliettiniConsegnaTab,
  })),
);

/**
 * The tabs the server paints beside the default one, each ready to be shown
 * by the hash it cannot see (the page's CSS, `.scheda-dipinta:target`): a
 * phone opening '#barre' paints that tab's first screen with the HTML, not
 * after the app's code (Lighthouse's largest paint 3.7-5.2 s). Maps are left
 * out (Leaflet needs a browser), and so are the tabs with answers of their
 * own (messages, slips, latency).
 */
const SCHEDE_DIPINTE: ReadonlySet<TabKey> = new Set([
  'semplificata',
  'polo',
  'grafico',
  'barre',
  'istogramma',
  'valore',
]);

/**
 * The tabs whose code is the page's own: no Suspense around them, so that
 * the default tab hydrates with the page, in the same pass (React hydrates
 * a Suspense boundary's content in a later one, lib/idratazione.ts).
 */
const SCHEDE_SENZA_CHUNK: ReadonlySet<TabKey> = new Set([
  'semplificata',
  'polo',
  'tabella',
  'messaggi',
]);

/** The chunks of the painted tabs: the server loads them before its first render. */
const CHUNK_SCHEDE: Partial<Record<TabKey, { preload(): Promise<unknown> }>> = {
  grafico: ScoreChartTab,
  barre: BarsTab,
  istogramma: HistogramTab,
  valore: ProblemValuesTab,
};

/** Loads every painted tab's chunk (shell/entry-server.tsx, before painting). */
export function caricaSchedeDipinte(): Promise<unknown> {
  return Promise.all(Object.values(CHUNK_SCHEDE).map((scheda) => scheda.preload()));
}

/** The map tabs' chunks (Leaflet's 150 kB among them). */
const CHUNK_MAPPE: Partial<Record<TabKey, { preload(): Promise<unknown> }>> = {
  mappa: TeamsMapTab,
  'mappa-poli': VenuesMapTab,
};

/**
 * Loads the chunk of the tab a hash names ('#barre'), if it has one: the
 * page's first render then shows that tab at once, as the server painted it,
 * instead of a wait in its place. A map's chunk is asked for at once too but
 * not waited for (the server painted no map for the first render to show):
 * it comes while the page hydrates, and the map, the page's largest paint
 * with its tiles, is drawn right after instead of a chunk's round trip later.
 */
export function caricaSchedaDellHash(hash: string): Promise<unknown> {
  const mappa = CHUNK_MAPPE[tabFromHash(hash, Object.keys(CHUNK_MAPPE) as TabKey[])];
  if (mappa) {
    // A failure shows in the tab (its Suspense boundary), not here.
    mappa.preload().catch(() => undefined);
    return Promise.resolve();
  }
  return CHUNK_SCHEDE[tabFromHash(hash, [...SCHEDE_DIPINTE])]?.preload() ?? Promise.resolve();
}

/**
 * An element's props that keep, while hydrating, its inner HTML as the
 * server sent it: React neither hydrates nor checks what is inside.
 */
const SERVER_HTML = { dangerouslySetInnerHTML: { __html: '' }, suppressHydrationWarning: true };

export interface ScoresTabsProps {
  model: ScoresModel;
  sessioneId: number;
  threshold: number | null;
  evento: Evento;
  user: User;
  teams: ReadonlyMap<number, Squadra>;
  poli: readonly Polo[];
  messaggi: ReturnType<typeof useMessaggi>;
  /** School ids always shown in the simplified ranking. */
  schoolIds: readonly number[];
  /** Teams to mark (school path). */
  emphasis?: ReadonlySet<number>;
  now: number;
}

export function ScoresTabs(props: ScoresTabsProps) {
  const { model, threshold } = props;
  const location = useLocation();
  const navigate = useNavigate();
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [showSchools, setShowSchools] = useState(false);
  const [vista, setVista] = useVista();
  const board = model.board;
  const session = model.session;
  const eventi = useCallback(() => session?.allEvents() ?? [], [session]);
  const rows = board?.classifica ?? [];
  const colori = useMemo(
    () => parseColori(new URLSearchParams(location.search).get('colori')),
    [location.search],
  );
  const schools = useMemo(() => schoolNames(props.teams), [props.teams]);
  const visible = visibleTabs({
    teams: rows.length,
    rows: rows.length,
    problems: board?.problemi.length ?? 0,
    venues: props.poli.length,
    isSuperuser: props.user.is_superuser,
    venueManager: props.evento.permessi?.puo_vedere_bigliettini ?? false,
    now: props.now,
    inizio: model.inizio,
  });
  const dalServer = useDipintaDalServer();
  // The server cannot see the hash: its tab, and the browser's first render's, is the default.
  const active = tabFromHash(dalServer ? '' : location.hash, visible);
  const highlighted = useMemo(
    () => [...colori.keys(), ...(props.emphasis ?? [])],
    [colori, props.emphasis],
  );

  const setColore = (id: number, colore: Colore | null) =>
    navigate(
      {
        search: searchWithColori(location.search, withColore(colori, id, colore)),
        hash: location.hash,
      },
      { replace: true },
    );

  const common = { rows, threshold, schools, colori, emphasis: props.emphasis };
  const base = props.evento.PUNTEGGIO_BASE_PROBLEMI ?? 30;
  const content: Record<TabKey, () => ReactNode> = {
    semplificata: () => <SimplifiedRanking {...common} schoolIds={props.schoolIds} />,
    polo: () => <VenueRanking {...common} poli={props.poli} teamPolo={model.teamPolo} />,
    tabella: () =>
      board && (
        <>
          <SceltaVista vista={vista} onChange={setVista} />
          {vista === 'elenco' ? (
            <ElencoClassifica
              sessioneId={props.sessioneId}
              rows={rows}
              problemi={board.problemi}
              valori={board.valori}
              schools={schools}
              scuola={props.emphasis}
              eventi={session ? eventi : null}
              live={!model.replay.active}
              version={session && !model.replay.active ? model.version : undefined}
            />
          ) : (
            <>
              <Form.Check
                type="switch"
                id="mostra-scuole"
                label="Mostra le scuole"
                className="mb-2"
                checked={showSchools}
                onChange={(e) => setShowSchools(e.target.checked)}
              />
              <ScoreTable
                rows={rows}
                problemi={board.problemi}
                valori={board.valori}
                threshold={threshold}
                sort={sort}
                onSort={(column) => setSort((s) => nextSort(s, column))}
                showSchools={showSchools}
                schools={schools}
                colori={colori}
                onColore={setColore}
                emphasis={props.emphasis}
                version={model.session && !model.replay.active ? model.version : undefined}
              />
              <p className="small text-body-secondary mt-2 mb-0">
                Verde: problema risolto · rosso: punti persi per errori su un problema non risolto ·
                bordo lampeggiante: risposta degli ultimi 3 minuti · J: jolly
                {threshold ? ' · linea rossa: soglia di qualificazione' : ''}. In intestazione il
                valore attuale di ogni problema. Tocca una squadra per evidenziarla con un colore.
              </p>
            </>
          )}
        </>
      ),
    grafico: () => (
      <ScoreChartTab
        scoring={model.session?.custom ?? model.session?.scoring ?? null}
        version={model.version}
        rows={rows}
        inizio={model.inizio}
        fine={model.fine}
        now={props.now}
        replayT={model.replay.t}
        highlighted={highlighted}
      />
    ),
    barre: () =>
      board && <BarsTab rows={rows} problemi={board.problemi} valori={board.valori} base={base} />,
    istogramma: () => <HistogramTab rows={rows} />,
    valore: () => (
      <ProblemValuesTab
        scoring={model.session?.custom ?? model.session?.scoring ?? null}
        version={model.version}
        rows={rows}
        inizio={model.inizio}
        fine={model.fine}
        now={props.now}
        replayT={model.replay.t}
      />
    ),
    mappa: () => <TeamsMapTab rows={rows} teams={props.teams} threshold={threshold} />,
    'mappa-poli': () => (
      <VenuesMapTab rows={rows} poli={props.poli} teamPolo={model.teamPolo} threshold={threshold} />
    ),
    bigliettini: () => <BigliettiniConsegnaTab sessioneId={props.sessioneId} />,
    messaggi: () => (
      <MessaggiList
        query={props.messaggi.query}
        offset={model.offset}
        editEvento={props.evento.permessi?.puo_modificare ? props.evento.id : undefined}
      />
    ),
    latenza: () => <LatencyTab sessioneId={props.sessioneId} />,
  };

  // Opened on another tab ('#istogramma'), the default tab's panel is hidden
  // (elenco.css) and gone in the next render: hydrating, it stays the
  // server's HTML as it is, not a whole ranking hydrated to be thrown away.
  const pannelloDaNonIdratare =
    !import.meta.env.SSR && dalServer && tabFromHash(location.hash, visible) !== DEFAULT_TAB;

  // The strip and the panel of one tab; `prefisso` keeps a painted copy's ids
  // its own. Between them, in the page as painted, the maps' background: in
  // the map's place, should the hash name one.
  const schede = (scheda: TabKey, prefisso = '', pannelloDelServer = false) => (
    <>
      <TabNav
        tabs={visible.join(',')}
        active={scheda}
        prefisso={prefisso}
        search={location.search}
        onSelect={(key) =>
          navigate({ search: location.search, hash: hashForTab(key) }, { replace: true })
        }
      />
      {dalServer &&
        prefisso === '' &&
        (visible.includes('mappa') || visible.includes('mappa-poli')) && <AnteprimaMappa />}
      <div
        role="tabpanel"
        id={`${prefisso}pannello-${scheda}`}
        aria-labelledby={`${prefisso}scheda-${scheda}`}
        className="punteggi-pannello"
        {...(pannelloDelServer && SERVER_HTML)}
      >
        {pannelloDelServer ? undefined : SCHEDE_SENZA_CHUNK.has(scheda) ? (
          content[scheda]()
        ) : (
          <Suspense fallback={<AttesaScheda />}>{content[scheda]()}</Suspense>
        )}
      </div>
    </>
  );
  const altre = visible.filter((key) => key !== DEFAULT_TAB);
  const dipinte = dalServer ? altre.filter((key) => SCHEDE_DIPINTE.has(key)) : [];
  return (
    <>
      {/* The server paints the default tab: it cannot see the hash. A page
          opened on another tab ('#barre') shows that tab's painted copy, the
          element the hash targets, in place of the default one (elenco.css). */}
      {dipinte.map((key) =>
        import.meta.env.SSR ? (
          <div key={key} id={key} className="scheda-dipinta">
            {schede(key, prefissoCopiaDipinta(key))}
          </div>
        ) : (
          // Hydrating, a copy stays the server's HTML as it is (React leaves
          // an element's inner HTML alone then): it is gone in the next render,
          // and its tab's code is not asked for.
          <div key={key} id={key} className="scheda-dipinta" {...SERVER_HTML} />
        ),
      )}
      <div className="scheda-attiva">{schede(active, '', pannelloDaNonIdratare)}</div>
      {/* The tabs not painted: the hash matches one of these with :target,
          and the painted copy hides its ranking until the app shows the tab
          named (elenco.css). Hidden: nothing scrolls to them. */}
      {altre
        .filter((key) => !dipinte.includes(key))
        .map((key) => (
          <span key={key} id={key} className="segnaposto-scheda" hidden />
        ))}
    </>
  );
}

/**
 * The tab strip, re-rendered only when the tabs or the choice change (not at
 * every live event). Every tab stays in view at every width: the strip wraps
 * onto more lines on wide screens, and on phones a select lists them all
 * (a strip scrolling sideways hid most of them, with no hint of more). In the
 * strip, the arrow keys, Home and End move between tabs (ARIA tabs pattern:
 * only the chosen tab is in the Tab order).
 */
const TabNav = memo(
  function TabNav(props: {
    tabs: string;
    active: TabKey;
    /** Before every id (a painted copy's: shell/entry-server.tsx). */
    prefisso: string;
    /** The query the choice keeps (onSelect closes over it). */
    search: string;
    onSelect(key: TabKey): void;
  }) {
    const tabs = props.tabs.split(',') as TabKey[];
    const go = (key: TabKey | undefined) => {
      if (!key) return;
      props.onSelect(key);
      document.getElementById(`${props.prefisso}scheda-${key}`)?.focus();
    };
    return (
      <>
        <Form.Group className="d-sm-none mb-3" controlId={`${props.prefisso}scheda-punteggi`}>
          <Form.Label className="mb-1">Scheda ({tabs.length} disponibili)</Form.Label>
          <Form.Select
            value={props.active}
            aria-controls={`${props.prefisso}pannello-${props.active}`}
            onChange={(event) => props.onSelect(event.target.value as TabKey)}
          >
            {tabs.map((key) => (
              <option key={key} value={key}>
                {TAB_TITLES[key]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <ul className="nav nav-tabs punteggi-tabs d-none d-sm-flex mb-3" role="tablist">
          {tabs.map((key, i) => (
            <li key={key} className="nav-item" role="presentation">
              <button
                type="button"
                role="tab"
                id={`${props.prefisso}scheda-${key}`}
                aria-controls={`${props.prefisso}pannello-${key}`}
                aria-selected={key === props.active}
                tabIndex={key === props.active ? 0 : -1}
                className={`nav-link${key === props.active ? ' active' : ''}`}
                onClick={() => props.onSelect(key)}
                onKeyDown={(event) => {
                  const n = tabs.length;
                  const moves: Record<string, number> = {
                    ArrowRight: (i + 1) % n,
                    ArrowLeft: (i - 1 + n) % n,
                    Home: 0,
                    End: n - 1,
                  };
                  const to = moves[event.key];
                  if (to === undefined) return;
                  event.preventDefault();
                  go(tabs[to]);
                }}
              >
                {TAB_TITLES[key]}
              </button>
            </li>
          ))}
        </ul>
      </>
    );
  },
  (a, b) =>
    a.tabs === b.tabs &&
    a.active === b.active &&
    a.search === b.search &&
    a.prefisso === b.prefisso,
);
