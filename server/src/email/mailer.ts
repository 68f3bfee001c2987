// Outgoing e-mail (issue 15) through nodemailer: SMTP at GAS_SMTP_URL, from
// GAS_EMAIL_FROM. Without an SMTP URL each message is written to the log
// instead, so that a demo (and a developer) still gets the links it carries.
import nodemailer, { type Transporter } from 'nodemailer';

export type Messaggio = { a: string; oggetto: string; testo: string; html: string };

export interface Mailer {
  invia(messaggio: Messaggio): Promise<void>;
  chiudi(): void;
}

type Log = { info(obj: object, msg: string): void };

export function createMailer(
  config: { smtpUrl: string | undefined; from: string },
  log: Log,
): Mailer {
  if (!config.smtpUrl) {
    return {
      async invia(m) {
        log.info(
          { a: m.a, oggetto: m.oggetto, testo: m.testo },
          'e-mail (nessun SMTP configurato: GAS_SMTP_URL)',
        );
      },
      chiudi() {},
    };
  }
  const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
  return {
    async invia(m) {
      await transport.sendMail({
        from: config.from,
        to: m.a,
        subject: m.oggetto,
        text: m.testo,
        html: m.html,
      });
    },
    chiudi: () => transport.close(),
  };
}
