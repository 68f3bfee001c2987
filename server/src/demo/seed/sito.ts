// Site content of the demo: sponsors and the site settings (home, rules
// documents per year, webinars, final, about-us). People named here are
// fictional.
import type { ChiaveImpostazione, ImpostazioniSito } from '../../db/schema';

// Logos of made-up sponsors, shipped with the web app (web/public/demo/sponsor/).
const logo = (file: string) => `/demo/sponsor/${file}.svg`;

/** A short public video, played through youtube-nocookie.com after a click (VideoFacade). */
export const DEMO_VIDEO_URL = 'https://www.youtube.com/watch?v=jNQXAC9IVRw';

export const SPONSOR = [
  {
    name: 'Fondazione Scienza Aperta',
    logoUrl: logo('fondazione-scienza-aperta'),
    website: 'https://example.org/fondazione-scienza-aperta',
    description: 'Sostiene la diffusione della cultura scientifica nelle scuole superiori.',
    ordine: 1,
  },
  {
    name: 'Laboratori Ottici Toscani',
    logoUrl: logo('laboratori-ottici-toscani'),
    website: 'https://example.org/laboratori-ottici',
    description: 'Offre gli strumenti di misura per le prove sperimentali della finale.',
    ordine: 2,
  },
  {
    name: 'Editrice Fisica & Dintorni',
    logoUrl: logo('editrice-fisica-e-dintorni'),
    website: 'https://example.org/fisica-e-dintorni',
    description: 'Mette in palio libri di fisica per le squadre vincitrici.',
    ordine: 3,
  },
];

const documenti = (anno: number, poli: boolean) => ({
  regolamento: `/documenti/${anno}/regolamento.pdf`,
  logistica: `/documenti/${anno}/logistica.pdf`,
  ...(poli ? { poli: `/documenti/${anno}/poli.pdf` } : {}),
});

export const COLLABORATORI = [
  ['Giulia Ferri', 48],
  ['Marco Benedetti', 41],
  ['Elisa Moretti', 37],
  ['Paolo Sartori', 33],
  ['Chiara Galli', 29],
  ['Luca Fabbri', 27],
  ['Anna Pellegrini', 24],
  ['Davide Orlandi', 22],
  ['Sara Testa', 19],
  ['Stefano Villa', 17],
  ['Irene Cattaneo', 15],
  ['Andrea Palumbo', 13],
  ['Francesca Serra', 12],
  ['Matteo Farina', 10],
  ['Laura Bellini', 9],
  ['Roberto Negri', 8],
] as const;

export const IMPOSTAZIONI: { [K in ChiaveImpostazione]: ImpostazioniSito[K] } = {
  home: {
    notizie: [
      {
        titolo: 'Al via l’edizione 2026',
        testo:
          'Sono aperte le iscrizioni alle gare a squadre 2026: le scuole possono registrare le squadre fino a una settimana prima di ogni gara.',
        data: '2025-11-10',
      },
      {
        titolo: 'Webinar di preparazione',
        testo:
          'Quattro webinar gratuiti accompagnano docenti e studenti verso la gara nazionale: il calendario è qui sotto.',
        data: '2025-11-20',
      },
      {
        titolo: 'Finale nazionale a Senigallia',
        testo: 'La finale si svolgerà dal 15 al 18 aprile 2026.',
        data: '2026-01-15',
      },
    ],
    video_url: DEMO_VIDEO_URL,
    chi_siamo_anteprima:
      'Un gruppo di docenti, ricercatori ed ex partecipanti prepara ogni anno i problemi, la piattaforma e le gare.',
    regolamento_sintesi:
      'Squadre di al massimo cinque studenti risolvono problemi con risposta numerica; ogni risposta corretta vale punti che diminuiscono man mano che altre squadre risolvono lo stesso problema. Il jolly raddoppia i punti di un problema.',
  },
  regolamento: {
    '2026': documenti(2026, true),
    '2025': documenti(2025, true),
    '2024': documenti(2024, false),
    '2023': documenti(2023, false),
  },
  webinar: [
    { data: '2025-12-05', ora: '17:00', titolo: 'Come si affronta una gara a squadre' },
    { data: '2026-02-02', ora: '17:00', titolo: 'Meccanica e termodinamica' },
    { data: '2026-02-16', ora: '17:00', titolo: 'Elettromagnetismo e ottica' },
    { data: '2026-03-02', ora: '17:00', titolo: 'Strategie, jolly e stime di ordini di grandezza' },
  ].map((w) => ({ ...w, descrizione: 'Webinar online aperto a docenti e studenti.', link: '' })),
  finale: {
    inizio: '2026-04-15',
    fine: '2026-04-18',
    luogo: 'Senigallia (AN)',
    calendario: [
      { data: '2026-04-15', descrizione: 'Arrivo delle squadre e accoglienza' },
      { data: '2026-04-16', descrizione: 'Gara a squadre, prima sessione' },
      { data: '2026-04-17', descrizione: 'Gara a squadre, finale' },
      { data: '2026-04-18', descrizione: 'Premiazione e saluti' },
    ],
  },
  chi_siamo: {
    direzione: [
      { nome: 'Maria Lanfranchi', ruolo: 'Direzione scientifica' },
      { nome: 'Giorgio Castelli', ruolo: 'Coordinamento delle gare' },
    ],
    docenti_formazione: [
      { nome: 'Silvia Arena', affiliazione: 'Liceo Scientifico, Pisa' },
      { nome: 'Fabio Donati', affiliazione: 'Liceo Classico, Milano' },
      { nome: 'Teresa Marchetti', affiliazione: 'ITI, Napoli' },
    ],
    sviluppatori: [
      { nome: 'Alberto Rinaldi', ruolo: 'Piattaforma e classifiche' },
      { nome: 'Camilla Neri', ruolo: 'Interfaccia' },
    ],
    ringraziamenti: [
      'Le scuole che ospitano i poli di gara',
      'I dipartimenti di fisica delle università italiane',
      'Tutti i docenti che preparano le squadre',
    ],
    docenti_scuole: [
      { nome: 'Paola Bertini', affiliazione: 'Liceo Scientifico "Ulisse Dini", Pisa' },
      { nome: 'Carlo Fumagalli', affiliazione: 'Liceo Scientifico "Alessandro Volta", Milano' },
    ],
  },
  // No logo in the demo: the certificates show the signature line only.
  attestati: {
    firmatario: 'Maria Lanfranchi',
    firma: 'Direzione scientifica delle Gare a squadre di fisica',
  },
};
