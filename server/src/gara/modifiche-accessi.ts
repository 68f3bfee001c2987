// Who may see an event, as the database's change feed tells it (issue 27):
// each change that may decide it becomes one `accesso_modificato` on the
// change stream, which the live feeds' access guard follows
// (live/access-guard.ts).
//
// The feed names 'evento:<id>' for the event's own row and its staff lists
// (migration 0003) and 'utente:<id>' for an account, its login sessions and
// its manager profile (migration 0005), on every instance and whoever wrote.
// The parts of an event (teams, problems, sessions, venues) do not decide who
// sees it; any other table, and the changes missed while the feed was down,
// may decide anything. Emitted at once, in the feed's own callback: the guard
// counts every event change before a lookup that began earlier is trusted.
import type { DbChange } from '../db/changes';
import type { ChangeSource, ChangeSubscription } from '../db/lazy-change-feed';
import type { FlussoModifiche } from './modifiche';

/** Tables of the change feed that do not decide who sees an event. */
const NON_DECIDONO: ReadonlySet<string> = new Set([
  'squadra',
  'problema',
  'responsabile',
  'sessioni',
  'problemi',
  'squadre',
  'poli',
]);

export class ModificheAccessi {
  private readonly feed: ChangeSubscription;

  constructor(
    changes: ChangeSource,
    private readonly modifiche: Pick<FlussoModifiche, 'emetti'>,
  ) {
    this.feed = changes.subscribe({
      onChange: (change) => this.onChange(change),
      onReset: () => this.modifiche.emetti({ tipo: 'accesso_modificato' }),
    });
  }

  /** True while every change is heard (the guard may trust what it cached). */
  get live(): boolean {
    return this.feed.live;
  }

  /** Starts listening (the shared feed starts lazily); resolves once it listens. */
  ready(): Promise<void> {
    return this.feed.ready();
  }

  /** Tries again to listen, after the feed was lost. */
  ensure(): void {
    this.feed.ensure();
  }

  stop(): void {
    this.feed.close();
  }

  private onChange(change: DbChange): void {
    if (change.table === '*') return this.modifiche.emetti({ tipo: 'accesso_modificato' });
    if (NON_DECIDONO.has(change.table)) return;
    if (change.table === 'evento') {
      this.modifiche.emetti({ tipo: 'accesso_modificato', evento: change.id });
    } else if (change.table === 'utente') {
      this.modifiche.emetti({ tipo: 'accesso_modificato', utente: change.id });
    } else {
      this.modifiche.emetti({ tipo: 'accesso_modificato' });
    }
  }
}
