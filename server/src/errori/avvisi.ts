// How many e-mails the error inbox sends the superusers (issue 26): an
// attacker who makes distinct errors (20 reports with distinct words from two
// addresses once made 40 e-mails) must not fill their mailboxes.
//
// - At most EMAIL_ALL_ORA e-mails in a clock hour to each superuser: up to
//   AVVISI_ALL_ORA alerts (one per new or reopened group, as before), and one
//   digest. Every e-mail goes to every superuser, so one count for the whole
//   inbox bounds each mailbox.
// - A group whose alert finds the hour's alerts used up (or whose alert could
//   not be sent) waits for the digest (errore_gruppo.riepilogo_dal). The
//   digest goes out once the hour the first of them was put aside has ended:
//   one e-mail listing every group waiting.
// The queries are in queries.ts.
// - Several instances share one database: every decision is a conditional
//   write that only one of them wins (the hour's alert count, the hour's
//   one digest, the groups a digest takes), like the one-per-group-per-hour
//   claim (queries.ts, prenotaEmail). A digest takes its groups before
//   sending and confirms them after: a failed send gives them back, and the
//   groups of a sender that died are retaken after PRESA_SCADE_MS. So no
//   group is lost and none is in two digests, except when an instance dies
//   between the mail server's acceptance and the confirmation (then the next
//   digest repeats it: a repeat beats a loss).

/**
 * E-mails an hour to each superuser, the digest included. Ten: a broken
 * release shows its first distinct errors one by one, which is what a
 * superuser acts on; beyond that a mailbox is being flooded, and one digest
 * an hour says what else happened.
 */
export const EMAIL_ALL_ORA = 10;
/** Alerts an hour: the hour's other e-mail is its digest. */
export const AVVISI_ALL_ORA = EMAIL_ALL_ORA - 1;
/** A digest that did not confirm its groups within this time died: they are retaken. */
export const PRESA_SCADE_MS = 15 * 60_000;
/** The hours' counts are kept this long (for whoever looks at the table). */
export const ORE_TENUTE_MS = 24 * 60 * 60_000;

const ORA_MS = 60 * 60_000;

/** The start of the clock hour of `d` (UTC; every instance agrees). */
export const inizioOra = (d: Date) => new Date(Math.floor(d.getTime() / ORA_MS) * ORA_MS);
