// The live feeds' side of the change stream (gara/modifiche.ts): each
// committed change of contest data becomes the bus messages the feeds encode
// as frames (live/messages.ts) and the bridge forwards to other instances.
import type { ModificaGara } from '@gas/contracts';
import type { LiveBus, LiveMessage } from './bus';

export function messaggiDellaModifica(modifica: ModificaGara): LiveMessage[] {
  switch (modifica.tipo) {
    case 'consegna': {
      const npe: LiveMessage = {
        type: 'npe',
        sessioneId: modifica.sessione,
        event: modifica.evento,
      };
      // A re-checked answer replaces its old copy: pages drop it, then add this one.
      return modifica.ricontrollata
        ? [{ type: 'npe_delete', sessioneId: modifica.sessione, id: modifica.evento.id }, npe]
        : [npe];
    }
    case 'consegna_eliminata':
      return [{ type: 'npe_delete', sessioneId: modifica.sessione, id: modifica.id }];
    case 'classifiche_da_ricalcolare':
      // The snapshots' invalidation wakes the feeds (snapshot_invalidated).
      return [];
    case 'evento_modificato': {
      const { evento: eventoId, sessioni, parti, tempi } = modifica;
      const out: LiveMessage[] = [];
      if (tempi) out.push({ type: 'tempi', eventoId, sessioni, tempi });
      if (parti.length > 0) out.push({ type: 'modifica', eventoId, sessioni, parti });
      return out;
    }
    case 'messaggio':
      return [
        {
          type: modifica.azione === 'creato' ? 'new_message' : 'edit_message',
          eventoId: modifica.evento,
          message: modifica.messaggio,
        },
      ];
    case 'messaggio_eliminato':
      return [{ type: 'delete_message', eventoId: modifica.evento, id: modifica.id }];
    case 'accesso_modificato':
      // The access guard closes the feeds their viewer may no longer see.
      return [];
    case 'proclamazione':
      return [
        {
          type: 'proclamazione',
          sessioneId: modifica.sessione,
          passo: modifica.passo,
          passi: modifica.passi,
        },
      ];
    case 'ricarica_richiesta':
      return [
        modifica.intervallo === 0
          ? { type: 'refresh_page', sessioneId: modifica.sessione }
          : {
              type: 'refresh_page_delayed',
              sessioneId: modifica.sessione,
              interval: modifica.intervallo,
            },
      ];
  }
}

/** The subscriber of the change stream that publishes on the live bus. */
export function publishToBus(live: LiveBus): (modifica: ModificaGara) => void {
  return (modifica) => {
    for (const message of messaggiDellaModifica(modifica)) live.publish(message);
  };
}
