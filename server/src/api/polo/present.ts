// A venue as the venue list (lista-poli) and the maps show it (spec §3 Polo).
import type { PoloRow } from './queries';

export function presentPolo({ polo, citta, responsabili }: PoloRow) {
  return {
    id: polo.id,
    evento: polo.eventoId,
    nome_breve: polo.nomeBreve,
    descrizione: polo.descrizione,
    indirizzo: polo.indirizzo,
    // The venue card shows its managers as contacts (spec §2 Venue list).
    responsabili: responsabili.map((m) => ({
      first_name: m.firstName,
      last_name: m.lastName,
      email: m.email,
    })),
    capacita_massima_squadre: polo.capacitaMassimaSquadre,
    latitude: polo.latitude,
    longitude: polo.longitude,
    citta: citta
      ? {
          id: citta.id,
          name: citta.nome,
          provincia: citta.provincia,
          latitude: citta.latitude,
          longitude: citta.longitude,
        }
      : null,
  };
}
