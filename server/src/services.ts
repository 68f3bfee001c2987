// The composition root: the services one app instance shares between its
// plugins, routes and live feeds, built once here from the core (gara/) and
// the infrastructure only, and handed to them
// explicitly (ApiDeps, the liveFeeds and sessionAuth options), then closed in
// order by one close() (app.ts registers it on the app's onClose).
//
//   database        the handle given (opened and closed by main.ts or the tests)
//   modifiche       the stream of committed changes of contest data, emitted by
//                   the core only (gara/modifiche.ts); the snapshots, the live
//                   frames and the metrics subscribe here, the microcache in app.ts
//   live            the in-process bus of the live feeds' messages (live/bus.ts)
//   changes         ONE change feed per instance (db/lazy-change-feed.ts): on
//                   PostgreSQL one LISTEN connection on gas_modifiche, shared by
//                   the actor cache, the answer route's copies and the access
//                   guard (before, each opened its own); the cross-instance
//                   bridge (live/bridge.ts) keeps its own connection, started
//                   by main.ts, because its channel carries the live events
//   snapshots       score snapshots per session (scores/cache.ts)
//   targets         the answer route's copies of teams, problems, events
//   batcher         answers stored a batch per statement (gara/risposte/consegna.ts)
//   actors          session cookie → actor (auth/actor-cache.ts)
//   lookups         which event a session belongs to, with its access data,
//                   shared by the live feeds and the hot public reads
//                   (access/lookups.ts)
//   access          the guard that closes feeds whose viewer lost access
//                   (live/access-guard.ts); it empties the lookups
//   modificheEvento every committed change of an event (from the change feed)
//                   as an `evento_modificato` on the stream
//   mailer          outgoing e-mail (SMTP, or the log without GAS_SMTP_URL)
//   metriche        the Prometheus metrics (metrics/metriche.ts, GET /metrics)
//   readiness       whether the instance takes traffic (util/readiness.ts, /readyz)
//   errori          the error inbox (errori/casella.ts): unexpected errors of the
//                   web app and of the server, grouped, e-mailed, sent to Sentry
//   sync            the scheduled sync with the olympiad site (gara/importazione/sync.ts;
//                   started by main.ts, so tests and scripts never pull)
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { SharedChangeFeed, type ChangeSubscription } from './db/lazy-change-feed';
import type { ListenerLogger } from './db/listener';
import { ActorCache } from './auth/actor-cache';
import { ConsegnaBatcher } from './gara/risposte/consegna';
import { SubmissionTargets } from './gara/risposte/targets';
import { AccessGuard } from './live/access-guard';
import { ModificheAccessi } from './gara/modifiche-accessi';
import { LiveBus } from './live/bus';
import { FlussoModifiche } from './gara/modifiche';
import { ModificheEvento } from './gara/modifiche-evento';
import { publishToBus } from './live/frames';
import { EventoLookups } from './access/lookups';
import { SnapshotCache } from './scores/cache';
import { SincronizzazioneOlimpiadi } from './gara/importazione/sync';
import { dopoImportazione } from './gara/importazione/dopo';
import { createMailer, type Mailer } from './email/mailer';
import { CasellaErrori } from './errori/casella';
import { Readiness } from './util/readiness';
import { Metriche } from './metrics/metriche';

export type ServicesOptions = {
  config: AppConfig;
  database: Database;
  /** Live event bus; a new one when not given. */
  live?: LiveBus;
  /** false: not ready until main.ts says so (BuildAppOptions.started). */
  started?: boolean;
  log: ListenerLogger & {
    error(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
  };
};

export type Services = {
  readonly config: AppConfig;
  readonly database: Database;
  readonly live: LiveBus;
  /** The committed changes of contest data (gara/modifiche.ts), emitted by the core only. */
  readonly modifiche: FlussoModifiche;
  readonly changes: SharedChangeFeed;
  readonly snapshots: SnapshotCache;
  readonly targets: SubmissionTargets;
  readonly batcher: ConsegnaBatcher;
  readonly actors: ActorCache;
  /** The actor cache's subscription to `changes` (the session hook starts the feed). */
  readonly actorChanges: ChangeSubscription;
  readonly lookups: EventoLookups;
  readonly access: AccessGuard;
  /** An event's committed changes to its open pages (started by the live feeds). */
  readonly modificheEvento: ModificheEvento;
  readonly sync: SincronizzazioneOlimpiadi;
  /** Outgoing e-mail (email/mailer.ts). */
  readonly mailer: Mailer;
  /** The error inbox (errori/casella.ts). */
  readonly errori: CasellaErrori;
  /** Readiness for /readyz and the start-up gate (util/readiness.ts). */
  readonly readiness: Readiness;
  /** The Prometheus metrics (metrics/metriche.ts). */
  readonly metriche: Metriche;
  /** Stops what listens or runs timers, in order; the database stays open. */
  close(): Promise<void>;
};

export function createServices({
  config,
  database,
  live = new LiveBus(),
  log,
  started = true,
}: ServicesOptions): Services {
  const readiness = new Readiness(started);
  const metriche = new Metriche(database);
  const changes = new SharedChangeFeed(database, {
    listenUrl: config.liveListenUrl,
    log,
    name: 'modifiche',
  });
  const snapshots = new SnapshotCache(database, live);
  metriche.fonti.snapshot = () => snapshots.stats;
  // Whatever follows a committed change subscribes here, caches first: a page
  // woken by a frame must read the new state (the microcache subscribes in app.ts).
  const modifiche = new FlussoModifiche(log);
  modifiche.iscrivi('snapshot', (m) => snapshots.applica(m));
  modifiche.iscrivi('live', publishToBus(live));
  modifiche.iscrivi('metriche', (m) => metriche.modifica(m));
  const targets = new SubmissionTargets(database, { changes, log });
  // PGlite runs one statement at a time; PostgreSQL's cores work in parallel.
  const batcher = new ConsegnaBatcher(database, database.kind === 'pglite' ? 1 : 4, (n) =>
    metriche.lotto(n),
  );
  // Other instances log users out and change their rights too: their changes
  // reach this cache through the change feed (migration 0005).
  const actorChanges: ChangeSubscription = changes.subscribe({
    onChange: (change) => actors.onChange(change),
    onReset: () => actors.clear(),
  });
  const actors = new ActorCache(Date.now, () => actorChanges.live);
  // Who may see an event comes to the guard through the stream, like every change.
  const modificheAccessi = new ModificheAccessi(changes, modifiche);
  const lookups = new EventoLookups(database.db, () => modificheAccessi.live);
  const access = new AccessGuard({
    database,
    modifiche,
    ascolto: modificheAccessi,
    log,
    onEventoChange: () => lookups.clear(),
  });
  const modificheEvento = new ModificheEvento({
    database,
    changes,
    modifiche,
    followed: (eventoId) => access.follows(eventoId),
    allFollowed: () => access.eventiSeguiti(),
    log,
  });
  const mailer = createMailer(config.email, log);
  const errori = new CasellaErrori({ db: database.db, mailer, config, log });
  const sync = new SincronizzazioneOlimpiadi({
    database,
    config,
    log,
    dopoIlCommit: dopoImportazione({ db: database.db, modifiche, mailer, config, log }),
  });
  let closing: Promise<void> | null = null;
  return {
    config,
    database,
    live,
    modifiche,
    changes,
    snapshots,
    targets,
    batcher,
    actors,
    actorChanges,
    lookups,
    access,
    modificheEvento,
    sync,
    mailer,
    errori,
    readiness,
    metriche,
    close() {
      closing ??= (async () => {
        readiness.markStopping();
        await sync.stop();
        // The consumers first (timers, pending checks), then the connection they share.
        await access.stop();
        modificheAccessi.stop();
        modificheEvento.stop();
        await targets.stop();
        actorChanges.close();
        actors.clear();
        lookups.clear();
        await changes.stop();
        // The reports of the last requests, and their e-mails, before the mailer closes.
        await errori.chiudi();
        mailer.chiudi();
      })();
      return closing;
    },
  };
}
