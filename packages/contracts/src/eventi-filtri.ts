// The kinds of event and the public event lists' filters, in a module without
// zod: the web's event pages use them, and importing them from the events'
// schemas (responses/eventi.ts) made those pages load and run zod's code for
// schemas they never use (docs/performance.md, "a twelfth session").

/** o = official, pub = public non-official, priv = private non-official. */
export const TIPOLOGIE_EVENTO = ['o', 'pub', 'priv'] as const;
export type Tipologia = (typeof TIPOLOGIE_EVENTO)[number];

/**
 * The public event lists' filters of GET /api/gas/evento/: 'Eventi' and its
 * seasons list the official events, 'Eventi non ufficiali' the others. The
 * web's pages ask with them and the server paints those pages with them.
 */
export const FILTRO_EVENTI_UFFICIALI = { tipologia: 'o' } as const satisfies {
  tipologia: Tipologia;
};
export const FILTRO_EVENTI_NON_UFFICIALI = { tipologia__in: ['pub', 'priv'] } as const satisfies {
  tipologia__in: readonly Tipologia[];
};
