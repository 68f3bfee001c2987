// The resources of the back office (issue 14): each shared description of
// @gas/contracts (admin/risorse.ts) tied to its table and columns, with what
// a deletion takes with it.
import {
  risorsaCitta,
  risorsaPaese,
  risorsaPolo,
  risorsaRegione,
  risorsaScuola,
  risorsaSponsor,
  TIPOLOGIE_SCUOLA,
} from '@gas/contracts';
import {
  citta,
  evento,
  paese,
  polo,
  poloResponsabile,
  regione,
  responsabileScuola,
  scuola,
  sponsor,
  squadra,
  type TipologiaScuola,
} from '../../db/schema';
import type { AnyPgColumn } from '../../db/schema/columns';
import { defineResource, type AdminResource } from './resource';

// The school types of the contracts and of the database are one list (tsc fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const tipologieUguali: Same<(typeof TIPOLOGIE_SCUOLA)[number], TipologiaScuola> = true;
void tipologieUguali;

/** The id column of each resource, for the references between them. */
export const ID_COLUMNS: Record<string, AnyPgColumn> = {
  paese: paese.id,
  regione: regione.id,
  citta: citta.id,
  scuola: scuola.id,
  polo: polo.id,
  evento: evento.id,
  sponsor: sponsor.id,
};

export const ADMIN_RESOURCES: readonly AdminResource[] = [
  defineResource({
    risorsa: risorsaScuola,
    table: scuola,
    id: scuola.id,
    columns: {
      nome: scuola.nome,
      tipologia: scuola.tipologia,
      indirizzo: scuola.indirizzoNome,
      citta: scuola.cittaId,
      latitude: scuola.latitude,
      longitude: scuola.longitude,
      codice_meccanografico: scuola.codiceMeccanografico,
    },
    dependents: [
      { risorsa: 'squadra', etichetta: 'Squadre', column: squadra.scuolaId },
      { risorsa: 'responsabile', etichetta: 'Responsabili', column: responsabileScuola.scuolaId },
    ],
  }),
  defineResource({
    risorsa: risorsaPolo,
    table: polo,
    id: polo.id,
    columns: {
      evento: polo.eventoId,
      nome_breve: polo.nomeBreve,
      descrizione: polo.descrizione,
      indirizzo: polo.indirizzo,
      citta: polo.cittaId,
      latitude: polo.latitude,
      longitude: polo.longitude,
      capacita_massima_squadre: polo.capacitaMassimaSquadre,
    },
    dependents: [
      { risorsa: 'squadra', etichetta: 'Squadre (restano senza polo)', column: squadra.poloId },
      {
        risorsa: 'responsabile',
        etichetta: 'Responsabili del polo',
        column: poloResponsabile.poloId,
      },
    ],
  }),
  defineResource({
    risorsa: risorsaCitta,
    table: citta,
    id: citta.id,
    columns: {
      nome: citta.nome,
      regione: citta.regioneId,
      provincia: citta.provincia,
      latitude: citta.latitude,
      longitude: citta.longitude,
    },
    dependents: [
      { risorsa: 'scuola', etichetta: 'Scuole (restano senza città)', column: scuola.cittaId },
      { risorsa: 'polo', etichetta: 'Poli (restano senza città)', column: polo.cittaId },
    ],
  }),
  defineResource({
    risorsa: risorsaRegione,
    table: regione,
    id: regione.id,
    columns: { nome: regione.nome, paese: regione.paeseId },
    dependents: [
      { risorsa: 'citta', etichetta: 'Città (restano senza regione)', column: citta.regioneId },
    ],
  }),
  defineResource({
    risorsa: risorsaPaese,
    table: paese,
    id: paese.id,
    columns: { nome: paese.nome, codice: paese.codice },
    dependents: [
      { risorsa: 'regione', etichetta: 'Regioni (restano senza paese)', column: regione.paeseId },
    ],
  }),
  defineResource({
    risorsa: risorsaSponsor,
    table: sponsor,
    id: sponsor.id,
    columns: {
      name: sponsor.name,
      logo_url: sponsor.logoUrl,
      website: sponsor.website,
      description: sponsor.description,
      ordine: sponsor.ordine,
    },
  }),
];
