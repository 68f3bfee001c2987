// The one import engine of the external olympiad site's document
// (../shared/import-format.md, issue 15), behind the HTTP route, the back
// office's page, the command line and the scheduled sync: the whole document
// is checked first (its shape, then against itself and GaS), then applied in
// one transaction, all or nothing; every record it creates or changes is in
// the audit log as made by the import, with the document's `generato`.
import {
  configureZodItalian,
  IMPORT_LIMITI,
  type ErroreImport,
  type EsitoImport,
  type ImportDocumento,
} from '@gas/contracts';
import { recordChanges, type AuditContext, type AuditEntry } from '../../audit/queries';
import type { Db, DbOrTx } from '../../db/client';
import { listRecords } from '../registro/queries';
import { nomeRegistro, type AdminRecord } from '../registro/resource';
import { ADMIN_RESOURCES } from '../registro/resources';
import { dettagliDi, pianifica, type Piano } from './piano';
import {
  bloccaImportazioni,
  caricaStato,
  cittaDi,
  nomeKey,
  scriviResponsabile,
  scriviResponsabiliDi,
  scriviScuola,
  scriviScuoleDi,
  scriviSquadra,
  type Stato,
} from './queries';
import { doveDi, ordineDi, recordDi } from './dove';
import { leggi } from './lettura';
import { verifica } from './verifica';
import type { Account } from '../../auth/inviti';

export type OpzioniImport = {
  /** Check and report, write nothing. */
  dryRun: boolean;
  /** Add the per-record review (`dettagli`). */
  dettagli: boolean;
  /** Who imports (the log's user, address and origin 'import'). */
  audit: Omit<AuditContext, 'origine' | 'nota'>;
  /**
   * After the commit of an applied import: the sessions whose teams changed
   * (their rankings show them) and the accounts it created (each gets the
   * e-mail with the link to choose a password).
   */
  dopoIlCommit?(cambi: CambiImport): void;
};

export type CambiImport = {
  sessioni: number[];
  nuoviAccount: Account[];
  /** Who imported (the invitations to the new accounts are logged as theirs). */
  audit: AuditContext;
};

const zero = () => ({ scuole: 0, responsabili: 0, squadre: 0 });

function vuoto(): EsitoImport {
  return {
    applicato: false,
    creati: zero(),
    aggiornati: zero(),
    invariati: zero(),
    non_piu_presenti: { responsabili: [], squadre: [] },
    errori: [],
  };
}

export { luogoDi } from './lettura';

/** At most IMPORT_LIMITI.errori errors, then one saying how many more. */
function limitati(errori: ErroreImport[]): ErroreImport[] {
  if (errori.length <= IMPORT_LIMITI.errori) return errori;
  const altri = errori.length - IMPORT_LIMITI.errori;
  return [
    ...errori.slice(0, IMPORT_LIMITI.errori),
    {
      luogo: 'documento',
      messaggio:
        altri === 1 ? 'E un altro errore non elencato.' : `E altri ${altri} errori non elencati.`,
    },
  ];
}

/**
 * The answer to an invalid document: its errors in the document's order (its
 * own fields, then schools, managers, teams, each record's in turn), one per
 * place (a field with a shape error is not checked again), each also said as
 * a person reads it.
 */
export function rifiutato(errori: ErroreImport[], documento?: unknown): EsitoImport {
  const visti = new Set<string>();
  const unici = errori.filter((e) => !visti.has(e.luogo) && visti.add(e.luogo));
  const ordinati = unici
    .map((e, i) => ({ e, i, ordine: ordineDi(e.luogo) }))
    .sort((a, b) => a.ordine[0] - b.ordine[0] || a.ordine[1] - b.ordine[1] || a.i - b.i)
    .map(({ e }) => (documento === undefined ? e : { ...e, dove: doveDi(documento, e.luogo) }));
  return { ...vuoto(), errori: limitati(ordinati) };
}

/** Checks a document (anything: parsed JSON) and, unless a dry run, applies it. */
export async function importa(
  db: Db,
  input: unknown,
  opzioni: OpzioniImport,
): Promise<EsitoImport> {
  configureZodItalian();
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return rifiutato([
      {
        luogo: 'documento',
        messaggio: 'Il documento deve essere un oggetto JSON (import-format).',
      },
    ]);
  }
  const { letto, errori: erroriDiForma } = leggi(input);
  // A document whose frame cannot be read (not format 1, lists that are not lists) stops here.
  if (!letto) return rifiutato(erroriDiForma, input);
  const doc = letto.doc;
  const audit: AuditContext = {
    ...opzioni.audit,
    origine: 'import',
    nota: doc.generato ? `importazione del documento generato il ${doc.generato}` : 'importazione',
  };
  const cambi: CambiImport = { sessioni: [], nuoviAccount: [], audit };
  const esito = await db.transaction(async (tx) => {
    await bloccaImportazioni(tx);
    const stato = await caricaStato(tx, doc);
    // Shape errors and the checks of the records that read well, in one answer (issue 26).
    const errori = [
      ...erroriDiForma,
      ...verifica(letto, stato, (sezione, i) => recordDi(input, sezione, i)),
    ];
    if (errori.length > 0) return rifiutato(errori, input);
    const piano = pianifica(doc, stato);
    if (!opzioni.dryRun) {
      const fatto = await applica(tx, doc, stato, piano, audit);
      cambi.sessioni = [...fatto.sessioni];
      cambi.nuoviAccount = fatto.nuoviAccount;
    }
    return riepilogo(doc, stato, piano, opzioni);
  });
  if (esito.applicato) opzioni.dopoIlCommit?.(cambi);
  return esito;
}

function riepilogo(
  doc: ImportDocumento,
  stato: Stato,
  piano: Piano,
  opzioni: OpzioniImport,
): EsitoImport {
  const esito = { ...vuoto(), applicato: !opzioni.dryRun };
  const conta = (tipo: 'scuole' | 'responsabili' | 'squadre', voci: { esito: string }[]) => {
    for (const v of voci) {
      const campo =
        v.esito === 'creato' ? 'creati' : v.esito === 'aggiornato' ? 'aggiornati' : 'invariati';
      esito[campo][tipo] += 1;
    }
  };
  conta('scuole', piano.scuole);
  conta('responsabili', piano.responsabili);
  conta('squadre', piano.squadre);
  const nelDocumento = (lista: { id_esterno: string }[]) => new Set(lista.map((x) => x.id_esterno));
  const responsabili = nelDocumento(doc.responsabili);
  const squadre = nelDocumento(doc.squadre);
  esito.non_piu_presenti = {
    responsabili: [...stato.responsabili.keys()].filter((k) => !responsabili.has(k)).sort(),
    squadre: [...stato.squadre.keys()].filter((k) => !squadre.has(k)).sort(),
  };
  // The same, with names: a code alone tells a person nothing (issue 26).
  esito.non_piu_presenti_nomi = {
    responsabili: esito.non_piu_presenti.responsabili.map((k) => {
      const r = stato.responsabili.get(k)!.doc;
      const nome = `${r.first_name} ${r.last_name}`.trim();
      return { id_esterno: k, nome: nome || r.username };
    }),
    squadre: esito.non_piu_presenti.squadre.map((k) => ({
      id_esterno: k,
      nome: stato.squadre.get(k)!.doc.nome,
    })),
  };
  if (opzioni.dettagli) esito.dettagli = dettagliDi(piano);
  return esito;
}

const risorsa = (nome: string) => ADMIN_RESOURCES.find((r) => r.risorsa.nome === nome)!;

/** The records of `ids` as the back office shows them (the log's before and after). */
async function comeInAdmin(tx: DbOrTx, nome: string, ids: number[]) {
  if (ids.length === 0) return new Map<number, AdminRecord>();
  const { rows } = await listRecords(tx, risorsa(nome), { ids, equals: [], ordering: [] }, null);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The log: one entry per record created or changed, in the shape of its back-office page. */
class Registro {
  private prima = new Map<string, Map<number, AdminRecord>>();
  private toccati = new Map<string, Set<number>>();

  constructor(private tx: DbOrTx) {}

  /** Reads the records about to change, before any write. */
  async leggiPrima(nome: string, ids: number[]) {
    this.prima.set(nome, await comeInAdmin(this.tx, nome, ids));
  }

  tocca(nome: string, id: number) {
    const set = this.toccati.get(nome) ?? new Set<number>();
    set.add(id);
    this.toccati.set(nome, set);
  }

  async scrivi(audit: AuditContext) {
    const entries: AuditEntry[] = [];
    for (const [nome, ids] of this.toccati) {
      const dopo = await comeInAdmin(this.tx, nome, [...ids]);
      const titolo = risorsa(nome).risorsa.titolo;
      for (const id of ids) {
        const prima = this.prima.get(nome)?.get(id) ?? null;
        const record = dopo.get(id) ?? null;
        entries.push({
          azione: prima ? 'modifica' : 'crea',
          risorsa: nomeRegistro(risorsa(nome)),
          oggettoId: id,
          oggettoNome: String(record?.[titolo] ?? prima?.[titolo] ?? id),
          prima,
          dopo: record,
        });
      }
    }
    await recordChanges(this.tx, audit, entries);
  }
}

async function applica(
  tx: DbOrTx,
  doc: ImportDocumento,
  stato: Stato,
  piano: Piano,
  audit: AuditContext,
): Promise<{ sessioni: Set<number>; nuoviAccount: Account[] }> {
  const cambiano = <T extends { esito: string }>(voci: T[]) =>
    voci.filter((v) => v.esito !== 'invariato');
  const scuole = cambiano(piano.scuole);
  const responsabili = cambiano(piano.responsabili);
  const squadre = cambiano(piano.squadre);

  const registro = new Registro(tx);
  const esistenti = <T extends { id: number | null }>(voci: T[]) =>
    voci.flatMap((v) => (v.id === null ? [] : [v.id]));
  // A team's managers are a field of each manager's record (their teams):
  // the managers a team gains or loses change too.
  const coinvolti = squadre.flatMap((v) =>
    'responsabili' in v.modifiche
      ? [...(v.prima?.responsabili ?? []), ...v.dopo.responsabili].flatMap((k) => {
          const r = stato.responsabili.get(k);
          return r ? [r.id] : [];
        })
      : [],
  );
  await registro.leggiPrima('scuola', esistenti(scuole));
  await registro.leggiPrima('responsabile', [
    ...new Set([...esistenti(responsabili), ...coinvolti]),
  ]);
  await registro.leggiPrima(
    'user',
    responsabili.flatMap((v) => (v.userId === null ? [] : [v.userId])),
  );
  await registro.leggiPrima('squadra', esistenti(squadre));

  // Schools first: managers and teams point at them by code.
  const scuolaId = new Map([...stato.scuole].map(([codice, s]) => [codice, s.id]));
  for (const v of scuole) {
    const cittaId = await cittaDi(tx, stato, v.dopo, (nome, id) => registro.tocca(nome, id));
    const id = await scriviScuola(tx, v.id, v.chiave, v.dopo, cittaId);
    scuolaId.set(v.chiave, id);
    registro.tocca('scuola', id);
  }

  const responsabileId = new Map([...stato.responsabili].map(([k, r]) => [k, r.id]));
  const nuoviAccount: Account[] = [];
  for (const v of responsabili) {
    const esistente = v.id !== null && v.userId !== null ? { id: v.id, userId: v.userId } : null;
    const ids = await scriviResponsabile(tx, esistente, v.chiave, v.dopo);
    await scriviScuoleDi(
      tx,
      ids.id,
      v.dopo.scuole.map((codice) => scuolaId.get(codice)!),
    );
    responsabileId.set(v.chiave, ids.id);
    if (v.esito === 'creato') {
      nuoviAccount.push({
        userId: ids.userId,
        email: v.dopo.email,
        username: v.dopo.username,
        nome: `${v.dopo.first_name} ${v.dopo.last_name}`.trim(),
      });
    }
    registro.tocca('responsabile', ids.id);
    registro.tocca('user', ids.userId);
  }

  const sessioni = new Set<number>();
  for (const v of squadre) {
    const sessioneId = stato.sessioni.get(nomeKey(v.dopo.sessione))!.id;
    sessioni.add(sessioneId);
    const prima = v.prima ? stato.sessioni.get(nomeKey(v.prima.sessione))?.id : undefined;
    if (prima !== undefined) sessioni.add(prima);
    const id = await scriviSquadra(tx, v.id, {
      eventoId: doc.evento!,
      sessioneId,
      poloId: v.dopo.polo ? stato.poli.get(nomeKey(v.dopo.polo))!.id : null,
      scuolaId: v.dopo.scuola ? scuolaId.get(v.dopo.scuola)! : null,
      idEsterno: v.chiave,
      doc: v.dopo,
    });
    await scriviResponsabiliDi(
      tx,
      id,
      v.dopo.responsabili.map((k) => responsabileId.get(k)!),
    );
    registro.tocca('squadra', id);
    if ('responsabili' in v.modifiche) {
      for (const k of [...(v.prima?.responsabili ?? []), ...v.dopo.responsabili]) {
        registro.tocca('responsabile', responsabileId.get(k)!);
      }
    }
  }
  await registro.scrivi(audit);
  return { sessioni, nuoviAccount };
}
