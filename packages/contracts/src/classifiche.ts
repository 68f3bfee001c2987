// Results out of the system (issue 28): a session's or an event's ranking as
// a file (CSV, XLSX, PDF) and the teams' certificates (PDF). The server
// checks the query strings with these schemas, the web app builds its
// download links from the same formats, and a bad parameter answers 400 with
// these Italian texts.
import { z } from 'zod';
import { FORMATI_CLASSIFICA_EVENTO, FORMATI_CLASSIFICA_SESSIONE } from './classifiche-formati';
import { idParam } from './params';

export const MESSAGGI_CLASSIFICHE = {
  formatoSessione: 'Formato non valido: scegli csv, xlsx o pdf.',
  formatoEvento:
    'Formato non valido: scegli xlsx o pdf (la classifica di un evento non è disponibile in CSV).',
  poloNonValido: 'Il polo indicato non è un polo di questa sessione.',
  squadraNonValida: 'La squadra indicata non è una squadra di questa sessione.',
  attestatiFiltro: 'Indica un polo (polo=…) oppure una squadra (squadra=…), non entrambi.',
  attestatiPrimaDellaFine: 'Gli attestati si possono scaricare solo dopo la fine della gara.',
  nessunaSquadra: 'Nessuna squadra per cui preparare gli attestati.',
  pdfOccupato: 'Troppi PDF in preparazione: riprova tra un minuto.',
  pdfNonRiuscito: 'Non è stato possibile preparare il PDF: riprova più tardi.',
} as const;
const M = MESSAGGI_CLASSIFICHE;

/** GET /api/gas/sessione/{id}/classifica/ */
export const classificaSessioneQuery = z.object({
  formato: z.enum(FORMATI_CLASSIFICA_SESSIONE, { error: M.formatoSessione }),
  /** Only this venue's teams, ranked within the venue. */
  polo: idParam.optional(),
});

/** GET /api/gas/evento/{id}/classifica/ */
export const classificaEventoQuery = z.object({
  formato: z.enum(FORMATI_CLASSIFICA_EVENTO, { error: M.formatoEvento }),
});

/** GET /api/gas/sessione/{id}/attestati/: one venue's teams or one team. */
export const attestatiQuery = z
  .object({ polo: idParam.optional(), squadra: idParam.optional() })
  .refine((q) => (q.polo === undefined) !== (q.squadra === undefined), {
    error: M.attestatiFiltro,
    path: ['polo'],
  });

/** Data URLs of the logo: PNG or JPEG, the formats pdflatex includes. */
const LOGO_DATA_URL = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;
/** ~300 kB of image: a logo, not a photograph. */
export const LOGO_MAX_CARATTERI = 400_000;

/**
 * The site setting `attestati`: who signs the certificates and the logo at
 * their top. Every field is optional: without them the certificate has no
 * signature line and no logo.
 */
export const attestatiImpostazioneSchema = z.object({
  /** The line under the signature: 'Il Presidente del Comitato organizzatore'. */
  firma: z.string().max(200).optional(),
  /** The signer's name, printed above that line. */
  firmatario: z.string().max(200).optional(),
  /** The logo as a data URL (data:image/png;base64,…). */
  logo: z
    .string()
    .max(LOGO_MAX_CARATTERI, 'Il logo è troppo grande: al massimo 300 kB.')
    .regex(LOGO_DATA_URL, 'Il logo va dato come data URL di un’immagine PNG o JPEG.')
    .optional(),
});
export type AttestatiImpostazione = z.infer<typeof attestatiImpostazioneSchema>;
