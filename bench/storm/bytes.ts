// Bytes of a cold scores page (issue 18, item 1): `npm run -s build`, then
// `npm run -w @gas/bench bench:storm:bytes`. One server process (the real
// `node scripts/start.mjs`, PGlite, rate limits off) with a live session of
// 1,000 teams × 40 problems and 40,000 answers. A cold load of its scores page
// is fetched twice, over raw HTTP so that the bytes on the wire are counted
// as they arrive: the way a browser did before this issue (no compression:
// no Accept-Encoding), and as a browser does now (`Accept-Encoding: br,
// gzip`). The load is the page's files (index.html, the scripts and styles
// it links, the scores route's chunk) and the API calls the page makes, in
// its order (whoami, event list, session, teams, event, time, snapshot,
// messages, every answer: before from risposta-all, now from the compact
// blocks). Target: ≤ 25 % of the uncompressed bytes. Exits
// with status 1 when it is missed.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { repoRoot, startServerProcess } from '../../server/src/live/testing/server-process';
import { ANSWERS, preparaSessione, TEAMS } from './sessione';

const TARGET = 0.25;
const dist = path.join(repoRoot, 'web', 'dist');

type Fetched = { path: string; status: number; wire: number; encoding: string };

/** GET over raw HTTP: the bytes of the body as sent, before any decoding. */
function fetchRaw(base: string, p: string, encoding: string | null): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
    const req = http.get(`${base}${p}`, { headers }, (res) => {
      let wire = 0;
      res.on('data', (chunk: Buffer) => (wire += chunk.length));
      res.on('end', () =>
        resolve({
          path: p,
          status: res.statusCode ?? 0,
          wire,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The files a cold scores page loads: index.html, what it links, the route's chunks. */
function pageFiles(): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  const route = readdirSync(path.join(dist, 'assets'))
    .filter((f) => /^PunteggiPage-.*\.(js|css)$/.test(f))
    .map((f) => `/assets/${f}`);
  return ['/', ...new Set([...linked, ...route])];
}

const { prepared, sessioneId, eventoId } = await preparaSessione('pglite');

const server = await startServerProcess({
  env: { ...prepared.env, WEB_DIST: dist, GAS_CHECK_RESPONSES: '0' },
});
try {
  const api = [
    '/api/ext-user/whoami/',
    '/api/gas/evento/',
    `/api/gas/sessione/${sessioneId}/`,
    // The client follows DRF's `next` links: pages of 100 teams.
    ...Array.from(
      { length: Math.ceil(TEAMS / 100) },
      (_, k) => `/api/gas/squadra/in_sessione/?sessione=${sessioneId}&page=${k + 1}`,
    ),
    `/api/gas/evento/${eventoId}/`,
    '/api/time/',
    `/api/gas/sessione/${sessioneId}/punteggi/`,
    `/api/gas/messaggi-importanti/?evento=${eventoId}`,
  ];
  // The answers: before, risposta-all's pages of 5,000 (what the page fetched);
  // now, the index of the compact blocks and each block with its version.
  const risposteAll = Array.from(
    { length: Math.ceil((ANSWERS + 1000) / 5000) },
    (_, k) =>
      `/api/gas/risposta-all/?squadra__sessione=${sessioneId}&limit=5000&offset=${k * 5000}`,
  );
  const indice = `/api/gas/sessione/${sessioneId}/eventi/`;
  const { blocchi } = (await (await fetch(`${server.url}${indice}`)).json()) as {
    blocchi: { blocco: number; versione: string }[];
  };
  const compatti = [indice, ...blocchi.map((b) => `${indice}${b.blocco}/?v=${b.versione}`)];
  const files = pageFiles();
  const load = async (encoding: string | null, risposte: string[]) => {
    const out: Fetched[] = [];
    for (const p of [...files, ...api, ...risposte]) {
      out.push(await fetchRaw(server.url, p, encoding));
    }
    const bad = out.filter((f) => f.status !== 200);
    if (bad.length > 0) throw new Error(`risposte non 200: ${JSON.stringify(bad)}`);
    return out;
  };
  const prima = await load(null, risposteAll);
  const ora = await load('br, gzip', compatti);
  // What compression alone gives, risposta-all's pages in brotli.
  const soloCompressione = await load('br, gzip', risposteAll);
  const sum = (list: Fetched[], filter: (f: Fetched) => boolean) =>
    list.filter(filter).reduce((n, f) => n + f.wire, 0);
  const isApi = (f: Fetched) => f.path.startsWith('/api/');
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  const rowsOut = [
    ['files', (f: Fetched) => !isApi(f)],
    ['API', isApi],
    [
      '  of which answers',
      (f: Fetched) => f.path.includes('risposta-all') || f.path.includes('/eventi/'),
    ],
    ['  of which teams', (f: Fetched) => f.path.includes('in_sessione')],
    ['total', () => true],
  ] as const;
  console.log(
    `\ncold load of the scores page: ${files.length} files, ${api.length} API calls, then the answers: ${risposteAll.length} risposta-all pages before, index + ${blocchi.length} blocks now`,
  );
  console.log(
    '                                     before       now     ratio   (compression alone)',
  );
  for (const [label, filter] of rowsOut) {
    const a = sum(prima, filter);
    const b = sum(ora, filter);
    const c = sum(soloCompressione, filter);
    console.log(
      `${label.padEnd(34)} ${kb(a).padStart(10)} ${kb(b).padStart(10)}  ${((100 * b) / a).toFixed(1).padStart(5)} %   ${kb(c).padStart(10)}`,
    );
  }
  const ratio = sum(ora, () => true) / sum(prima, () => true);
  const encodings = [...new Set(ora.map((f) => f.encoding))].join(', ');
  console.log(`encodings now: ${encodings}`);
  console.log(
    `target: total ≤ ${TARGET * 100} % of before: ${ratio <= TARGET ? 'met' : 'MISSED'} (${(ratio * 100).toFixed(1)} %)`,
  );
  process.exitCode = ratio <= TARGET ? 0 : 1;
} finally {
  await server.kill();
  await prepared.dispose();
}
