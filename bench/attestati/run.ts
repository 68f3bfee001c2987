// Certificates and ranking files of a 1,000-team session (issue 28, item 2):
// `npm run -w @gas/bench bench:attestati`. About two minutes.
//
// The session is bench/scoring's deterministic one (1,000 teams, 20 of them
// guests, 40 problems, 40,000 answers), ranked by @gas/scoring. Timed, each
// in its own pdflatex run through the server's compiler (pdf/pdflatex.ts,
// the same queue, options and timeout as the routes):
//
// 1. the certificates of all 1,000 teams (1,000 pages, with a logo);
// 2. the delivery slips of 1,000 teams (the most one request may ask for:
//    LIMITI.listaId), the reference whose limits the certificates must keep;
// 3. the ranking PDF, XLSX and CSV of the 1,000 teams.
//
// pdflatex's peak memory (maximum resident set) is read by GNU time
// (/usr/bin/time -f %M) wrapped around pdflatex; the bench process's own
// peak by process.resourceUsage(). Targets, checked at the end (exit 1 when
// missed): the certificates compile within the compiler's timeout
// (PDFLATEX_TIMEOUT_MS, which also bounds the slips) with half of it to
// spare, and pdflatex's peak memory for them is at most 1.25 × the slips'.
import { computeLeaderboard } from '@gas/scoring';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bigliettiSource } from '../../server/src/api/biglietti-consegna/latex';
import { attestatiLatex, type Attestato } from '../../server/src/classifiche/attestati';
import { classificaCsv } from '../../server/src/classifiche/csv';
import { classificheLatex } from '../../server/src/classifiche/pdf';
import type { Classifica } from '../../server/src/classifiche/righe';
import { classificheXlsx } from '../../server/src/classifiche/xlsx';
import { compileLatex, PDFLATEX_TIMEOUT_MS } from '../../server/src/pdf/pdflatex';
import { generateSession, START } from '../scoring/generate';

const dir = mkdtempSync(path.join(tmpdir(), 'gas-bench-attestati-'));
const rssFile = path.join(dir, 'rss');
const wrapper = path.join(dir, 'pdflatex');
// GNU time writes the child's maximum resident set size, in kB.
writeFileSync(wrapper, `#!/bin/sh\nexec /usr/bin/time -f %M -o "${rssFile}" pdflatex "$@"\n`);
chmodSync(wrapper, 0o755);

type Misura = { nome: string; ms: number; pdflatexMb: number | null; bytes: number };

/** Pages of a PDF, by poppler's pdfinfo. */
function pagine(pdf: Buffer): number {
  const f = path.join(dir, 'conta.pdf');
  writeFileSync(f, pdf);
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [f], { encoding: 'utf8' }))?.[1]);
}
const misure: Misura[] = [];

async function pdf(nome: string, source: string, files?: Record<string, Buffer>) {
  const t0 = performance.now();
  const result = await compileLatex(source, { command: wrapper, files });
  const ms = performance.now() - t0;
  if (!result.ok || !result.pdf) {
    console.error(result.log.slice(-3000));
    throw new Error(`${nome}: pdflatex non ha prodotto il PDF`);
  }
  const kb = Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1));
  misure.push({ nome, ms, pdflatexMb: kb / 1024, bytes: result.pdf.length });
  console.log(
    `${nome}: ${(ms / 1000).toFixed(1)} s, pdflatex ${(kb / 1024).toFixed(0)} MB, ${pagine(result.pdf)} pagine, ${(result.pdf.length / 1e6).toFixed(1)} MB di PDF`,
  );
}

async function file(nome: string, make: () => Promise<Buffer | string>) {
  const t0 = performance.now();
  const out = await make();
  const ms = performance.now() - t0;
  misure.push({ nome, ms, pdflatexMb: null, bytes: Buffer.byteLength(out) });
  console.log(`${nome}: ${ms.toFixed(0)} ms, ${(Buffer.byteLength(out) / 1e6).toFixed(2)} MB`);
}

const input = generateSession();
const board = computeLeaderboard({ ...input, at: new Date(START + 3 * 3_600_000).toISOString() });
const problemi = input.problemi.map((p) => ({ id: p.id, nome: p.nome }));
const scuola = (id: number) => `Liceo Scientifico «Galileo Galilei» n. ${id} – Città d’Italia`;
const classificate = board.classifica.filter((e) => !e.ospite).length;
const attestati: Attestato[] = board.classifica.map((e) => ({
  squadra: e.nome,
  scuola: scuola(e.scuola ?? 0),
  citta: 'Reggio nell’Emilia',
  componenti: ['Anna Bianchi', 'Luca Verdi', 'Giulia Rossi', 'Marco Neri', 'Sara Galli'],
  ospite: e.ospite,
  posizione: e.posizione,
  totale: e.totale,
  classificate,
}));
// A 64×64 PNG would do; any valid PNG shows that the logo costs nothing per page.
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const classifica: Classifica = {
  evento: 'Gara nazionale a squadre 2026',
  sessione: 'Sessione unica',
  sessioneId: 1,
  inizio: new Date(START),
  fine: new Date(START + 2 * 3_600_000),
  ora: new Date(START + 3 * 3_600_000),
  finale: true,
  polo: null,
  problemi,
  righe: board.classifica.map((e) => ({
    posizione: e.posizione,
    id: e.id,
    nome: e.nome,
    scuola: scuola(e.scuola ?? 0),
    citta: 'Reggio nell’Emilia',
    polo: 'Polo di Bologna',
    ospite: e.ospite,
    totale: e.totale,
    punti: e.punti_parziali,
    jolly: e.jolly === null ? null : problemi.findIndex((p) => p.id === e.jolly),
  })),
};

try {
  const t0 = performance.now();
  const source = attestatiLatex({
    evento: classifica.evento,
    sessione: classifica.sessione,
    inizio: classifica.inizio,
    attestati,
    impostazioni: { firmatario: 'Maria Lanfranchi', firma: 'Direzione scientifica' },
    logo: 'logo.png',
  });
  console.log(`sorgente degli attestati: ${(performance.now() - t0).toFixed(0)} ms`);
  await pdf('attestati, 1.000 squadre', source, { 'logo.png': LOGO });
  await pdf(
    'bigliettini, 1.000 squadre (riferimento)',
    bigliettiSource({
      evento: classifica.evento,
      sessione: classifica.sessione,
      problemi: problemi.slice(0, 20).map((p) => ({ nome: p.nome, udm: 'm/s^2' })),
      poli: [{ nome: 'Polo di Bologna', squadre: attestati.map((a) => a.squadra) }],
    }),
  );
  await pdf('classifica PDF, 1.000 squadre × 40 problemi', classificheLatex([classifica]));
  await file('classifica XLSX', () => classificheXlsx([classifica]));
  await file('classifica CSV', () => Promise.resolve(classificaCsv(classifica)));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const nodeMb = process.resourceUsage().maxRSS / 1024;
console.log(`processo del bench (Node): picco ${nodeMb.toFixed(0)} MB`);
const att = misure[0]!;
const big = misure[1]!;
const okTempo = att.ms <= PDFLATEX_TIMEOUT_MS / 2;
const okMemoria = att.pdflatexMb! <= 1.25 * big.pdflatexMb!;
console.log(
  `attestati: ${(att.ms / 1000).toFixed(1)} s su ${PDFLATEX_TIMEOUT_MS / 1000} s di limite (obiettivo ≤ metà) ${okTempo ? 'OK' : 'MANCATO'}; ` +
    `memoria di pdflatex ${att.pdflatexMb!.toFixed(0)} MB contro ${big.pdflatexMb!.toFixed(0)} MB dei bigliettini (obiettivo ≤ 1,25 ×) ${okMemoria ? 'OK' : 'MANCATO'}`,
);
if (!okTempo || !okMemoria) process.exit(1);
