// The live demo: with demo data and GAS_DEMO_LIVE on, main.ts starts it once
// the server listens. A session of the demo event runs "now" and a simulator
// submits answers and jokers through the app, as the venue desks would.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { planDemo } from './plan';
import { ensureLiveSession } from './queries';
import { DemoSimulator, injectSubmitter } from './simulator';

const DEMO_USER = 'inseritore';
const DEMO_SEED = 20_260_415;

/** The demo session "now" and its simulator; null when there is nothing to simulate. */
export async function startDemo(
  app: FastifyInstance,
  database: Database,
  now = new Date(),
): Promise<DemoSimulator | null> {
  const submit = await injectSubmitter(app, database.db, DEMO_USER);
  if (!submit) {
    app.log.warn({ user: DEMO_USER }, 'demo: utente del simulatore assente, simulatore spento');
    return null;
  }
  const session = await ensureLiveSession(database, { now, inseritore: DEMO_USER });
  const start = session.inizio.getTime();
  const actions = planDemo({
    seed: DEMO_SEED,
    squadre: session.squadre,
    problemi: session.problemi,
    durationMs: session.fine.getTime() - start,
    jollyMs: session.fineConsegnaJolly.getTime() - start,
  });
  const simulator = new DemoSimulator({ actions, startMs: start, submit, log: app.log });
  simulator.start();
  app.log.info(
    { sessione: session.sessioneId, azioni: simulator.remaining, riusata: session.reused },
    'demo: sessione in diretta avviata',
  );
  return simulator;
}
