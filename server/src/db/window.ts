/** The slice of a list a query returns (`LIMIT`/`OFFSET`) and the pagination style it came from. */
export type Window = { limit: number; offset: number; style: 'page' | 'limit' };
