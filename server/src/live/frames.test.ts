import type { ModificaGara } from '@gas/contracts';
import { describe, expect, it } from 'vitest';
import { sessioniToccate } from '../scores/cache';
import { messaggiDellaModifica } from './frames';

const evento = { id: 9, k: 'r' as const, s: 4, p: 5, c: false, d: '2026-04-15T09:12:03.000Z' };
const tempi = {
  inizio: '2026-04-15T08:00:00.000Z',
  fine: '2026-04-15T10:00:00.000Z',
  fine_consegna_jolly: null,
};

/** Each kind of change, the bus messages it becomes and the snapshots it makes stale. */
const casi: [ModificaGara, unknown[], number[]][] = [
  [
    { tipo: 'consegna', sessione: 3, evento, ricontrollata: false },
    [{ type: 'npe', sessioneId: 3, event: evento }],
    [3],
  ],
  [
    { tipo: 'consegna', sessione: 3, evento, ricontrollata: true },
    [
      { type: 'npe_delete', sessioneId: 3, id: 9 },
      { type: 'npe', sessioneId: 3, event: evento },
    ],
    [3],
  ],
  [
    { tipo: 'consegna_eliminata', sessione: 3, id: 9 },
    [{ type: 'npe_delete', sessioneId: 3, id: 9 }],
    [3],
  ],
  [{ tipo: 'classifiche_da_ricalcolare', sessioni: [3, 4] }, [], [3, 4]],
  [
    { tipo: 'evento_modificato', evento: 2, sessioni: [3], parti: ['evento'], tempi },
    [
      { type: 'tempi', eventoId: 2, sessioni: [3], tempi },
      { type: 'modifica', eventoId: 2, sessioni: [3], parti: ['evento'] },
    ],
    [3],
  ],
  [
    { tipo: 'evento_modificato', evento: 2, sessioni: [3], parti: ['squadre'], tempi: null },
    [{ type: 'modifica', eventoId: 2, sessioni: [3], parti: ['squadre'] }],
    [3],
  ],
  [
    {
      tipo: 'messaggio',
      azione: 'creato',
      evento: 2,
      messaggio: { id: 7, testo: 'Pausa', data: tempi.inizio },
    },
    [{ type: 'new_message', eventoId: 2, message: { id: 7, testo: 'Pausa', data: tempi.inizio } }],
    [],
  ],
  [
    {
      tipo: 'messaggio',
      azione: 'modificato',
      evento: 2,
      messaggio: { id: 7, testo: 'Ripresa', data: tempi.inizio },
    },
    [
      {
        type: 'edit_message',
        eventoId: 2,
        message: { id: 7, testo: 'Ripresa', data: tempi.inizio },
      },
    ],
    [],
  ],
  [
    { tipo: 'messaggio_eliminato', evento: 2, id: 7 },
    [{ type: 'delete_message', eventoId: 2, id: 7 }],
    [],
  ],
  [
    { tipo: 'ricarica_richiesta', sessione: 3, intervallo: 0 },
    [{ type: 'refresh_page', sessioneId: 3 }],
    [],
  ],
  [
    { tipo: 'ricarica_richiesta', sessione: 3, intervallo: 30 },
    [{ type: 'refresh_page_delayed', sessioneId: 3, interval: 30 }],
    [],
  ],
  [
    // The ranking does not change: no snapshot is dropped.
    { tipo: 'proclamazione', sessione: 3, passo: 4, passi: 12 },
    [{ type: 'proclamazione', sessioneId: 3, passo: 4, passi: 12 }],
    [],
  ],
];

describe('a committed change on the live bus and the snapshot cache', () => {
  it.each(casi)('%o', (modifica, messaggi, sessioni) => {
    expect(messaggiDellaModifica(modifica)).toEqual(messaggi);
    expect(sessioniToccate(modifica)).toEqual(sessioni);
  });
});
