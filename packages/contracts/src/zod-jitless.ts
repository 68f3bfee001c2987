// Imported by the web app before anything else (web/src/main.tsx). zod
// compiles a fast parser for each object schema with `new Function`, and even
// its probe for whether that is allowed breaks the page's Content Security
// Policy (script-src without 'unsafe-eval'): every form page logged a
// violation. Jitless mode parses without generated code. It must be set
// before the first schema is built, so this module imports nothing but zod;
// the server keeps the faster compiled parsers (no CSP applies there).
import { z } from 'zod';

z.config({ jitless: true });
