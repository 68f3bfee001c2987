// One submission of the answer desk on its way to the server (issue 17).
import type { ApiBody } from '../../../api/typed';
import type { RispostaPayload } from '../api';
import type { Risultato } from './outbox';

export type CorpoJolly = ApiBody<'/api/gas/jolly/', 'post'>;

export type StatoInvio = 'in_attesa' | 'inviata' | 'rifiutata';

/** What is sent: an answer or a joker, each with the body the API's document declares. */
export type Consegna =
  { tipo: 'risposta'; corpo: RispostaPayload } | { tipo: 'jolly'; corpo: CorpoJolly };

export type Invio = Consegna & {
  /** The Idempotency-Key: made when 'Invia' is pressed, sent with every attempt. */
  chiave: string;
  /** Who typed it: only they send it (a shared desk computer changes user). */
  utente: number;
  /** When 'Invia' was pressed, on the server's clock (ISO). */
  digitata: string;
  /** Names to list it by, as the form showed them. */
  nomi: { squadra: string; problema: string };
  stato: StatoInvio;
  /**
   * The server's answer once sent: correct or not, the delivery time it
   * stored; under double entry, where the typing stands.
   */
  esito?: Risultato;
  /** Why the server refused it, in its words. */
  motivo?: string;
  /** When it was acknowledged or refused (ISO): acknowledged ones are kept a day. */
  concluso?: string;
};

/** Acknowledged submissions are listed this long, then forgotten. */
export const CONSERVA_INVIATE_MS = 24 * 60 * 60 * 1000;
