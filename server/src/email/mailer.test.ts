// Without GAS_SMTP_URL a message is written to the log, whole (a demo still
// gets its links); with it, nodemailer sends (password-link.test.ts reads
// what arrives at a real SMTP server).
import { describe, expect, it, vi } from 'vitest';
import { createMailer } from './mailer';
import { invitoPassword } from './messaggi';

describe('mailer', () => {
  it('writes each message to the log when no SMTP is configured', async () => {
    const info = vi.fn();
    const mailer = createMailer({ smtpUrl: undefined, from: 'GaS <a@b.it>' }, { info });
    const messaggio = invitoPassword(
      { email: 'm@scuola.it', nome: 'Maria <b>', username: 'm.r' },
      'https://gas.example.it/accounts/imposta-password/abc/',
      7,
    );
    await mailer.invia(messaggio);
    expect(info).toHaveBeenCalledOnce();
    const [fields] = info.mock.calls[0]!;
    expect(fields).toMatchObject({ a: 'm@scuola.it', oggetto: messaggio.oggetto });
    expect(fields.testo).toContain('https://gas.example.it/accounts/imposta-password/abc/');
    // Names are escaped in the HTML part.
    expect(messaggio.html).toContain('Maria &lt;b&gt;');
    expect(messaggio.html).not.toContain('<b>');
  });
});
