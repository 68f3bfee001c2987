// The database's change feed becomes the stream's `accesso_modificato`, at
// once and only for what may decide who sees an event.
import type { ModificaGara } from '@gas/contracts';
import { describe, expect, it } from 'vitest';
import type { ChangeFeedHandlers } from '../db/changes';
import type { ChangeSource } from '../db/lazy-change-feed';
import { ModificheAccessi } from './modifiche-accessi';

function setup() {
  let handlers: ChangeFeedHandlers | null = null;
  let live = true;
  let ensured = 0;
  const source: ChangeSource = {
    subscribe(h) {
      handlers = h;
      return {
        get live() {
          return live;
        },
        ensure: () => void (ensured += 1),
        ready: () => Promise.resolve(),
        close: () => void (handlers = null),
      };
    },
  };
  const emesse: ModificaGara[] = [];
  const accessi = new ModificheAccessi(source, { emetti: (...m) => void emesse.push(...m) });
  return {
    accessi,
    emesse,
    feed: () => handlers,
    setLive: (v: boolean) => void (live = v),
    ensured: () => ensured,
  };
}

describe('ModificheAccessi', () => {
  it('names the event for its row and staff, the user for an account', () => {
    const { feed, emesse } = setup();
    feed()!.onChange({ table: 'evento', id: 7 });
    feed()!.onChange({ table: 'utente', id: 3 });
    expect(emesse).toEqual([
      { tipo: 'accesso_modificato', evento: 7 },
      { tipo: 'accesso_modificato', utente: 3 },
    ]);
  });

  it('says nothing for the parts of an event, which do not decide who sees it', () => {
    const { feed, emesse } = setup();
    for (const table of [
      'squadra',
      'problema',
      'responsabile',
      'sessioni',
      'problemi',
      'squadre',
      'poli',
    ]) {
      feed()!.onChange({ table, id: 1 });
    }
    expect(emesse).toEqual([]);
  });

  it('asks for everything on an unknown table, a wildcard and changes missed', () => {
    const { feed, emesse } = setup();
    feed()!.onChange({ table: 'altro', id: 1 });
    feed()!.onChange({ table: '*' });
    feed()!.onReset();
    expect(emesse).toEqual([
      { tipo: 'accesso_modificato' },
      { tipo: 'accesso_modificato' },
      { tipo: 'accesso_modificato' },
    ]);
  });

  it('tells whether the feed hears everything, retries it, and stops listening', () => {
    const { accessi, feed, setLive, ensured } = setup();
    expect(accessi.live).toBe(true);
    setLive(false);
    expect(accessi.live).toBe(false);
    accessi.ensure();
    expect(ensured()).toBe(1);
    accessi.stop();
    expect(feed()).toBeNull();
  });
});
