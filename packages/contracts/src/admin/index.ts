// The back office's wire protocol (/api/admin/, issue 14).
export * from './common';
export * from './gare';
export * from './persone';
export * from './luoghi';
export * from './sito';
export * from './risorse';
export * from './registro';
