// The whole database schema (drizzle, pg dialect). drizzle-kit generates the
// migrations in ../migrations from this module: `npm run db:generate`.
export * from './luoghi';
export * from './utenti';
export * from './evento';
export * from './squadre';
export * from './gara';
export * from './sito';
export * from './auth';
export * from './registro';
export * from './relations';
export * from './importazioni';
export * from './errori';
export * from './digitazione';
export * from './proclamazione';
