// The e-mails' texts (issue 26): the error inbox's digest (Italian counts that
// agree, a bounded length however many groups wait) and the start-up warning
// about e-mail links that point to localhost.
import { describe, expect, it } from 'vitest';
import { avvisoLinkLocali, riepilogoErrori, type VoceRiepilogoErrori } from './messaggi';

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

describe('avvisoLinkLocali', () => {
  it.each([['0.0.0.0'], ['::'], ['192.168.1.10'], ['gas.example.it']])(
    'warns, in Italian, when the server listens on %s without GAS_PUBLIC_URL',
    (host) => {
      const avviso = avvisoLinkLocali({ publicUrl: undefined, port: 8000, host });
      expect(avviso).toContain('GAS_PUBLIC_URL non impostato');
      expect(avviso).toContain('http://localhost:8000');
      expect(avviso).toContain(host);
    },
  );

  it.each([['127.0.0.1'], ['127.1.2.3'], ['localhost'], ['::1'], ['[::1]'], ['::ffff:127.0.0.1']])(
    'says nothing on loopback (%s): the links work where the server is',
    (host) => {
      expect(avvisoLinkLocali({ publicUrl: undefined, port: 8000, host })).toBeNull();
    },
  );

  it('says nothing with GAS_PUBLIC_URL set', () => {
    const config = { publicUrl: 'https://gas.example.it', port: 8000, host: '0.0.0.0' };
    expect(avvisoLinkLocali(config)).toBeNull();
  });
});
