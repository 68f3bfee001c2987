// The resources of the back office (issue 14): for each, its fields and what
// is searched, filtered and sorted. Grouped as the /admin/ index groups them.
import {
  adminCittaRequest,
  adminCittaSchema,
  adminPaeseRequest,
  adminPaeseSchema,
  adminPoloRequest,
  adminPoloSchema,
  adminRegioneRequest,
  adminRegioneSchema,
  adminScuolaRequest,
  adminScuolaSchema,
  adminSponsorRequest,
  adminSponsorSchema,
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
import { defineResource, type AdminResource } from './resource';

// The school types of the contracts and of the database are one list (tsc fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const tipologieUguali: Same<(typeof TIPOLOGIE_SCUOLA)[number], TipologiaScuola> = true;
void tipologieUguali;

const text = (record: Record<string, unknown>, key: string) => String(record[key] ?? '');

// ---- Partecipanti: luoghi

const paeseResource = defineResource({
  name: 'paese',
  etichetta: 'Paesi',
  table: paese,
  id: paese.id,
  fields: {
    nome: { column: paese.nome, search: true, sort: true },
    codice: { column: paese.codice, search: true, sort: true, filter: true },
  },
  item: adminPaeseSchema,
  request: adminPaeseRequest,
  title: (r) => text(r, 'nome'),
  ordering: ['nome'],
  dependents: [{ risorsa: 'regione', etichetta: 'Regioni', column: regione.paeseId }],
});

const regioneResource = defineResource({
  name: 'regione',
  etichetta: 'Regioni',
  table: regione,
  id: regione.id,
  fields: {
    nome: { column: regione.nome, search: true, sort: true },
    paese: { column: regione.paeseId, references: paese.id, filter: true, sort: true },
  },
  item: adminRegioneSchema,
  request: adminRegioneRequest,
  title: (r) => text(r, 'nome'),
  ordering: ['nome'],
  dependents: [{ risorsa: 'citta', etichetta: 'Città', column: citta.regioneId }],
});

const cittaResource = defineResource({
  name: 'citta',
  etichetta: 'Città',
  table: citta,
  id: citta.id,
  fields: {
    nome: { column: citta.nome, search: true, sort: true },
    regione: { column: citta.regioneId, references: regione.id, filter: true, sort: true },
    provincia: { column: citta.provincia, search: true, filter: true, sort: true },
    latitude: { column: citta.latitude },
    longitude: { column: citta.longitude },
  },
  item: adminCittaSchema,
  request: adminCittaRequest,
  title: (r) => text(r, 'nome'),
  ordering: ['nome'],
  dependents: [
    { risorsa: 'scuola', etichetta: 'Scuole', column: scuola.cittaId },
    { risorsa: 'polo', etichetta: 'Poli', column: polo.cittaId },
  ],
});

const scuolaResource = defineResource({
  name: 'scuola',
  etichetta: 'Scuole',
  table: scuola,
  id: scuola.id,
  fields: {
    nome: { column: scuola.nome, search: true, sort: true },
    tipologia: { column: scuola.tipologia, filter: true, sort: true },
    indirizzo: { column: scuola.indirizzoNome, search: true },
    citta: { column: scuola.cittaId, references: citta.id, filter: true, sort: true },
    latitude: { column: scuola.latitude },
    longitude: { column: scuola.longitude },
    codice_meccanografico: {
      column: scuola.codiceMeccanografico,
      search: true,
      sort: true,
    },
  },
  item: adminScuolaSchema,
  request: adminScuolaRequest,
  title: (r) => text(r, 'nome'),
  ordering: ['nome'],
  dependents: [
    { risorsa: 'squadra', etichetta: 'Squadre', column: squadra.scuolaId },
    { risorsa: 'responsabile', etichetta: 'Responsabili', column: responsabileScuola.scuolaId },
  ],
});

const poloResource = defineResource({
  name: 'polo',
  etichetta: 'Poli',
  table: polo,
  id: polo.id,
  fields: {
    evento: { column: polo.eventoId, references: evento.id, filter: true, sort: true },
    nome_breve: { column: polo.nomeBreve, search: true, sort: true },
    descrizione: { column: polo.descrizione, search: true },
    indirizzo: { column: polo.indirizzo, search: true },
    citta: { column: polo.cittaId, references: citta.id, filter: true, sort: true },
    latitude: { column: polo.latitude },
    longitude: { column: polo.longitude },
    capacita_massima_squadre: { column: polo.capacitaMassimaSquadre, sort: true },
  },
  item: adminPoloSchema,
  request: adminPoloRequest,
  title: (r) => text(r, 'nome_breve'),
  ordering: ['evento', 'nome_breve'],
  dependents: [
    { risorsa: 'squadra', etichetta: 'Squadre (restano senza polo)', column: squadra.poloId },
    {
      risorsa: 'responsabile',
      etichetta: 'Responsabili del polo',
      column: poloResponsabile.poloId,
    },
  ],
});

// ---- Sito

const sponsorResource = defineResource({
  name: 'sponsor',
  etichetta: 'Sponsor',
  table: sponsor,
  id: sponsor.id,
  fields: {
    name: { column: sponsor.name, search: true, sort: true },
    logo_url: { column: sponsor.logoUrl },
    website: { column: sponsor.website, search: true },
    description: { column: sponsor.description, search: true },
    ordine: { column: sponsor.ordine, sort: true },
  },
  item: adminSponsorSchema,
  request: adminSponsorRequest,
  title: (r) => text(r, 'name'),
  ordering: ['ordine', 'name'],
});

export const ADMIN_RESOURCES: readonly AdminResource[] = [
  paeseResource,
  regioneResource,
  cittaResource,
  scuolaResource,
  poloResource,
  sponsorResource,
];
