// Texts of le-tue-squadre and of the team sign-up (spec §2, §6, §8).

/** The external olympiad site where official teams are registered (my + its name). */
export const SITO_OLIMPIADI = 'Olifis';
export const SQUADRE_UFFICIALI = `Vanno registrate su my${SITO_OLIMPIADI}`;
export const REGISTRANE = 'Puoi registrarne qualcuna seguendo il link qui sotto.';
export const NESSUNA_SQUADRA = 'Non hai squadre registrate in questa sessione.';
/** A team manager with no team at all, in any session. */
export const SECONDARIO_SENZA_SQUADRE =
  'Non hai squadre assegnate: contatta il responsabile principale della tua scuola perché te ne assegni.';
/** A team manager whose teams are all in other sessions. */
export const SECONDARIO_NESSUNA_QUI = 'Non hai squadre assegnate in questa sessione.';
export const PROFILO_MANCANTE =
  'Il tuo utente non ha un profilo di responsabile: è un problema tecnico, segnalalo agli organizzatori.';
export const SQUADRA_ISCRITTA = 'Squadra iscritta';
export const squadraIscritta = (nome: string) => `Hai iscritto la squadra ${nome} con successo`;
