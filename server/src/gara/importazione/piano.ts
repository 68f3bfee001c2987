// What a checked document would do to each record: the record it wants (in
// the document's terms) next to the one GaS holds, and so whether it is new,
// changed (which fields, old → new) or unchanged. A field the document leaves
// out keeps its value; one it sets to null is emptied.
import type { DettaglioImport, ImportDocumento } from '@gas/contracts';
import { differences } from '../../audit/queries';
import {
  nomeKey,
  type ResponsabileDoc,
  type ScuolaDoc,
  type SquadraDoc,
  type Stato,
} from './queries';

type Esito = DettaglioImport['esito'];

export type Voce<D> = {
  chiave: string;
  /** The record in GaS (its id), when there is one. */
  id: number | null;
  prima: D | null;
  dopo: D;
  esito: Esito;
  modifiche: Record<string, [unknown, unknown]>;
};

export type Piano = {
  scuole: Voce<ScuolaDoc>[];
  responsabili: (Voce<ResponsabileDoc> & { userId: number | null })[];
  squadre: Voce<SquadraDoc>[];
};

/** `undefined` keeps the value in GaS (or `vuoto` for a new record); null empties it. */
function tieni<T>(dato: T | null | undefined, attuale: T | undefined, vuoto: T): T {
  if (dato === undefined) return attuale ?? vuoto;
  return dato ?? vuoto;
}

function voce<D extends Record<string, unknown>>(
  chiave: string,
  esistente: { id: number; doc: D } | undefined,
  dopo: D,
): Voce<D> {
  const modifiche = differences(esistente?.doc ?? null, dopo);
  const esito: Esito = !esistente
    ? 'creato'
    : Object.keys(modifiche).length > 0
      ? 'aggiornato'
      : 'invariato';
  return {
    chiave,
    id: esistente?.id ?? null,
    prima: esistente?.doc ?? null,
    dopo,
    esito,
    modifiche,
  };
}

const ordinati = (lista: string[]) => [...new Set(lista)].sort();

export function pianifica(doc: ImportDocumento, stato: Stato): Piano {
  const scuole = doc.scuole.map((s) => {
    const esistente = stato.scuole.get(s.codice_meccanografico);
    const a = esistente?.doc;
    const dopo: ScuolaDoc = {
      nome: s.nome,
      tipologia: s.tipologia,
      indirizzo: tieni(s.indirizzo, a?.indirizzo, ''),
      citta: tieni(s.citta, a?.citta ?? undefined, null),
      provincia: tieni(s.provincia, a?.provincia ?? undefined, null),
      regione: tieni(s.regione, a?.regione ?? undefined, null),
      latitude: tieni(s.latitude, a?.latitude ?? undefined, null),
      longitude: tieni(s.longitude, a?.longitude ?? undefined, null),
    };
    return voce(s.codice_meccanografico, esistente, dopo);
  });

  const responsabili = doc.responsabili.map((r) => {
    const esistente = stato.responsabili.get(r.id_esterno);
    const a = esistente?.doc;
    const dopo: ResponsabileDoc = {
      username: r.username,
      email: r.email,
      first_name: tieni(r.first_name, a?.first_name, ''),
      last_name: tieni(r.last_name, a?.last_name, ''),
      scuole: r.scuole === undefined ? (a?.scuole ?? []) : ordinati(r.scuole),
      // A new manager the document says nothing about may act in official
      // events: the site registers them for its official teams.
      puo_iscriversi_gare_ufficiali: tieni(
        r.puo_iscriversi_gare_ufficiali,
        a?.puo_iscriversi_gare_ufficiali,
        true,
      ),
      newsletter: tieni(r.newsletter, a?.newsletter, false),
      // Imported managers are main managers, active (import-format.md).
      ruolo: 'sp',
      attivo: true,
    };
    return { ...voce(r.id_esterno, esistente, dopo), userId: esistente?.userId ?? null };
  });

  const squadre = doc.squadre.map((t) => {
    const esistente = stato.squadre.get(t.id_esterno);
    const a = esistente?.doc;
    const polo = t.polo === undefined ? a?.polo : t.polo;
    const dopo: SquadraDoc = {
      nome: t.nome,
      scuola: tieni(t.scuola, a?.scuola ?? undefined, null),
      // Names as GaS spells them (the document may differ in case).
      sessione: stato.sessioni.get(nomeKey(t.sessione))?.nome ?? t.sessione,
      polo: polo ? (stato.poli.get(nomeKey(polo))?.nome ?? polo) : null,
      ospite: tieni(t.ospite, a?.ospite, false),
      ordine_eta: tieni(t.ordine_eta, a?.ordine_eta, 0),
      capitano: tieni(t.capitano, a?.capitano ?? undefined, null),
      anno_capitano: tieni(t.anno_capitano, a?.anno_capitano ?? undefined, null),
      consegnatore: tieni(t.consegnatore, a?.consegnatore ?? undefined, null),
      anno_consegnatore: tieni(t.anno_consegnatore, a?.anno_consegnatore ?? undefined, null),
      p1: tieni(t.p1, a?.p1 ?? undefined, null),
      anno_p1: tieni(t.anno_p1, a?.anno_p1 ?? undefined, null),
      p2: tieni(t.p2, a?.p2 ?? undefined, null),
      anno_p2: tieni(t.anno_p2, a?.anno_p2 ?? undefined, null),
      p3: tieni(t.p3, a?.p3 ?? undefined, null),
      anno_p3: tieni(t.anno_p3, a?.anno_p3 ?? undefined, null),
      // Imported teams are official (import-format.md).
      ufficiale: true,
      responsabili:
        t.responsabili === undefined ? (a?.responsabili ?? []) : ordinati(t.responsabili),
    };
    return voce(t.id_esterno, esistente, dopo);
  });
  return { scuole, responsabili, squadre };
}

/** The per-record review of a plan (the back office's dry run). */
export function dettagliDi(piano: Piano): DettaglioImport[] {
  const di = <D extends { nome?: unknown; username?: unknown }>(
    tipo: DettaglioImport['tipo'],
    voci: Voce<D>[],
  ) =>
    voci.map((v) => ({
      tipo,
      chiave: v.chiave,
      nome: String(v.dopo.nome ?? v.dopo.username ?? v.chiave),
      esito: v.esito,
      modifiche: v.modifiche,
    }));
  return [
    ...di('scuola', piano.scuole),
    ...di('responsabile', piano.responsabili),
    ...di('squadra', piano.squadre),
  ];
}
