// Reading a document record by record, so that one answer reports every
// error (issue 26): a record whose own fields are wrong is reported and left
// out, and the records that read well still go through the checks against
// the document and GaS (an unknown school of a team is reported together with
// a wrong school type elsewhere). Only a document whose frame cannot be read
// (not format 1, lists that are not lists) stops at its shape errors.
import {
  IMPORT_LIMITI,
  importDocumentoSchema,
  importResponsabileSchema,
  importScuolaSchema,
  importSquadraSchema,
  type ErroreImport,
  type ImportDocumento,
} from '@gas/contracts';
import { z } from 'zod';

export type Sezione = 'scuole' | 'responsabili' | 'squadre';

/** A document's records that read well, with their places in the document. */
export type DocumentoLetto = {
  doc: ImportDocumento;
  /** The position in the document of each record of `doc` (the i-th team of `doc` is `squadre[posizioni.squadre[i]]`). */
  posizioni: Record<Sezione, number[]>;
  /** The keys of the records left out, when readable: a reference to them is not "unknown". */
  chiaviEscluse: Record<Sezione, string[]>;
};

export type Lettura = { letto: DocumentoLetto | null; errori: ErroreImport[] };

/** `['squadre', 3, 'sessione']` → `squadre[3].sessione`. */
export function luogoDi(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out || 'documento';
}

const erroriDi = (error: z.ZodError, prima: PropertyKey[] = []): ErroreImport[] =>
  error.issues.map((issue) => ({
    luogo: luogoDi([...prima, ...issue.path]),
    messaggio: issue.message,
  }));

const forma = importDocumentoSchema.shape;

/** The frame: the format and three lists of anything (each record is read on its own). */
const cornice = z.object({
  formato: forma.formato,
  scuole: z.array(z.unknown()).max(IMPORT_LIMITI.scuole).default([]),
  responsabili: z.array(z.unknown()).max(IMPORT_LIMITI.responsabili).default([]),
  squadre: z.array(z.unknown()).max(IMPORT_LIMITI.squadre).default([]),
});

const campo = (record: unknown, nome: string): unknown =>
  record !== null && typeof record === 'object' ? (record as Record<string, unknown>)[nome] : null;

/** Reads `input` (an object) as a document: the good records, and every shape error. */
export function leggi(input: object): Lettura {
  const intero = importDocumentoSchema.safeParse(input);
  if (intero.success) {
    const tutti = (n: number) => Array.from({ length: n }, (_, i) => i);
    const doc = intero.data;
    return {
      letto: {
        doc,
        posizioni: {
          scuole: tutti(doc.scuole.length),
          responsabili: tutti(doc.responsabili.length),
          squadre: tutti(doc.squadre.length),
        },
        chiaviEscluse: { scuole: [], responsabili: [], squadre: [] },
      },
      errori: [],
    };
  }
  const errori = erroriDi(intero.error);
  const frame = cornice.safeParse(input);
  if (!frame.success) return { letto: null, errori };
  const liste = frame.data;

  const posizioni: Record<Sezione, number[]> = { scuole: [], responsabili: [], squadre: [] };
  const chiaviEscluse: DocumentoLetto['chiaviEscluse'] = {
    scuole: [],
    responsabili: [],
    squadre: [],
  };
  function buoni<T>(
    sezione: Sezione,
    schema: z.ZodType<T>,
    chiave?: { campo: string; schema: z.ZodType<string>; escluse: string[] },
  ): T[] {
    const out: T[] = [];
    liste[sezione].forEach((raw, i) => {
      const r = schema.safeParse(raw);
      if (r.success) {
        out.push(r.data);
        posizioni[sezione].push(i);
      } else if (chiave) {
        const k = chiave.schema.safeParse(campo(raw, chiave.campo));
        if (k.success) chiave.escluse.push(k.data);
      }
    });
    return out;
  }
  const evento = forma.evento.safeParse(campo(input, 'evento'));
  const generato = forma.generato.safeParse(campo(input, 'generato'));
  const doc: ImportDocumento = {
    formato: liste.formato,
    generato: generato.success ? generato.data : undefined,
    // An unreadable event is reported by its shape error; its sessions and venues are not checked.
    evento: evento.success ? evento.data : null,
    scuole: buoni('scuole', importScuolaSchema, {
      campo: 'codice_meccanografico',
      schema: importScuolaSchema.shape.codice_meccanografico,
      escluse: chiaviEscluse.scuole,
    }),
    responsabili: buoni('responsabili', importResponsabileSchema, {
      campo: 'id_esterno',
      schema: importResponsabileSchema.shape.id_esterno,
      escluse: chiaviEscluse.responsabili,
    }),
    squadre: buoni('squadre', importSquadraSchema, {
      campo: 'id_esterno',
      schema: importSquadraSchema.shape.id_esterno,
      escluse: chiaviEscluse.squadre,
    }),
  };
  return { letto: { doc, posizioni, chiaviEscluse }, errori };
}
