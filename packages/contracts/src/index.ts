export {
  configureZodItalian,
  messaggioValidazione,
  DATA_NON_VALIDA,
  SCHEMA_WORDS,
} from './zod-italian';
export * from './blocchi';
export * from './auth';
export * from './evento';
export * from './eventi-filtri';
export * from './gara';
export * from './csv';
export * from './classifiche';
export * from './classifiche-formati';
export * from './links';
export * from './live';
export * from './modifiche-gara';
export * from './feed';
export * from './params';
export * from './persone';
export * from './responses';
export * from './segreti';
export * from './sito';
export * from './wire';
export * from './admin';
export * from './import';
export * from './errori';
export * from './plurale';
export * from './numeri-italiani';
export * from './pigro';
export * from './proclamazione';
