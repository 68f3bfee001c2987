// The answers a painted page is rendered from, made up for the shell's
// tests (entry-server.test.tsx, idratazione.test.tsx): a session of 25
// teams under way at `ora`, its event, and home.
import type { Evento, PunteggiItem, Sessione, Sito, Sponsor, Squadra } from '@gas/contracts';
import type { DatiPagina } from './primaSchermata';

const ORA_MS = 3_600_000;

export function sessioneDiProva(ora: number) {
  const sessione = {
    id: 7,
    nome: 'Sessione',
    evento: 3,
    numero_qualificati: null,
    poli: [],
    inizio: new Date(ora - ORA_MS).toISOString(),
    fine: new Date(ora + ORA_MS).toISOString(),
  } as unknown as Sessione;
  const evento = {
    id: 3,
    titolo: 'Gara',
    descrizione: '',
    tipologia: 'pub',
    ufficiale: false,
    problemi: [],
    sessioni: [{ id: 7, nome: 'Sessione', ufficiale: false, numero_qualificati: null }],
    poli: [],
    permessi: {},
    inizio: sessione.inizio,
    fine: sessione.fine,
  } as unknown as Evento;
  const classifica = Array.from({ length: 25 }, (_, i) => ({
    posizione: i + 1,
    id: i + 1,
    nome: `Squadra ${i + 1}`,
    ospite: false,
    totale: 500 - i,
    punti_parziali: [],
    solved: [],
    new: [],
    jolly: null,
    penalita: 0,
    polo: null,
  }));
  /** What the scores, commentary and results pages are painted from. */
  const conClassifica: DatiPagina = {
    sessione,
    evento,
    classifica: {
      ora: new Date(ora).toISOString(),
      json: { sessione: 7, problemi: [], valori: [], classifica },
    } as unknown as PunteggiItem,
    squadre: [] as Squadra[],
    poli: [],
    ora,
  };
  return { sessione, evento, conClassifica };
}

/** What home is painted from. */
export const HOME_DI_PROVA: { sito: Sito; sponsor: Sponsor[] } = {
  sito: {
    home: {
      notizie: [{ titolo: 'Iscrizioni aperte', testo: 'Fino a marzo.', data: '2026-01-10' }],
      video_url: '',
      chi_siamo_anteprima: 'Docenti e studenti.',
      regolamento_sintesi: 'Cinque studenti per squadra.',
    },
    regolamento: null,
    webinar: null,
    finale: null,
    chi_siamo: null,
    map_tile_url: '',
    chat_url: null,
  },
  sponsor: [{ name: 'Ottica & C.', logo_url: '/logo.svg', website: '', description: '' }],
};
