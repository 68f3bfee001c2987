// The tabs of the scores page (spec §2) with their visibility rules, and the
// chosen tab kept in the URL hash (default 'tabella').

export const TAB_KEYS = [
  'semplificata',
  'polo',
  'tabella',
  'grafico',
  'barre',
  'istogramma',
  'valore',
  'mappa',
  'mappa-poli',
  'bigliettini',
  'messaggi',
  'latenza',
] as const;
export type TabKey = (typeof TAB_KEYS)[number];
export const DEFAULT_TAB: TabKey = 'tabella';

export const TAB_TITLES: Record<TabKey, string> = {
  semplificata: 'Classifica semplificata',
  polo: 'Classifica polo',
  tabella: 'Classifica',
  grafico: 'Grafico',
  barre: 'Grafico a barre',
  istogramma: 'Istogramma punteggi',
  valore: 'Valore dei problemi',
  mappa: 'Mappa',
  'mappa-poli': 'Mappa poli',
  bigliettini: 'Bigliettini consegna',
  messaggi: 'Messaggi importanti',
  latenza: 'Latenza arrivo risposte',
};

/** The simplified ranking exists only above this many teams (spec §9). */
export const SIMPLIFIED_TAB_MIN_TEAMS = 20;
/** The messages tab appears this long before the start (spec §4). */
export const MESSAGES_TAB_BEFORE_MS = 24 * 3_600_000;

export interface TabContext {
  teams: number;
  /** Ranking rows (the chart is hidden without any). */
  rows: number;
  /** The session's problems (the value of each problem over time needs some). */
  problems: number;
  venues: number;
  isSuperuser: boolean;
  /** Manager of a venue of the session (evento.permessi.puo_vedere_bigliettini). */
  venueManager: boolean;
  /** Server time and the event start, for the messages tab. */
  now: number;
  inizio: number;
}

export function visibleTabs(c: TabContext): TabKey[] {
  const show: Record<TabKey, boolean> = {
    semplificata: c.teams > SIMPLIFIED_TAB_MIN_TEAMS,
    polo: c.venues > 0,
    tabella: true,
    grafico: c.rows > 0,
    barre: true,
    istogramma: true,
    valore: c.problems > 0,
    mappa: true,
    'mappa-poli': c.venues > 0,
    bigliettini: c.venues > 0 && (c.isSuperuser || c.venueManager),
    messaggi: c.now >= c.inizio - MESSAGES_TAB_BEFORE_MS,
    latenza: c.isSuperuser,
  };
  return TAB_KEYS.filter((k) => show[k]);
}

/** The tab named by the hash ('#grafico'), or the default when unknown or hidden. */
export function tabFromHash(hash: string, visible: readonly TabKey[]): TabKey {
  const key = decodeURIComponent(hash.replace(/^#/, ''));
  return (visible as readonly string[]).includes(key) ? (key as TabKey) : DEFAULT_TAB;
}

export function hashForTab(tab: TabKey): string {
  return `#${tab}`;
}
