export { configureZodItalian, REQUIRED_FIELD } from './zod-italian';
export * from './auth';
