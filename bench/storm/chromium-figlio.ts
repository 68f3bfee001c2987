// The Chromium sample of the storm runs in a process of its own: Playwright's
// driver handles every browser event in its Node event loop, which in the
// storm's client process would delay the 2,000 pages it is timing. The
// parent (storm.ts, through CampioneRemoto below) sends `apri` and
// `verifica`; this process answers each with `fatto`.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CampioneChromium, type EsitoChromium } from './chromium';

type Comando =
  | { tipo: 'apri'; base: string; sessioneId: number }
  | { tipo: 'verifica'; base: string; sessioneId: number; entroMs: number }
  | { tipo: 'chiudi' };
type Risposta = { tipo: 'fatto'; esiti?: EsitoChromium[] };

/** The parent's side: the same calls as CampioneChromium, carried out in the child. */
export class CampioneRemoto {
  private coda: Promise<unknown> = Promise.resolve();

  private constructor(private readonly figlio: ChildProcess) {}

  /** The sample's process: Chromium's processes descend from it (their CPU is measured from here). */
  get pid(): number {
    return this.figlio.pid!;
  }

  static avvia(): CampioneRemoto {
    const figlio = fork(fileURLToPath(import.meta.url), ['--figlio'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new CampioneRemoto(figlio);
  }

  /** One command at a time, answered in order. */
  private chiedi(comando: Comando): Promise<Risposta> {
    const risposta = this.coda.then(
      () =>
        new Promise<Risposta>((resolve, reject) => {
          const uscito = (code: number | null) =>
            reject(new Error(`Chromium sample exited (${code})`));
          this.figlio.once('exit', uscito);
          this.figlio.once('message', (m) => {
            this.figlio.off('exit', uscito);
            resolve(m as Risposta);
          });
          this.figlio.send(comando);
        }),
    );
    this.coda = risposta.catch(() => undefined);
    return risposta;
  }

  async apri(base: string, sessioneId: number): Promise<void> {
    await this.chiedi({ tipo: 'apri', base, sessioneId });
  }

  async verifica(base: string, sessioneId: number, entroMs: number): Promise<EsitoChromium[]> {
    return (await this.chiedi({ tipo: 'verifica', base, sessioneId, entroMs })).esiti ?? [];
  }

  async chiudi(): Promise<void> {
    await this.chiedi({ tipo: 'chiudi' });
    this.figlio.disconnect();
  }
}

if (process.argv.includes('--figlio')) {
  const campione = await CampioneChromium.avvia();
  process.on('message', (m: Comando) => {
    void (async () => {
      if (m.tipo === 'apri') {
        await campione.apri(m.base, m.sessioneId);
        process.send!({ tipo: 'fatto' } satisfies Risposta);
      } else if (m.tipo === 'verifica') {
        const esiti = await campione.verifica(m.base, m.sessioneId, m.entroMs);
        process.send!({ tipo: 'fatto', esiti } satisfies Risposta);
      } else {
        await campione.chiudi();
        process.send!({ tipo: 'fatto' } satisfies Risposta);
      }
    })();
  });
}
