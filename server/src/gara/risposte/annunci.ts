// The changes an answer or a joker makes, emitted after its commit (never
// before: a page woken by the frame reads it back at once).
import type { Risposta } from '../../db/schema';
import { toScoringEvent } from '../../scores/rows';
import type { FlussoModifiche } from '../modifiche';

type Emettitore = Pick<FlussoModifiche, 'emetti'>;

/** A new answer or joker, committed. */
export function annunciaConsegna(modifiche: Emettitore, row: Risposta): void {
  modifiche.emetti({
    tipo: 'consegna',
    sessione: row.sessioneId,
    evento: toScoringEvent({
      id: row.id,
      k: row.kind,
      s: row.squadraId,
      p: row.problemaId,
      c: row.corretto,
      d: row.date,
    }),
    ricontrollata: false,
  });
}

/** An answer or joker deleted. */
export function annunciaEliminazione(
  modifiche: Emettitore,
  row: Pick<Risposta, 'id' | 'sessioneId'>,
): void {
  modifiche.emetti({ tipo: 'consegna_eliminata', sessione: row.sessioneId, id: row.id });
}
