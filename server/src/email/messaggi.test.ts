// The start-up warning about e-mail links that point to localhost (issue 26).
import { describe, expect, it } from 'vitest';
import { avvisoLinkLocali } from './messaggi';

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
