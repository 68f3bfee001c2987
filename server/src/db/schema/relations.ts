// Relations for drizzle's relational queries (db.query.<table>.findMany({ with })).
import { relations } from 'drizzle-orm';
import { chatToken, loginSession } from './auth';
import {
  evento,
  eventoAmministratore,
  eventoInseritore,
  fileProgrammato,
  messaggioImportante,
  sessione,
} from './evento';
import { jolly, problema, punteggiCache, risposta } from './gara';
import { citta, paese, regione, scuola } from './luoghi';
import { polo, poloResponsabile, responsabileSquadra, squadra } from './squadre';
import { responsabile, responsabileScuola, users } from './utenti';

export const usersRelations = relations(users, ({ one, many }) => ({
  responsabile: one(responsabile),
  poli: many(poloResponsabile),
  loginSessions: many(loginSession),
  chatToken: one(chatToken),
}));

export const responsabileRelations = relations(responsabile, ({ one, many }) => ({
  user: one(users, { fields: [responsabile.userId], references: [users.id] }),
  scuole: many(responsabileScuola),
  squadre: many(responsabileSquadra),
  eventiAmministrati: many(eventoAmministratore),
  eventiInseriti: many(eventoInseritore),
}));

export const responsabileScuolaRelations = relations(responsabileScuola, ({ one }) => ({
  responsabile: one(responsabile, {
    fields: [responsabileScuola.responsabileId],
    references: [responsabile.id],
  }),
  scuola: one(scuola, { fields: [responsabileScuola.scuolaId], references: [scuola.id] }),
}));

export const responsabileSquadraRelations = relations(responsabileSquadra, ({ one }) => ({
  responsabile: one(responsabile, {
    fields: [responsabileSquadra.responsabileId],
    references: [responsabile.id],
  }),
  squadra: one(squadra, { fields: [responsabileSquadra.squadraId], references: [squadra.id] }),
}));

export const paeseRelations = relations(paese, ({ many }) => ({ regioni: many(regione) }));

export const regioneRelations = relations(regione, ({ one, many }) => ({
  paese: one(paese, { fields: [regione.paeseId], references: [paese.id] }),
  citta: many(citta),
}));

export const cittaRelations = relations(citta, ({ one, many }) => ({
  regione: one(regione, { fields: [citta.regioneId], references: [regione.id] }),
  scuole: many(scuola),
}));

export const scuolaRelations = relations(scuola, ({ one, many }) => ({
  citta: one(citta, { fields: [scuola.cittaId], references: [citta.id] }),
  squadre: many(squadra),
  responsabili: many(responsabileScuola),
}));

export const eventoRelations = relations(evento, ({ one, many }) => ({
  creatore: one(users, { fields: [evento.creatoDa], references: [users.id] }),
  fileProblemi: one(fileProgrammato, {
    fields: [evento.fileProblemiId],
    references: [fileProgrammato.id],
    relationName: 'fileProblemi',
  }),
  fileSoluzioni: one(fileProgrammato, {
    fields: [evento.fileSoluzioniId],
    references: [fileProgrammato.id],
    relationName: 'fileSoluzioni',
  }),
  files: many(fileProgrammato, { relationName: 'fileEvento' }),
  sessioni: many(sessione),
  problemi: many(problema),
  poli: many(polo),
  squadre: many(squadra),
  messaggi: many(messaggioImportante),
  amministratori: many(eventoAmministratore),
  inseritori: many(eventoInseritore),
}));

export const fileProgrammatoRelations = relations(fileProgrammato, ({ one }) => ({
  evento: one(evento, {
    fields: [fileProgrammato.eventoId],
    references: [evento.id],
    relationName: 'fileEvento',
  }),
}));

export const eventoAmministratoreRelations = relations(eventoAmministratore, ({ one }) => ({
  evento: one(evento, { fields: [eventoAmministratore.eventoId], references: [evento.id] }),
  responsabile: one(responsabile, {
    fields: [eventoAmministratore.responsabileId],
    references: [responsabile.id],
  }),
}));

export const eventoInseritoreRelations = relations(eventoInseritore, ({ one }) => ({
  evento: one(evento, { fields: [eventoInseritore.eventoId], references: [evento.id] }),
  responsabile: one(responsabile, {
    fields: [eventoInseritore.responsabileId],
    references: [responsabile.id],
  }),
}));

export const sessioneRelations = relations(sessione, ({ one, many }) => ({
  evento: one(evento, { fields: [sessione.eventoId], references: [evento.id] }),
  squadre: many(squadra),
  risposte: many(risposta),
  punteggi: many(punteggiCache),
}));

export const messaggioImportanteRelations = relations(messaggioImportante, ({ one }) => ({
  evento: one(evento, { fields: [messaggioImportante.eventoId], references: [evento.id] }),
}));

export const poloRelations = relations(polo, ({ one, many }) => ({
  evento: one(evento, { fields: [polo.eventoId], references: [evento.id] }),
  citta: one(citta, { fields: [polo.cittaId], references: [citta.id] }),
  responsabili: many(poloResponsabile),
  squadre: many(squadra),
}));

export const poloResponsabileRelations = relations(poloResponsabile, ({ one }) => ({
  polo: one(polo, { fields: [poloResponsabile.poloId], references: [polo.id] }),
  user: one(users, { fields: [poloResponsabile.userId], references: [users.id] }),
}));

export const squadraRelations = relations(squadra, ({ one, many }) => ({
  scuola: one(scuola, { fields: [squadra.scuolaId], references: [scuola.id] }),
  sessione: one(sessione, { fields: [squadra.sessioneId], references: [sessione.id] }),
  evento: one(evento, { fields: [squadra.eventoId], references: [evento.id] }),
  polo: one(polo, { fields: [squadra.poloId], references: [polo.id] }),
  responsabili: many(responsabileSquadra),
  risposte: many(risposta),
  jolly: one(jolly),
}));

export const problemaRelations = relations(problema, ({ one, many }) => ({
  evento: one(evento, { fields: [problema.eventoId], references: [evento.id] }),
  risposte: many(risposta),
}));

export const rispostaRelations = relations(risposta, ({ one }) => ({
  problema: one(problema, { fields: [risposta.problemaId], references: [problema.id] }),
  squadra: one(squadra, { fields: [risposta.squadraId], references: [squadra.id] }),
  sessione: one(sessione, { fields: [risposta.sessioneId], references: [sessione.id] }),
  inseritaDa: one(users, { fields: [risposta.inseritaDa], references: [users.id] }),
}));

export const jollyRelations = relations(jolly, ({ one }) => ({
  squadra: one(squadra, { fields: [jolly.squadraId], references: [squadra.id] }),
  problema: one(problema, { fields: [jolly.problemaId], references: [problema.id] }),
  risposta: one(risposta, { fields: [jolly.rispostaId], references: [risposta.id] }),
}));

export const punteggiCacheRelations = relations(punteggiCache, ({ one }) => ({
  sessione: one(sessione, { fields: [punteggiCache.sessioneId], references: [sessione.id] }),
}));

export const loginSessionRelations = relations(loginSession, ({ one }) => ({
  user: one(users, { fields: [loginSession.userId], references: [users.id] }),
}));

export const chatTokenRelations = relations(chatToken, ({ one }) => ({
  user: one(users, { fields: [chatToken.userId], references: [users.id] }),
}));
