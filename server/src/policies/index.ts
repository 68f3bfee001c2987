// The permission rules of spec §6: pure functions of the shapes in types.ts.
// Routes build an Actor from the session and an EventoAccess/SquadraRef from
// rows, then ask here; nothing else decides who may do what.
export * from './types';
export * from './actor';
export * from './evento';
export * from './windows';
export * from './squadra';
export * from './responsabile';
export * from './files';
export * from './poli';
export * from './payload';
export * from './risposte';
export * from './account';
export * from './classifiche';
