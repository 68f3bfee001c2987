// Where typed answers wait for the server (issue 17): IndexedDB through idb,
// so that a reload, a closed tab or a laptop gone to sleep loses nothing.
// Each entry is one submission with its Idempotency-Key; it stays until the
// server has acknowledged it (then it is kept a day, to show its outcome).
// Without IndexedDB (a browser that refuses it) the entries live in memory:
// the page still works online, and says nothing is kept on the device.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Invio } from './tipi';

interface SchemaUscita extends DBSchema {
  invii: { key: string; value: Invio; indexes: { utente: number } };
}

export interface Archivio {
  /** False when entries are only in this page's memory. */
  readonly durevole: boolean;
  salva(invio: Invio): Promise<void>;
  elimina(chiave: string): Promise<void>;
  perUtente(utente: number): Promise<Invio[]>;
}

export function archivioInMemoria(durevole = false): Archivio {
  const invii = new Map<string, Invio>();
  return {
    durevole,
    async salva(invio) {
      invii.set(invio.chiave, structuredClone(invio));
    },
    async elimina(chiave) {
      invii.delete(chiave);
    },
    async perUtente(utente) {
      return [...invii.values()].filter((i) => i.utente === utente).map((i) => structuredClone(i));
    },
  };
}

const NOME_DB = 'gas-consegna';

export async function apriArchivio(): Promise<Archivio> {
  let db: IDBPDatabase<SchemaUscita>;
  try {
    db = await openDB<SchemaUscita>(NOME_DB, 1, {
      upgrade(database) {
        const invii = database.createObjectStore('invii', { keyPath: 'chiave' });
        invii.createIndex('utente', 'utente');
      },
    });
  } catch {
    return archivioInMemoria();
  }
  return {
    durevole: true,
    async salva(invio) {
      await db.put('invii', invio);
    },
    async elimina(chiave) {
      await db.delete('invii', chiave);
    },
    perUtente: (utente) => db.getAllFromIndex('invii', 'utente', utente),
  };
}
