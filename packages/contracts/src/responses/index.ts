// The response schemas of every API resource: the one description of what
// the server answers, used by its routes (serialisation, OpenAPI) and by the
// web app's typed client.
export * from './common';
export * from './eventi';
export * from './gara';
export * from './luoghi';
export * from './persone';
export * from './sito';
export * from './by-name';
