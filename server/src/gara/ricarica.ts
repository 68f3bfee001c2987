// Admin action 'Richiedi il refresh': every open page of the session reloads,
// at once (intervallo 0) or each at a random moment within `intervallo`
// seconds, so that thousands of viewers do not reload in the same second.
import type { FlussoModifiche } from './modifiche';

export function richiediRicarica(
  modifiche: Pick<FlussoModifiche, 'emetti'>,
  sessioneId: number,
  intervallo: number,
): void {
  modifiche.emetti({ tipo: 'ricarica_richiesta', sessione: sessioneId, intervallo });
}
