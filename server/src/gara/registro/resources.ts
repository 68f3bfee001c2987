// The resources of the back office (issue 14): each shared description of
// @gas/contracts (admin/risorse.ts) tied to its table and columns, with what
// a deletion takes with it.
import {
  FINE_PRIMA_DI_INIZIO,
  risorsaCitta,
  risorsaCollaboratore,
  risorsaEvento,
  risorsaFile,
  risorsaJolly,
  risorsaMessaggio,
  risorsaPaese,
  risorsaPolo,
  risorsaProblema,
  risorsaRegione,
  risorsaResponsabile,
  risorsaRisposta,
  risorsaScuola,
  risorsaSessione,
  risorsaSponsor,
  risorsaSquadra,
  risorsaUser,
  SOLO_SUPERUTENTE,
  TIPOLOGIE_SCUOLA,
} from '@gas/contracts';
import { hashPassword } from '../../auth/password';
import { chiudiLinkPassword } from '../../auth/queries';
import { apiError, fieldErrors, type FieldErrors } from '../../errors';
import {
  ACCOUNT_PRIVILEGIATO,
  canDeleteAccount,
  canManageAccount,
  canSetAccountPassword,
  canSetAccountRoles,
  type AccountTarget,
} from '../../policies';
import type { DbTransaction } from '../../db/client';
import { annunciaRicontrollo, type FlippedAnswer } from '../ricontrollo';
import { annunciaClassifiche } from '../classifiche';
import {
  annunciaMessaggio,
  cancellaMessaggio,
  riscriviMessaggio,
  scriviMessaggio,
} from '../messaggi/messaggi';
import { cancellaJolly, cancellaRisposta } from '../risposte/elimina';
import { annunciaEliminazione } from '../risposte/annunci';
import { eliminaEvento, scriviEvento } from '../eventi/scrivi-evento';
import { eliminaSquadra, scriviSquadra } from '../squadre/squadre';
import { creaProblema, eliminaProblema, modificaProblema } from '../problemi/problemi';
import { creaSessione, eliminaSessione, modificaSessione } from '../sessioni/sessioni';
import { creaPolo, eliminaPolo, modificaPolo } from '../poli/poli';
import { eliminaFile, scriviFile } from '../file/file';
import {
  citta,
  collaboratore,
  evento,
  eventoAmministratore,
  eventoInseritore,
  fileProgrammato,
  jolly,
  messaggioImportante,
  paese,
  polo,
  poloResponsabile,
  problema,
  regione,
  responsabile,
  responsabileScuola,
  responsabileSquadra,
  risposta,
  scuola,
  sessione,
  sponsor,
  squadra,
  users,
  type TipologiaScuola,
} from '../../db/schema';
import type { AnyPgColumn } from '../../db/schema/columns';
import { defineResource, type AdminRecord, type AdminResource } from './resource';

// The school types of the contracts and of the database are one list (tsc fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const tipologieUguali: Same<(typeof TIPOLOGIE_SCUOLA)[number], TipologiaScuola> = true;
void tipologieUguali;

/** The id column of each resource, for the references between them. */
export const ID_COLUMNS: Record<string, AnyPgColumn> = {
  paese: paese.id,
  regione: regione.id,
  citta: citta.id,
  scuola: scuola.id,
  polo: polo.id,
  evento: evento.id,
  sponsor: sponsor.id,
  sessione: sessione.id,
  problema: problema.id,
  squadra: squadra.id,
  user: users.id,
  responsabile: responsabile.id,
};

const SOLO_SUPERUTENTE_PASSWORD = 'Solo un superutente imposta la password di un altro utente.';

/** An account record of the back office as the account rules see it. */
const accountOf = (r: AdminRecord): AccountTarget => ({
  userId: r.id,
  isStaff: r.is_staff === true,
  isSuperuser: r.is_superuser === true,
});

/** An important message record as the core announces it. */
const messaggioScritto = (r: AdminRecord | null) =>
  r && {
    id: r.id,
    eventoId: r.evento as number,
    testo: String(r.testo),
    data: new Date(String(r.data)),
  };

export const ADMIN_RESOURCES: readonly AdminResource[] = [
  defineResource({
    risorsa: risorsaEvento,
    table: evento,
    id: evento.id,
    columns: {
      titolo: evento.titolo,
      descrizione: evento.descrizione,
      tipologia: evento.tipologia,
      ufficiale: evento.ufficiale,
      anno: evento.anno,
      inizio: evento.inizio,
      fine: evento.fine,
      inizio_iscrizioni: evento.inizioIscrizioni,
      fine_iscrizioni: evento.fineIscrizioni,
      fine_modifica_squadre: evento.fineModificaSquadre,
      fine_consegna_jolly: evento.fineConsegnaJolly,
      youtube_link: evento.youtubeLink,
      pagina_dedicata: evento.paginaDedicata,
      doppia_digitazione: evento.doppiaDigitazione,
      pti_tolti_errore: evento.ptiToltiErrore,
      pti_base_montepremi: evento.ptiBaseMontepremi,
      max_errori_raise_montepremi: evento.maxErroriRaiseMontepremi,
      errore_punteggi_raise: evento.errorePunteggiRaise,
      punteggio_base_problemi: evento.punteggioBaseProblemi,
      bonus_velocita: evento.bonusVelocita,
      scaling_bonus_velocita: evento.scalingBonusVelocita,
      scaling_bonus_montepremi: evento.scalingBonusMontepremi,
    },
    links: {
      amministratori: {
        table: eventoAmministratore,
        owner: eventoAmministratore.eventoId,
        target: eventoAmministratore.responsabileId,
      },
      inseritori: {
        table: eventoInseritore,
        owner: eventoInseritore.eventoId,
        target: eventoInseritore.responsabileId,
      },
    },
    answers: 'evento',
    // The core's step (gara/eventi/scrivi-evento.ts): `ufficiale` follows the
    // type; new times or type take files and sessions along, as 'Modifica
    // evento' does.
    scritture: {
      crea: ({ tx, audit }, input) => scriviEvento(tx as DbTransaction, audit, null, input),
      modifica: async ({ tx, audit }, before, input) => {
        await scriviEvento(tx as DbTransaction, audit, before, input);
        return {};
      },
      elimina: async ({ tx, audit }, before) =>
        void (await eliminaEvento(tx as DbTransaction, audit, before.id)),
    },
    constraints: { evento_fine_dopo_inizio_check: ['fine', FINE_PRIMA_DI_INIZIO] },
    dependents: [
      { risorsa: 'sessione', etichetta: 'Sessioni', column: sessione.eventoId },
      { risorsa: 'problema', etichetta: 'Problemi', column: problema.eventoId },
      { risorsa: 'squadra', etichetta: 'Squadre', column: squadra.eventoId },
      { risorsa: 'polo', etichetta: 'Poli', column: polo.eventoId },
      { risorsa: 'file-programmato', etichetta: 'File', column: fileProgrammato.eventoId },
      {
        risorsa: 'messaggio-importante',
        etichetta: 'Messaggi importanti',
        column: messaggioImportante.eventoId,
      },
    ],
  }),
  defineResource({
    risorsa: risorsaSessione,
    table: sessione,
    id: sessione.id,
    columns: {
      evento: sessione.eventoId,
      nome: sessione.nome,
      ufficiale: sessione.ufficiale,
      numero_qualificati: sessione.numeroQualificati,
      ordine: sessione.ordine,
    },
    answers: 'sessione',
    dependents: [{ risorsa: 'squadra', etichetta: 'Squadre', column: squadra.sessioneId }],
    // The core's use cases (gara/sessioni/), as 'Modifica evento' writes them.
    scritture: {
      crea: ({ tx, audit }, input) =>
        creaSessione(tx as DbTransaction, audit, input as Parameters<typeof creaSessione>[2]),
      modifica: async ({ tx, audit }, before, input) =>
        (await modificaSessione(tx as DbTransaction, audit, before.id, input)) === null ? null : {},
      elimina: async ({ tx, audit }, before) =>
        void (await eliminaSessione(tx as DbTransaction, audit, before.id)),
    },
    afterCommit: (deps, { prima, dopo }) => {
      annunciaClassifiche(deps.modifiche, [prima?.id, dopo?.id]);
    },
  }),
  defineResource({
    risorsa: risorsaProblema,
    table: problema,
    id: problema.id,
    columns: {
      evento: problema.eventoId,
      nome: problema.nome,
      ordine: problema.ordine,
      soluzione: problema.soluzione,
      soluzione_exp: problema.soluzioneExp,
      intervallo_validita: problema.intervalloValidita,
      udm_soluzione: problema.udmSoluzione,
    },
    answers: 'problema',
    // The core's use cases (gara/problemi/), as 'Modifica evento' writes them:
    // a corrected solution or tolerance re-checks the answers already given.
    scritture: {
      crea: ({ tx, audit }, input) =>
        creaProblema(tx as DbTransaction, audit, input as Parameters<typeof creaProblema>[2]),
      modifica: async ({ tx, audit }, before, input) => {
        const flipped = await modificaProblema(tx as DbTransaction, audit, before.id, input);
        return flipped && { dettagli: { flipped } };
      },
      elimina: async ({ tx, audit }, before) =>
        void (await eliminaProblema(tx as DbTransaction, audit, before.id)),
    },
    afterCommit: (deps, { dettagli }) => {
      const flipped = (dettagli?.flipped ?? []) as FlippedAnswer[];
      annunciaRicontrollo(deps.modifiche, flipped);
    },
    constraints: {
      problema_evento_ordine_unique: [
        'ordine',
        'Un altro problema dell’evento ha già questo ordine.',
      ],
    },
    dependents: [
      { risorsa: 'risposta', etichetta: 'Risposte', column: risposta.problemaId },
      { risorsa: 'jolly', etichetta: 'Jolly', column: jolly.problemaId },
    ],
  }),
  defineResource({
    risorsa: risorsaFile,
    table: fileProgrammato,
    id: fileProgrammato.id,
    columns: {
      evento: fileProgrammato.eventoId,
      tipologia: fileProgrammato.tipologia,
      nome_file: fileProgrammato.nomeFile,
      data: fileProgrammato.data,
      pubblico: fileProgrammato.pubblico,
      dimensione: fileProgrammato.dimensione,
    },
    // The core's steps (gara/file/), as the file's own page writes it.
    scritture: {
      modifica: async ({ tx, audit }, before, input) =>
        (await scriviFile(tx as DbTransaction, audit, before.id, {
          ...(input.data !== undefined && { data: new Date(String(input.data)) }),
          ...(input.pubblico !== undefined && { pubblico: input.pubblico as boolean }),
        }))
          ? {}
          : null,
      elimina: async ({ tx, audit }, before) =>
        void (await eliminaFile(tx as DbTransaction, audit, before.id)),
    },
  }),
  defineResource({
    risorsa: risorsaRisposta,
    table: risposta,
    id: risposta.id,
    columns: {
      sessione: risposta.sessioneId,
      squadra: risposta.squadraId,
      problema: risposta.problemaId,
      kind: risposta.kind,
      valore: risposta.valore,
      valore_exp: risposta.valoreExp,
      corretto: risposta.corretto,
      momento_consegna: risposta.momentoConsegna,
      date_received: risposta.dateReceived,
      inserita_da: risposta.inseritaDa,
    },
    // The core's deletion (gara/risposte/elimina.ts): an answer row of kind j
    // goes with its joker; open pages drop the event.
    scritture: {
      elimina: async ({ tx, audit }, before) => {
        await cancellaRisposta(tx, audit, before.id);
        return undefined;
      },
    },
    afterCommit: (deps, { prima }) => {
      if (prima) {
        annunciaEliminazione(deps.modifiche, {
          id: prima.id,
          sessioneId: prima.sessione as number,
        });
      }
    },
  }),
  defineResource({
    risorsa: risorsaJolly,
    table: jolly,
    id: jolly.id,
    columns: { squadra: jolly.squadraId, problema: jolly.problemaId, created_at: jolly.createdAt },
    // The core's deletion (gara/risposte/elimina.ts), as an answer's page
    // deletes a joker's answer row: both go, both logged; open pages drop the row.
    scritture: {
      elimina: async ({ tx, audit }, before) => {
        const row = await cancellaJolly(tx, audit, before.id);
        return row ? { rispostaId: row.id, sessioneId: row.sessioneId } : undefined;
      },
    },
    afterCommit: (deps, { dettagli }) => {
      const { rispostaId, sessioneId } = (dettagli ?? {}) as {
        rispostaId?: number;
        sessioneId?: number;
      };
      if (rispostaId !== undefined && sessioneId !== undefined) {
        annunciaEliminazione(deps.modifiche, { id: rispostaId, sessioneId });
      }
    },
  }),
  defineResource({
    risorsa: risorsaMessaggio,
    table: messaggioImportante,
    id: messaggioImportante.id,
    columns: {
      evento: messaggioImportante.eventoId,
      testo: messaggioImportante.testo,
      data: messaggioImportante.data,
    },
    // The core's own steps (gara/messaggi/): one way to write a message.
    scritture: {
      crea: async ({ tx, audit }, input) =>
        (
          await scriviMessaggio(tx, audit, {
            evento: input.evento as number,
            testo: input.testo as string,
          })
        ).id,
      modifica: async ({ tx, audit }, before, input) =>
        (await riscriviMessaggio(tx, audit, before.id, {
          testo: input.testo as string | undefined,
          evento: input.evento as number | undefined,
        })) && {},
      elimina: async ({ tx, audit }, before) =>
        void (await cancellaMessaggio(tx, audit, before.id)),
    },
    // Open pages follow every change (docs/live.md).
    afterCommit: (deps, { prima, dopo }) => {
      annunciaMessaggio(deps.modifiche, {
        prima: messaggioScritto(prima),
        dopo: messaggioScritto(dopo),
      });
    },
  }),
  defineResource({
    risorsa: risorsaSquadra,
    table: squadra,
    id: squadra.id,
    columns: {
      nome: squadra.nome,
      evento: squadra.eventoId,
      sessione: squadra.sessioneId,
      scuola: squadra.scuolaId,
      polo: squadra.poloId,
      ufficiale: squadra.ufficiale,
      ospite: squadra.ospite,
      ordine_eta: squadra.ordineEta,
      penalita: squadra.penalita,
      id_esterno: squadra.idEsterno,
      capitano: squadra.capitano,
      anno_capitano: squadra.annoCapitano,
      consegnatore: squadra.consegnatore,
      anno_consegnatore: squadra.annoConsegnatore,
      p1: squadra.p1,
      anno_p1: squadra.annoP1,
      p2: squadra.p2,
      anno_p2: squadra.annoP2,
      p3: squadra.p3,
      anno_p3: squadra.annoP3,
    },
    answers: 'squadra',
    // The core's step (gara/squadre/), as the team's own form writes it: a
    // team competes at a venue of its own event, under a name its session's
    // other teams do not have.
    scritture: {
      crea: ({ tx, audit }, input) => scriviSquadra(tx as DbTransaction, audit, null, input),
      modifica: async ({ tx, audit }, before, input) => {
        await scriviSquadra(tx as DbTransaction, audit, before, input);
        return {};
      },
      elimina: async ({ tx, audit }, before) =>
        void (await eliminaSquadra(tx as DbTransaction, audit, before.id)),
    },
    constraints: {
      squadra_sessione_evento_fk: ['sessione', 'La sessione non è dell’evento della squadra.'],
      squadra_evento_id_esterno_unique: [
        'id_esterno',
        'Un’altra squadra dell’evento ha già questo codice.',
      ],
    },
    dependents: [
      { risorsa: 'risposta', etichetta: 'Risposte', column: risposta.squadraId },
      { risorsa: 'jolly', etichetta: 'Jolly', column: jolly.squadraId },
    ],
    // Rankings show the team's name, venue, guest flag, penalty and age order.
    afterCommit: (deps, { prima, dopo }) => {
      annunciaClassifiche(deps.modifiche, [prima?.sessione, dopo?.sessione]);
    },
  }),
  defineResource({
    risorsa: risorsaUser,
    table: users,
    id: users.id,
    columns: {
      username: users.username,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      is_active: users.isActive,
      is_staff: users.isStaff,
      is_superuser: users.isSuperuser,
      date_joined: users.dateJoined,
      last_login: users.lastLogin,
    },
    canDelete: canDeleteAccount,
    segreti: ['password'],
    eliminaNegata: 'Solo un superutente può eliminare un account.',
    permessi: (actor, record) => {
      const gestisce = record === null || canManageAccount(actor, accountOf(record));
      return {
        modifica: gestisce,
        elimina: record !== null && gestisce && canDeleteAccount(actor),
        campi_bloccati: [
          ...(canSetAccountRoles(actor) ? [] : ['is_staff', 'is_superuser']),
          ...(canSetAccountPassword(actor) ? [] : ['password']),
        ],
        invito_password: record !== null && gestisce,
        ...(gestisce ? {} : { motivo: ACCOUNT_PRIVILEGIATO }),
      };
    },
    constraints: {
      users_username_unique: ['username', 'Questo nome utente è già usato.'],
      users_email_lower_unique: [
        'email',
        'Questo indirizzo e-mail è già usato da un altro account.',
      ],
    },
    // Only a superuser acts on a staff or superuser account, makes staff or
    // superusers and sets another user's password (issue 26). A new password
    // ends the account's pending password links.
    prepare: async ({ actor, tx }, input, before) => {
      if (before && !canManageAccount(actor, accountOf(before))) {
        throw apiError('permission_denied', ACCOUNT_PRIVILEGIATO);
      }
      const errors: FieldErrors = {};
      if (!canSetAccountRoles(actor)) {
        for (const flag of ['is_staff', 'is_superuser'] as const) {
          if (input[flag] !== undefined && input[flag] !== (before?.[flag] ?? false)) {
            errors[flag] = [SOLO_SUPERUTENTE];
          }
        }
      }
      if (input.password !== undefined && !canSetAccountPassword(actor)) {
        errors.password = [SOLO_SUPERUTENTE_PASSWORD];
      }
      if (Object.keys(errors).length > 0) throw fieldErrors(errors);
      // A link sent to the old address must not outlive the change of address.
      const nuovaEmail =
        before &&
        typeof input.email === 'string' &&
        input.email.trim().toLowerCase() !== String(before.email ?? '').toLowerCase();
      if (nuovaEmail) await chiudiLinkPassword(tx, before.id);
      if (typeof input.password !== 'string') return {};
      if (before && !nuovaEmail) await chiudiLinkPassword(tx, before.id);
      return { passwordHash: await hashPassword(input.password) };
    },
    dependents: [
      {
        risorsa: 'responsabile',
        etichetta: 'Profilo di responsabile',
        column: responsabile.userId,
      },
    ],
  }),
  defineResource({
    risorsa: risorsaResponsabile,
    table: responsabile,
    id: responsabile.id,
    columns: {
      user: responsabile.userId,
      ruolo: responsabile.ruolo,
      attivo: responsabile.attivo,
      puo_iscriversi_gare_ufficiali: responsabile.puoIscriversiGareUfficiali,
      newsletter: responsabile.newsletter,
      id_esterno: responsabile.idEsterno,
    },
    links: {
      scuole: {
        table: responsabileScuola,
        owner: responsabileScuola.responsabileId,
        target: responsabileScuola.scuolaId,
      },
      squadre: {
        table: responsabileSquadra,
        owner: responsabileSquadra.responsabileId,
        target: responsabileSquadra.squadraId,
      },
    },
    constraints: {
      responsabile_user_unique: ['user', 'Questo utente ha già un profilo di responsabile.'],
      responsabile_id_esterno_unique: [
        'id_esterno',
        'Un altro responsabile ha già questo codice del sito olimpiadi.',
      ],
    },
  }),
  defineResource({
    risorsa: risorsaScuola,
    table: scuola,
    id: scuola.id,
    columns: {
      nome: scuola.nome,
      tipologia: scuola.tipologia,
      indirizzo: scuola.indirizzoNome,
      citta: scuola.cittaId,
      latitude: scuola.latitude,
      longitude: scuola.longitude,
      codice_meccanografico: scuola.codiceMeccanografico,
    },
    dependents: [
      { risorsa: 'squadra', etichetta: 'Squadre', column: squadra.scuolaId },
      { risorsa: 'responsabile', etichetta: 'Responsabili', column: responsabileScuola.scuolaId },
    ],
  }),
  defineResource({
    risorsa: risorsaPolo,
    table: polo,
    id: polo.id,
    columns: {
      evento: polo.eventoId,
      nome_breve: polo.nomeBreve,
      descrizione: polo.descrizione,
      indirizzo: polo.indirizzo,
      citta: polo.cittaId,
      latitude: polo.latitude,
      longitude: polo.longitude,
      capacita_massima_squadre: polo.capacitaMassimaSquadre,
    },
    links: {
      responsabili: {
        table: poloResponsabile,
        owner: poloResponsabile.poloId,
        target: poloResponsabile.userId,
      },
    },
    dependents: [
      { risorsa: 'squadra', etichetta: 'Squadre (restano senza polo)', column: squadra.poloId },
      {
        risorsa: 'responsabile',
        etichetta: 'Responsabili del polo',
        column: poloResponsabile.poloId,
      },
    ],
    // The core's use cases (gara/poli/): a venue with teams stays in its event.
    scritture: {
      crea: ({ tx, audit }, input) =>
        creaPolo(tx as DbTransaction, audit, input as Parameters<typeof creaPolo>[2]),
      modifica: async ({ tx, audit }, before, input) =>
        (await modificaPolo(tx as DbTransaction, audit, before.id, input)) ? {} : null,
      elimina: async ({ tx, audit }, before) =>
        void (await eliminaPolo(tx as DbTransaction, audit, before.id)),
    },
  }),
  defineResource({
    risorsa: risorsaCitta,
    table: citta,
    id: citta.id,
    columns: {
      nome: citta.nome,
      regione: citta.regioneId,
      provincia: citta.provincia,
      latitude: citta.latitude,
      longitude: citta.longitude,
    },
    dependents: [
      { risorsa: 'scuola', etichetta: 'Scuole (restano senza città)', column: scuola.cittaId },
      { risorsa: 'polo', etichetta: 'Poli (restano senza città)', column: polo.cittaId },
    ],
  }),
  defineResource({
    risorsa: risorsaRegione,
    table: regione,
    id: regione.id,
    columns: { nome: regione.nome, paese: regione.paeseId },
    dependents: [
      { risorsa: 'citta', etichetta: 'Città (restano senza regione)', column: citta.regioneId },
    ],
  }),
  defineResource({
    risorsa: risorsaPaese,
    table: paese,
    id: paese.id,
    columns: { nome: paese.nome, codice: paese.codice },
    dependents: [
      { risorsa: 'regione', etichetta: 'Regioni (restano senza paese)', column: regione.paeseId },
    ],
  }),
  defineResource({
    risorsa: risorsaSponsor,
    table: sponsor,
    id: sponsor.id,
    columns: {
      name: sponsor.name,
      logo_url: sponsor.logoUrl,
      website: sponsor.website,
      description: sponsor.description,
      ordine: sponsor.ordine,
    },
  }),
  defineResource({
    risorsa: risorsaCollaboratore,
    table: collaboratore,
    id: collaboratore.id,
    columns: { nome: collaboratore.nome, contributi: collaboratore.contributi },
  }),
];
