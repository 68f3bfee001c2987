// The formats a ranking is downloaded in (issue 28), in a module without zod:
// the scores page's 'Scarica la classifica' builds its links from them, and
// importing them from the query schemas (classifiche.ts) made every scores
// and results page load and run zod's code (docs/performance.md, "a twelfth
// session").

/** The formats of a session's ranking. */
export const FORMATI_CLASSIFICA_SESSIONE = ['csv', 'xlsx', 'pdf'] as const;
/** An event's ranking holds a sheet or section per session: no CSV. */
export const FORMATI_CLASSIFICA_EVENTO = ['xlsx', 'pdf'] as const;
export type FormatoClassifica = (typeof FORMATI_CLASSIFICA_SESSIONE)[number];
