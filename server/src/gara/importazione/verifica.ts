// The checks of a well-formed document against itself and against what GaS
// holds (import-format.md, "All or nothing"): each problem with the record's
// place and an Italian message. Nothing here writes. The records checked are
// those that read well (lettura.ts): each is named by its place in the
// document as sent, and the keys of the records left out still count as known.
import type { ErroreImport } from '@gas/contracts';
import type { DocumentoLetto, Sezione } from './lettura';
import { nomeKey, type Stato } from './queries';

/**
 * `nomina(sezione, i)`: how a message names another record of the document
 * ('Squadra 1 «Fermi A» (id_esterno t-77)'); `i` is its place in the document.
 */
export function verifica(
  letto: DocumentoLetto,
  stato: Stato,
  nomina: (sezione: Sezione, indice: number) => string,
): ErroreImport[] {
  const { doc, posizioni } = letto;
  const errori: ErroreImport[] = [];
  const errore = (luogo: string, messaggio: string) => errori.push({ luogo, messaggio });
  /** The place in the document of the i-th record of `doc`'s list. */
  const at = (sezione: Sezione, i: number) => `${sezione}[${posizioni[sezione][i]}]`;

  // The event of the teams.
  if (doc.squadre.length > 0) {
    if (doc.evento == null) errore('evento', 'Serve l’evento delle squadre (il suo id in GaS).');
    else if (!stato.evento) errore('evento', `L’evento ${doc.evento} non esiste in GaS.`);
    else if (stato.evento.tipologia !== 'o') {
      errore('evento', `L’evento ${doc.evento} non è un evento ufficiale.`);
    }
  }

  // Repeated keys within the document.
  const ripetuti = <T>(
    sezione: Sezione,
    lista: T[],
    chiave: (x: T) => string | null | undefined,
    campo: string,
    messaggio: (primo: string) => string,
  ) => {
    const visti = new Map<string, number>();
    lista.forEach((x, i) => {
      const k = chiave(x);
      if (k === null || k === undefined) return;
      const primo = visti.get(k);
      if (primo === undefined) visti.set(k, i);
      else {
        const dove = posizioni[sezione][primo]!;
        errore(
          `${at(sezione, i)}.${campo}`,
          messaggio(`${nomina(sezione, dove)}, ${sezione}[${dove}]`),
        );
      }
    });
  };
  ripetuti(
    'scuole',
    doc.scuole,
    (s) => s.codice_meccanografico,
    'codice_meccanografico',
    (p) => `Codice meccanografico ripetuto nel documento (è già in ${p}).`,
  );
  ripetuti(
    'responsabili',
    doc.responsabili,
    (r) => r.id_esterno,
    'id_esterno',
    (p) => `Identificativo ripetuto nel documento (è già in ${p}).`,
  );
  ripetuti(
    'responsabili',
    doc.responsabili,
    (r) => r.username,
    'username',
    (p) => `Nome utente ripetuto nel documento (è già in ${p}).`,
  );
  ripetuti(
    'responsabili',
    doc.responsabili,
    (r) => r.email.toLowerCase(),
    'email',
    (p) => `Indirizzo e-mail ripetuto nel documento (è già in ${p}).`,
  );
  ripetuti(
    'squadre',
    doc.squadre,
    (t) => t.id_esterno,
    'id_esterno',
    (p) => `Identificativo ripetuto nel documento (è già in ${p}).`,
  );
  ripetuti(
    'squadre',
    doc.squadre,
    (t) => `${nomeKey(t.sessione)}\u0000${nomeKey(t.nome)}`,
    'nome',
    (p) => `Due squadre con lo stesso nome nella stessa sessione (l’altra è ${p}).`,
  );

  // References: schools and managers of the document or already in GaS.
  const scuoleNote = new Set([
    ...doc.scuole.map((s) => s.codice_meccanografico),
    ...letto.chiaviEscluse.scuole,
    ...stato.scuole.keys(),
  ]);
  const scuolaSconosciuta = (codice: string) =>
    `Scuola sconosciuta: ${codice} non è tra le scuole del documento né in GaS.`;
  doc.responsabili.forEach((r, i) =>
    (r.scuole ?? []).forEach((codice, k) => {
      if (!scuoleNote.has(codice))
        errore(`${at('responsabili', i)}.scuole[${k}]`, scuolaSconosciuta(codice));
    }),
  );
  const responsabiliNoti = new Set([
    ...doc.responsabili.map((r) => r.id_esterno),
    ...letto.chiaviEscluse.responsabili,
    ...stato.responsabili.keys(),
  ]);

  // Accounts: a username or e-mail already used by a different user; a staff
  // or superuser account (its manager profile has this id_esterno) keeps its
  // username, e-mail and names: only a superuser changes them, in the back
  // office (issue 26), or the document would hand the account to whoever
  // controls that e-mail.
  doc.responsabili.forEach((r, i) => {
    const esistente = stato.responsabili.get(r.id_esterno);
    if (esistente?.privilegiato) {
      const a = esistente.doc;
      const cambia =
        r.username !== a.username ||
        r.email.toLowerCase() !== a.email.toLowerCase() ||
        (r.first_name !== undefined && (r.first_name ?? '') !== a.first_name) ||
        (r.last_name !== undefined && (r.last_name ?? '') !== a.last_name);
      if (cambia) {
        errore(
          `responsabili[${i}]`,
          `Il responsabile ${r.id_esterno} è l’account «${a.username}», di staff o di un superutente: un’importazione non ne cambia nome utente, e-mail o nome. Un superutente li allinea dall’amministrazione.`,
        );
      }
    }
  });
  doc.responsabili.forEach((r, i) => {
    const proprio = stato.responsabili.get(r.id_esterno)?.userId;
    const altroNome = stato.perUsername.get(r.username);
    if (altroNome !== undefined && altroNome !== proprio) {
      errore(
        `${at('responsabili', i)}.username`,
        `Il nome utente «${r.username}» è già usato da un altro account.`,
      );
    }
    const altraEmail = stato.perEmail.get(r.email.toLowerCase());
    if (altraEmail !== undefined && altraEmail !== proprio) {
      errore(
        `${at('responsabili', i)}.email`,
        `L’indirizzo ${r.email} è già usato da un altro account.`,
      );
    }
  });

  // Teams: session and venue of the event, names unique in a session.
  const conEvento = stato.evento?.tipologia === 'o';
  const nelDocumento = new Set([
    ...doc.squadre.map((t) => t.id_esterno),
    ...letto.chiaviEscluse.squadre,
  ]);
  doc.squadre.forEach((t, i) => {
    const luogo = (campo: string) => `${at('squadre', i)}.${campo}`;
    if (t.scuola && !scuoleNote.has(t.scuola)) errore(luogo('scuola'), scuolaSconosciuta(t.scuola));
    (t.responsabili ?? []).forEach((id, k) => {
      if (!responsabiliNoti.has(id)) {
        errore(
          `${luogo('responsabili')}[${k}]`,
          `Responsabile sconosciuto: ${id} non è tra i responsabili del documento né in GaS.`,
        );
      }
    });
    if (!conEvento) return;
    const sessioneId = stato.sessioni.get(nomeKey(t.sessione))?.id;
    if (sessioneId === undefined) {
      errore(luogo('sessione'), `L’evento ${doc.evento} non ha una sessione «${t.sessione}».`);
    }
    if (t.polo && !stato.poli.has(nomeKey(t.polo))) {
      errore(luogo('polo'), `L’evento ${doc.evento} non ha un polo «${t.polo}».`);
    }
    const esistente = stato.squadre.get(t.id_esterno);
    if (
      esistente &&
      sessioneId !== undefined &&
      esistente.sessioneId !== sessioneId &&
      esistente.risposte
    ) {
      errore(
        luogo('sessione'),
        'La squadra ha già delle risposte: non può cambiare sessione con un’importazione.',
      );
    }
    if (sessioneId !== undefined) {
      const omonima = stato.nomiInSessione.find(
        (s) =>
          s.sessioneId === sessioneId &&
          nomeKey(s.nome) === nomeKey(t.nome) &&
          s.idEsterno !== t.id_esterno &&
          // A team the document renames or moves frees its name.
          !(s.idEsterno !== null && nelDocumento.has(s.idEsterno)),
      );
      if (omonima) {
        errore(
          luogo('nome'),
          `Nella sessione «${t.sessione}» c’è già un’altra squadra «${omonima.nome}».`,
        );
      }
    }
  });
  return errori;
}
