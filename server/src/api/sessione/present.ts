// JSON shapes of sessions (SessioneOut of @gas/contracts) and of schools (spec §3 Scuola).
import type { SessioneOut } from '@gas/contracts';
import type { ScuolaRow, SessioneRow } from './queries';

export function presentSessione(row: SessioneRow): SessioneOut {
  const s = row.sessione;
  return {
    id: s.id,
    nome: s.nome,
    evento: s.eventoId,
    ufficiale: s.ufficiale,
    numero_qualificati: s.numeroQualificati,
    ordine: s.ordine,
    inizio: row.inizio.toISOString(),
    fine: row.fine.toISOString(),
    squadre_count: row.squadreCount,
    poli: row.poli,
  };
}

export function presentScuola({ scuola, citta }: ScuolaRow) {
  return {
    id: scuola.id,
    nome: scuola.nome,
    tipologia: scuola.tipologia,
    indirizzo: {
      nome: scuola.indirizzoNome,
      citta: citta
        ? { id: citta.id, name: citta.nome, latitude: citta.latitude, longitude: citta.longitude }
        : null,
      latitude: scuola.latitude,
      longitude: scuola.longitude,
    },
  };
}
