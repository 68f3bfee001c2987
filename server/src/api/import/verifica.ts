// The checks of a well-formed document against itself and against what GaS
// holds (import-format.md, "All or nothing"): each problem with the record's
// place and an Italian message. Nothing here writes.
import type { ErroreImport, ImportDocumento } from '@gas/contracts';
import { nomeKey, type Stato } from './queries';

export function verifica(doc: ImportDocumento, stato: Stato): ErroreImport[] {
  const errori: ErroreImport[] = [];
  const errore = (luogo: string, messaggio: string) => errori.push({ luogo, messaggio });

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
    lista: T[],
    chiave: (x: T) => string | null | undefined,
    luogo: (i: number) => string,
    messaggio: (primo: string) => string,
  ) => {
    const visti = new Map<string, number>();
    lista.forEach((x, i) => {
      const k = chiave(x);
      if (k === null || k === undefined) return;
      const primo = visti.get(k);
      if (primo === undefined) visti.set(k, i);
      else errore(luogo(i), messaggio(luogo(primo)));
    });
  };
  ripetuti(
    doc.scuole,
    (s) => s.codice_meccanografico,
    (i) => `scuole[${i}].codice_meccanografico`,
    (p) => `Codice meccanografico ripetuto nel documento (è già in ${p}).`,
  );
  ripetuti(
    doc.responsabili,
    (r) => r.id_esterno,
    (i) => `responsabili[${i}].id_esterno`,
    (p) => `Identificativo ripetuto nel documento (è già in ${p}).`,
  );
  ripetuti(
    doc.responsabili,
    (r) => r.username,
    (i) => `responsabili[${i}].username`,
    (p) => `Nome utente ripetuto nel documento (è già in ${p}).`,
  );
  ripetuti(
    doc.responsabili,
    (r) => r.email.toLowerCase(),
    (i) => `responsabili[${i}].email`,
    (p) => `Indirizzo e-mail ripetuto nel documento (è già in ${p}).`,
  );
  ripetuti(
    doc.squadre,
    (t) => t.id_esterno,
    (i) => `squadre[${i}].id_esterno`,
    (p) => `Identificativo ripetuto nel documento (è già in ${p}).`,
  );
  ripetuti(
    doc.squadre,
    (t) => `${nomeKey(t.sessione)}\u0000${nomeKey(t.nome)}`,
    (i) => `squadre[${i}].nome`,
    (p) => `Due squadre con lo stesso nome nella stessa sessione (l’altra è ${p}).`,
  );

  // References: schools and managers of the document or already in GaS.
  const scuoleNote = new Set([
    ...doc.scuole.map((s) => s.codice_meccanografico),
    ...stato.scuole.keys(),
  ]);
  const scuolaSconosciuta = (codice: string) =>
    `Scuola sconosciuta: ${codice} non è tra le scuole del documento né in GaS.`;
  doc.responsabili.forEach((r, i) =>
    (r.scuole ?? []).forEach((codice, k) => {
      if (!scuoleNote.has(codice))
        errore(`responsabili[${i}].scuole[${k}]`, scuolaSconosciuta(codice));
    }),
  );
  const responsabiliNoti = new Set([
    ...doc.responsabili.map((r) => r.id_esterno),
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
        `responsabili[${i}].username`,
        `Il nome utente «${r.username}» è già usato da un altro account.`,
      );
    }
    const altraEmail = stato.perEmail.get(r.email.toLowerCase());
    if (altraEmail !== undefined && altraEmail !== proprio) {
      errore(`responsabili[${i}].email`, `L’indirizzo ${r.email} è già usato da un altro account.`);
    }
  });

  // Teams: session and venue of the event, names unique in a session.
  const conEvento = stato.evento?.tipologia === 'o';
  doc.squadre.forEach((t, i) => {
    const luogo = (campo: string) => `squadre[${i}].${campo}`;
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
          !(s.idEsterno !== null && doc.squadre.some((x) => x.id_esterno === s.idEsterno)),
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
