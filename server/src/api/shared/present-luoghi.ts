// Places as the forms, the session cards and the maps read them.
import type { Citta, Paese, Regione, Scuola } from '../../db/schema';

export function presentPaese(row: Paese) {
  return { id: row.id, nome: row.nome, codice: row.codice };
}

export function presentRegione(row: Regione) {
  return { id: row.id, nome: row.nome, paese: row.paeseId };
}

// Spec §3 spells the city's name `name` (Scuola.indirizzo.citta); the rest of
// the API says `nome`. Both are sent so that either reading works.
function cittaBreve(row: Citta) {
  return {
    id: row.id,
    nome: row.nome,
    name: row.nome,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

export function presentCitta(row: Citta) {
  return { ...cittaBreve(row), provincia: row.provincia, regione: row.regioneId };
}

export type ScuolaPayload = ReturnType<typeof presentScuola>;

/** Spec §3: {id, nome, tipologia, indirizzo: {nome, citta, latitude, longitude}}. */
export function presentScuola(row: Scuola, citta: Citta | null) {
  return {
    id: row.id,
    nome: row.nome,
    tipologia: row.tipologia,
    indirizzo: {
      nome: row.indirizzoNome,
      citta: citta ? cittaBreve(citta) : null,
      latitude: row.latitude,
      longitude: row.longitude,
    },
  };
}
