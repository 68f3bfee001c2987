// The e2e server's mailbox: the server sends to GAS_SMTP_URL, which the
// Playwright config points at this port; a spec that reads e-mails starts
// the server's own test mailbox there (server/src/email/testing.ts).
export { casellaDiPosta, percorsoDelLink } from '../../server/src/email/testing';

/** The SMTP port of the e2e server (one per E2E_PORT, so parallel runs do not meet). */
export const smtpPort = (e2ePort = Number(process.env.E2E_PORT ?? 8123)) => e2ePort + 10_000;
