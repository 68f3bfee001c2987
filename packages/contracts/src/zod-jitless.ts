// Imported by the web app before anything else (web/src/main.tsx). zod
// compiles a fast parser for each object schema with `new Function`, and even
// its probe for whether that is allowed breaks the page's Content Security
// Policy (script-src without 'unsafe-eval'): every form page logged a
// violation. Jitless mode parses without generated code. It must be set
// before the first schema is built.
//
// zod keeps its one configuration in `globalThis.__zod_globalConfig` (shared
// by classic zod, zod/mini and any second copy, and created only if missing),
// so it is set here without importing zod: importing even zod's core would
// put it on the start-up path of every page, which needs no schema at all.
// zod-jitless.test.ts checks that zod reads it. No start-up chunk of the web
// app builds a schema (they are all in lazy chunks, loaded after main.tsx
// ran), so this runs first without forcing the bundler's execution order;
// the e2e forms-validation test fails on any CSP violation if that changes.
// The server keeps the faster compiled parsers (no CSP applies there).
const ZOD_CONFIG = '__zod_globalConfig';

const scope = globalThis as Record<string, unknown>;
// The same object zod uses, whether or not it is already loaded.
const zodConfig = (scope[ZOD_CONFIG] ??= {}) as Record<string, unknown>;
zodConfig.jitless = true;
