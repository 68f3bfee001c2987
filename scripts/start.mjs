// `npm start`: builds the web app if there is no build yet, then runs the
// server (TypeScript through tsx, in this same process so signals reach it).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { ensureNodeRuntime } from './node-runtime.mjs';

// Only the Node the project pins (node-runtime.mjs); the server's first log
// line says which one runs it.
ensureNodeRuntime('GaS', { announce: false });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A custom WEB_DIST is the operator's own build: never build over it.
const customDist = Boolean(process.env.WEB_DIST);
const webDist = process.env.WEB_DIST ?? path.join(root, 'web', 'dist');

if (!customDist && !existsSync(path.join(webDist, 'index.html'))) {
  console.log('GaS: compilo la web app (solo al primo avvio)...');
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('GaS: compilazione della web app fallita');
    process.exit(1);
  }
}

register();
// Optional system packages: said once, at start, rather than when a feature fails.
const { hasExecutable, PDFLATEX_MANCANTE } = await import(
  path.join(root, 'server', 'src', 'pdf', 'pdflatex.ts')
);
if (!hasExecutable('pdflatex')) {
  console.warn(
    `GaS: ${PDFLATEX_MANCANTE} Senza, i bigliettini di consegna si ottengono solo come sorgente LaTeX e le classifiche e gli attestati in PDF non sono disponibili.`,
  );
}
await import(path.join(root, 'server', 'src', 'main.ts'));
