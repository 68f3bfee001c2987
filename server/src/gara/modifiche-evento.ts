// Every committed change of an event reaches its open pages (issue 27).
//
// The database announces each change on the change feed, whoever wrote it
// (an API route, the back office, the import, another instance, a script):
// 'evento:<id>' for the event's own row and staff (migration 0003), and
// 'sessioni:<evento>', 'problemi:<evento>', 'squadre:<evento>',
// 'poli:<evento>' for its parts (migration 0015). Each instance hears them on
// its own change feed and turns them, for the events someone follows on this
// instance, into one `evento_modificato` on the change stream
// (gara/modifiche.ts): which parts changed and, when the event's row did, its
// times as committed (a moved start or end, earlier or later, a contest
// reopened). The live feeds make the `tempi` and `modifica` frames of the
// event's and its sessions' pages from it; the snapshots are rebuilt.
//
// Changes are gathered for DELAY_MS so that an edit touching many rows (an
// import, a whole problem list) makes one change per event. The changes are
// this instance's own (the bridge does not forward their frames): every
// instance hears the same change feed. When that feed was down (a lost
// connection to PostgreSQL), the changes made meanwhile cannot be named: every
// event followed here is then announced as changed in all its parts, with its
// times, so its open pages read again what they show.
import type { ParteEvento } from '@gas/contracts';
import type { Database } from '../db/client';
import type { DbChange } from '../db/changes';
import type { ChangeSource, ChangeSubscription } from '../db/lazy-change-feed';
import type { FlussoModifiche } from './modifiche';
import { loadTempiEvento } from './queries';

/** The change feed's names of an event's parts (gas_notifica_parte_evento). */
const PARTI: ReadonlySet<string> = new Set<ParteEvento>([
  'sessioni',
  'problemi',
  'squadre',
  'poli',
]);

const TUTTE_LE_PARTI: readonly ParteEvento[] = ['evento', ...PARTI] as ParteEvento[];

/** Gathering window: well within the 2 s a moved end must take to reach the pages. */
const DELAY_MS = 50;

export type ModificheEventoOptions = {
  database: Database;
  changes: ChangeSource;
  modifiche: Pick<FlussoModifiche, 'emetti'>;
  /** Whether someone on this instance follows the event (no one: no query, no frame). */
  followed(eventoId: number): boolean;
  /** Every event followed on this instance (after the feed was down). */
  allFollowed(): Iterable<number>;
  log: { error(obj: object, msg: string): void };
};

export class ModificheEvento {
  private readonly feed: ChangeSubscription;
  private pending = new Map<number, Set<ParteEvento>>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: ModificheEventoOptions) {
    this.feed = options.changes.subscribe({
      onChange: (change) => this.onChange(change),
      onReset: () => this.onReset(),
    });
  }

  /** Starts listening (the shared feed starts lazily); resolves once it listens. */
  start(): Promise<void> {
    return this.feed.ready();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.feed.close();
  }

  private onChange(change: DbChange): void {
    if (this.stopped) return;
    // A change the feed cannot name (a whole table emptied): as if it was down.
    if (change.table === '*' || !('id' in change)) return this.onReset();
    let parte: ParteEvento;
    if (change.table === 'evento') parte = 'evento';
    else if (PARTI.has(change.table)) parte = change.table as ParteEvento;
    else return;
    if (!this.options.followed(change.id)) return;
    this.add(change.id, [parte]);
  }

  /** The feed was down (or is back): whatever changed meanwhile, every part of every followed event. */
  private onReset(): void {
    if (this.stopped) return;
    for (const eventoId of this.options.allFollowed()) this.add(eventoId, TUTTE_LE_PARTI);
  }

  private add(eventoId: number, parti: Iterable<ParteEvento>): void {
    let pending = this.pending.get(eventoId);
    if (!pending) this.pending.set(eventoId, (pending = new Set()));
    for (const parte of parti) pending.add(parte);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.running = this.running.then(() => this.flush());
    }, DELAY_MS);
  }

  private async flush(): Promise<void> {
    const pending = this.pending;
    this.pending = new Map();
    for (const [eventoId, parti] of pending) {
      try {
        // Read after the commit that announced it: the times as they are now.
        const evento = await loadTempiEvento(this.options.database.db, eventoId);
        if (!evento || this.stopped) continue;
        this.options.modifiche.emetti({
          tipo: 'evento_modificato',
          evento: eventoId,
          sessioni: evento.sessioni,
          parti: [...parti].sort(),
          tempi: parti.has('evento') ? evento.tempi : null,
        });
      } catch (err) {
        this.options.log.error({ err, eventoId }, 'live: modifica dell’evento non inviata');
      }
    }
  }
}
