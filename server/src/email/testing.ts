// A real SMTP server inside a test process (smtp-server), with every message
// that arrives parsed (mailparser): the server tests and the e2e specs read
// the e-mails GaS sent as a person would receive them.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type { ParsedMail };

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
  const per = (a: string) => arrivate.filter((m) => JSON.stringify(m.to ?? '').includes(a));
  return {
    arrivate,
    /** Listens on `port` (0: any free one); resolves with the port. */
    start: (port = 0) =>
      new Promise<number>((resolve) =>
        server.listen(port, '127.0.0.1', () =>
          resolve((server.server.address() as AddressInfo).port),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Messages to `a` so far. */
    per,
    /** The message number `n` (from 0) to `a`, waiting up to `timeoutMs` for it. */
    async attendi(a: string, n: number, timeoutMs = 10_000): Promise<ParsedMail> {
      const fine = Date.now() + timeoutMs;
      while (per(a).length <= n) {
        if (Date.now() > fine) throw new Error(`nessun messaggio n. ${n} per ${a}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return per(a)[n]!;
    },
  };
}

/** The path of the one-time link in a message (/accounts/imposta-password/{token}/). */
export function percorsoDelLink(mail: ParsedMail): string {
  const match = /https?:\/\/[^/\s]+(\/accounts\/imposta-password\/[\w-]+\/)/.exec(mail.text ?? '');
  if (!match) throw new Error(`nessun link nel messaggio: ${mail.text}`);
  return match[1]!;
}
