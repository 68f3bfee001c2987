// `npm start`: builds the web app if there is no build yet, then runs the
// server (TypeScript through tsx, in this same process so signals reach it).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = process.env.WEB_DIST ?? path.join(root, 'web', 'dist');

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.log('GaS: compilo la web app (solo al primo avvio)...');
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('GaS: compilazione della web app fallita');
    process.exit(1);
  }
}

register();
await import(path.join(root, 'server', 'src', 'main.ts'));
