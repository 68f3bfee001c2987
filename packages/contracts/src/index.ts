export {
  configureZodItalian,
  messaggioValidazione,
  REQUIRED_FIELD,
  VALORE_NON_VALIDO,
  DATA_NON_VALIDA,
  SCHEMA_WORDS,
} from './zod-italian';
export * from './auth';
export * from './evento';
export * from './gara';
export * from './links';
export * from './live';
export * from './persone';
export * from './sito';
