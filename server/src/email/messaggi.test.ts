// The error inbox's digest e-mail (issue 26): Italian counts that agree, and
// a bounded length however many groups wait.
import { describe, expect, it } from 'vitest';
import { riepilogoErrori, type VoceRiepilogoErrori } from './messaggi';

const superuser = { email: 'admin@gas.example', nome: 'Anna', username: 'anna' };
const voce = (id: number, conteggio = 1): VoceRiepilogoErrori => ({
  id,
  origine: 'web',
  tipo: 'errore',
  messaggio: `Errore ${id}`,
  conteggio,
  ultimo: '26/11/26, 15:10:00',
});

describe('riepilogoErrori', () => {
  it('one group', () => {
    const m = riepilogoErrori(superuser, [voce(7)], 'https://gas.example.it', 9);
    expect(m.oggetto).toBe('GaS - Gara a Squadre di Fisica: riepilogo di un errore');
    expect(m.testo).toContain('ha registrato un errore di cui non hai ricevuto l’avviso');
    expect(m.testo).toContain(
      '• «Errore 7» (web app, errore; 1 volta, il 26/11/26, 15:10:00): https://gas.example.it/admin/errori/7/',
    );
  });

  it('many groups: the first 50 listed, the others counted', () => {
    const voci = Array.from({ length: 52 }, (_, i) => voce(i + 1, 3));
    const m = riepilogoErrori(superuser, voci, 'https://gas.example.it', 9);
    expect(m.oggetto).toBe('GaS - Gara a Squadre di Fisica: riepilogo di 52 errori');
    expect(m.testo).toContain('(web app, errore; 3 volte, l’ultima il 26/11/26, 15:10:00)');
    expect(m.testo).toContain('/admin/errori/50/');
    expect(m.testo).not.toContain('/admin/errori/51/');
    expect(m.testo).toContain('E altri 2 errori: li trovi nell’amministrazione.');
    expect(m.html).toContain('https://gas.example.it/admin/errori/');
  });
});
