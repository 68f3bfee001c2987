export { configureZodItalian, REQUIRED_FIELD } from './zod-italian';
export * from './auth';
export * from './evento';
export * from './gara';
export * from './persone';
export * from './sito';
