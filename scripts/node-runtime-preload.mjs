// Preloaded (`tsx --import`) by the npm scripts of the CLIs and benchmarks
// (package.json, bench/package.json): checks the Node and says which one runs
// the script, once, on stderr, before the script's first line.
import path from 'node:path';
import { ensureNodeRuntime } from './node-runtime.mjs';

ensureNodeRuntime(process.env.npm_lifecycle_event ?? path.basename(process.argv[1] ?? 'node'));
