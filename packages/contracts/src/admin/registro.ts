// The resources the audit log names (issue 26, item 11): every resource of
// the back office, plus those written elsewhere (double entry, site
// settings…). One list for the server, which may write an entry only for a
// resource named here (AuditEntry.risorsa is typed by it), and for the web
// app, whose log filter and entry labels come from it: a new audited
// resource cannot be left out of the filter.
import { DECISIONE_DIGITAZIONE, STATO_DIGITAZIONE } from '../gara';
import { RISORSE_ADMIN, type CampoAdmin, type NomeRisorsaAdmin } from './risorse';

/** A resource of the log that the back office does not list: labels and the fields its entries carry. */
export type RisorsaSoloRegistro = {
  nome: string;
  etichetta: string;
  singolare: string;
  campi: Record<string, Pick<CampoAdmin, 'etichetta' | 'riferimento' | 'scelte'>>;
};

const SOLO_REGISTRO = [
  {
    nome: 'digitazione',
    etichetta: 'Digitazioni (doppia digitazione)',
    singolare: 'Digitazione',
    campi: {
      stato: { etichetta: 'Stato', scelte: STATO_DIGITAZIONE },
      risposta: { etichetta: 'Risposta registrata', riferimento: 'risposta' },
      decisione: { etichetta: 'Decisione', scelte: DECISIONE_DIGITAZIONE },
      lettura_accettata: { etichetta: 'Lettura accettata', riferimento: 'digitazione' },
      valore_registrato: { etichetta: 'Valore registrato' },
    },
  },
  {
    nome: 'impostazioni-sito',
    etichetta: 'Impostazioni del sito',
    singolare: 'Impostazioni del sito',
    campi: {},
  },
  // The proclamation's step (issue 29), moved by an event administrator.
  {
    nome: 'proclamazione',
    etichetta: 'Proclamazioni',
    singolare: 'Proclamazione',
    campi: { passo: { etichetta: 'Passo' } },
  },
  // The error inbox, named as its back-office page ('Errori segnalati').
  { nome: 'errori', etichetta: 'Errori segnalati', singolare: 'Errore segnalato', campi: {} },
] as const satisfies readonly RisorsaSoloRegistro[];

export const RISORSE_SOLO_REGISTRO: readonly RisorsaSoloRegistro[] = SOLO_REGISTRO;

/** Every resource an audit entry may name. */
export type RisorsaRegistro = NomeRisorsaAdmin | (typeof SOLO_REGISTRO)[number]['nome'];

/** The log's resources with their labels, in the order of the filter. */
export const RISORSE_REGISTRO: readonly { nome: RisorsaRegistro; etichetta: string }[] = [
  ...RISORSE_ADMIN.map((r) => ({ nome: r.nome, etichetta: r.etichetta })),
  ...SOLO_REGISTRO.map((r) => ({ nome: r.nome, etichetta: r.etichetta })),
];

export const NOMI_RISORSE_REGISTRO = RISORSE_REGISTRO.map((r) => r.nome) as [
  RisorsaRegistro,
  ...RisorsaRegistro[],
];
