// The e2e server's mailbox: the server sends to GAS_SMTP_URL (set by the
// Playwright config to this port), and a spec that needs its e-mails starts
// this SMTP server and reads what arrives.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** The SMTP port of the e2e server (one per E2E_PORT, so parallel runs do not meet). */
export const smtpPort = (e2ePort = Number(process.env.E2E_PORT ?? 8123)) => e2ePort + 10_000;

export function casellaDiPosta() {
  const arrivate: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          arrivate.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  return {
    arrivate,
    start: () =>
      new Promise<number>((resolve) =>
        server.listen(smtpPort(), '127.0.0.1', () =>
          resolve((server.server.address() as AddressInfo).port),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Messages to `a` so far. */
    per: (a: string) => arrivate.filter((m) => JSON.stringify(m.to ?? '').includes(a)),
  };
}

/** The path of the one-time link in a message (/accounts/imposta-password/{token}/). */
export function percorsoDelLink(mail: ParsedMail): string {
  const match = /https?:\/\/[^/\s]+(\/accounts\/imposta-password\/[\w-]+\/)/.exec(mail.text ?? '');
  if (!match) throw new Error(`nessun link nel messaggio: ${mail.text}`);
  return match[1]!;
}
