// The stream of committed changes of contest data (issue 27 item 2). A use
// case of the core emits here after its commit, never before; whatever must
// follow a change subscribes once, in services.ts:
//
//   the score snapshots (scores/cache.ts)      drop what the change made stale
//   the instance's microcache (plugins/,       drops the reads it may change
//   subscribed by app.ts)
//   the live feeds (live/frames.ts)            the frames of the open pages;
//                                              the LISTEN/NOTIFY bridge
//                                              forwards them to other instances
//   the metrics (metrics/metriche.ts)          count the changes by kind
//
// Subscribers run synchronously, in the order they subscribed: every one has
// applied a change before any page woken by its frame can ask again. Only
// modules of gara/ emit (gara/confini.test.ts fails otherwise).
import type { ModificaGara } from '@gas/contracts';

export type IscrittoModifiche = (modifica: ModificaGara) => void;

export class FlussoModifiche {
  private readonly iscritti: { nome: string; ricevi: IscrittoModifiche }[] = [];

  constructor(private readonly log?: { error(obj: object, msg: string): void }) {}

  /** `nome` names the subscriber in the log when it fails. Returns the unsubscribe. */
  iscrivi(nome: string, ricevi: IscrittoModifiche): () => void {
    const iscritto = { nome, ricevi };
    this.iscritti.push(iscritto);
    return () => {
      const i = this.iscritti.indexOf(iscritto);
      if (i >= 0) this.iscritti.splice(i, 1);
    };
  }

  /** After the commit: every subscriber, in order, gets each change in order. */
  emetti(...modifiche: ModificaGara[]): void {
    for (const modifica of modifiche) {
      for (const { nome, ricevi } of this.iscritti) {
        try {
          ricevi(modifica);
        } catch (err) {
          // What was committed stays committed: one failing subscriber must
          // neither fail the write nor keep the change from the others.
          this.log?.error({ err, iscritto: nome, tipo: modifica.tipo }, 'modifica non applicata');
        }
      }
    }
  }
}
