// Compiles a LaTeX source with the system's pdflatex: in a fresh temporary
// directory (removed afterwards), without shell escape, never waiting for
// input, stopping at the first error, killed when it runs too long. One
// compilation at a time, whatever the document (delivery slips, rankings,
// certificates): pdflatex is heavy and these files are asked for rarely.
import { conta } from '@gas/contracts';
import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const PDFLATEX_TIMEOUT_MS = 60_000;
/** Requests waiting for the compiler beyond this are refused. */
export const MAX_IN_CODA = 4;
/** The log is for people: its tail says what went wrong. */
const MAX_LOG_CHARS = 200_000;

export type CompileResult = {
  /** pdflatex ended without error and wrote a PDF. */
  ok: boolean;
  pdf: Buffer | null;
  log: string;
};

export type CompileOptions = {
  timeoutMs?: number;
  /** The executable; `pdflatex` from PATH by default. */
  command?: string;
  /**
   * Files the source includes (a logo), written next to it. The names are
   * the caller's own constants, never a user's text.
   */
  files?: Readonly<Record<string, Buffer>>;
};

/** The source's name in the temporary directory (and its .log and .pdf). */
const DOCUMENTO = 'documento';

/** The Debian packages PDF slips need (scripts/system-packages.sh installs them). */
export const PACCHETTI_TEX =
  'texlive-latex-base texlive-latex-recommended texlive-lang-italian lmodern';

/** Said when pdflatex cannot be started, to people and at start (scripts/start.mjs). */
export const PDFLATEX_MANCANTE = `Per i PDF serve pdflatex: installare i pacchetti Debian ${PACCHETTI_TEX}.`;

/** pdflatex is not installed (or not on PATH): nothing was compiled. */
export class PdflatexMancanteError extends Error {
  constructor(readonly motivo: string) {
    super(PDFLATEX_MANCANTE);
  }
}

/** Is `command` (pdflatex by default) an executable on PATH? Checked once at start. */
export function hasExecutable(command = 'pdflatex', pathEnv = process.env.PATH ?? ''): boolean {
  if (command.includes('/')) return isExecutable(command);
  return pathEnv
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => isExecutable(path.join(dir, command)));
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

export class CodaPienaError extends Error {
  constructor() {
    super('Troppe compilazioni in attesa.');
  }
}

let coda: Promise<unknown> = Promise.resolve();
let inCoda = 0;

/** Runs `task` after every compilation queued before it. */
function inFila<T>(task: () => Promise<T>): Promise<T> {
  if (inCoda >= MAX_IN_CODA) return Promise.reject(new CodaPienaError());
  inCoda++;
  const run = coda.then(task, task).finally(() => {
    inCoda--;
  });
  coda = run.catch(() => undefined);
  return run;
}

function tail(text: string): string {
  return text.length > MAX_LOG_CHARS ? text.slice(-MAX_LOG_CHARS) : text;
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

type RunOutcome = { code: number | null; output: string; timedOut: boolean; spawnError?: string };

function run(command: string, dir: string, timeoutMs: number): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const args = [
      '-no-shell-escape',
      '-interaction=nonstopmode',
      '-halt-on-error',
      '-file-line-error',
      `${DOCUMENTO}.tex`,
    ];
    // Its own process group, so a timeout also ends helpers it started (mktexpk).
    const child = spawn(command, args, {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Writes stay inside the temporary directory.
        TEXMFOUTPUT: dir,
        openout_any: 'p',
        openin_any: 'p',
        shell_escape: 'f',
      },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = tail(output + chunk.toString('utf8'));
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, output, timedOut, spawnError: error.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

async function compileNow(source: string, options: CompileOptions): Promise<CompileResult> {
  const timeoutMs = options.timeoutMs ?? PDFLATEX_TIMEOUT_MS;
  const dir = await mkdtemp(path.join(tmpdir(), 'gas-pdf-'));
  try {
    await writeFile(path.join(dir, `${DOCUMENTO}.tex`), source, 'utf8');
    for (const [name, bytes] of Object.entries(options.files ?? {})) {
      await writeFile(path.join(dir, path.basename(name)), bytes);
    }
    const outcome = await run(options.command ?? 'pdflatex', dir, timeoutMs);
    // Not installed: a message for people, not "spawn pdflatex ENOENT".
    if (outcome.spawnError !== undefined) throw new PdflatexMancanteError(outcome.spawnError);
    const fileLog = await readIfExists(path.join(dir, `${DOCUMENTO}.log`));
    let log = tail(fileLog ? fileLog.toString('utf8') : outcome.output);
    if (outcome.timedOut) {
      log += `\n\nCompilazione interrotta: ha superato ${conta(Math.round(timeoutMs / 1000), 'secondo', 'secondi')}.`;
      return { ok: false, pdf: null, log };
    }
    const pdf = outcome.code === 0 ? await readIfExists(path.join(dir, `${DOCUMENTO}.pdf`)) : null;
    return { ok: pdf !== null && pdf.length > 0, pdf, log };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Compiles `source`; waits for the compilations already running. */
export function compileLatex(source: string, options: CompileOptions = {}): Promise<CompileResult> {
  return inFila(() => compileNow(source, options));
}
