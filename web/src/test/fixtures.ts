// Payloads for page tests, shaped like the server's.
import type { Evento, EventoPermessi, FileEvento, Squadra, User } from '../api/types';

export const page = <T>(results: T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

export const NESSUN_PERMESSO: EventoPermessi = {
  puo_modificare: false,
  puo_inserire: false,
  puo_consegnare: false,
  puo_cancellare_risposte: false,
  puo_scegliere_momento_consegna: false,
  puo_vedere_bigliettini: false,
  puo_invitare: false,
  puo_iscrivere_squadre: false,
};

const HOUR = 3_600_000;

export function file(id: number, data: string, pubblico: boolean): FileEvento {
  return {
    id,
    data,
    pubblico,
    pubblicato: pubblico,
    programmed_path_url: pubblico ? `/api/gas/file-programmato/${id}/contenuto/` : null,
  };
}

/** An event starting `startOffset` ms from now, lasting two hours. */
export function evento(id: number, startOffset: number, extra: Partial<Evento> = {}): Evento {
  const inizio = new Date(Date.now() + startOffset).toISOString();
  const fine = new Date(Date.now() + startOffset + 2 * HOUR).toISOString();
  return {
    id,
    titolo: `Evento ${id}`,
    descrizione: '',
    inizio,
    fine,
    tipologia: 'o',
    ufficiale: true,
    inizio_iscrizioni: null,
    fine_iscrizioni: null,
    fine_modifica_squadre: null,
    fine_consegna_jolly: null,
    file_problemi: null,
    file_soluzioni: null,
    youtube_link: '',
    pagina_dedicata: '',
    poli: [],
    problemi: [],
    sessioni: [{ id: id * 10, nome: `Sessione ${id}`, ufficiale: true, numero_qualificati: 5 }],
    permessi: NESSUN_PERMESSO,
    ...extra,
  };
}

export function squadra(
  id: number,
  sessione: number,
  nome: string,
  scuola: string,
  citta: string,
): Squadra {
  return {
    id,
    nome,
    sessione,
    evento: 1,
    polo: null,
    ufficiale: true,
    ospite: false,
    scuola: {
      id: id + 100,
      nome: scuola,
      tipologia: 'LS',
      indirizzo: {
        nome: 'Via Roma 1',
        citta: { id: 1, name: citta, latitude: null, longitude: null },
        latitude: null,
        longitude: null,
      },
    },
  };
}

export function user(username: string, extra: Partial<User> = {}): User {
  return {
    id: 7,
    username,
    first_name: 'Nome',
    last_name: 'Cognome',
    email: `${username}@example.org`,
    is_superuser: false,
    is_staff: false,
    is_authenticated: true,
    responsabile: null,
    ...extra,
  };
}
