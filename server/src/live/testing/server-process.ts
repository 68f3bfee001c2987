// Real server processes for the integration tests and benchmarks: `node
// scripts/start.mjs` with its own PORT, waited for on /readyz, killable with
// any signal (kill -9 included).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A port free right now on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// start.mjs builds the web app when there is no build: a stub index.html
// skips that (these tests and benchmarks only use the API).
let stubDist: string | undefined;
function webDistStub(): string {
  if (!stubDist) {
    stubDist = mkdtempSync(path.join(os.tmpdir(), 'gas-web-stub-'));
    writeFileSync(path.join(stubDist, 'index.html'), '<!doctype html><title>GaS</title>');
  }
  return stubDist;
}

export type ServerProcess = {
  port: number;
  url: string;
  child: ChildProcess;
  /** Standard error so far (start-up failures, warnings). */
  stderr(): string;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
};

export type StartOptions = {
  port?: number;
  env: Record<string, string>;
  /** Extra node flags (e.g. --cpu-prof when profiling a benchmark). */
  nodeArgs?: string[];
  /** How long to wait for /readyz (default 90 s: tsx, PGlite and a loaded machine). */
  timeoutMs?: number;
};

export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: webDistStub(),
      LOG_LEVEL: 'warn',
      GAS_DEMO: '0',
      GAS_DEMO_LIVE: '0',
      GAS_RATE_LIMIT: '0',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server on ${port} exited during start-up:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server on ${port} not healthy in time:\n${stderr}`);
    }
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    port,
    url,
    child,
    stderr: () => stderr,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
