// The answers of the API by name: how the web app's typed client names the
// schema a call expects (`api.get(path, 'evento')`). Naming them, instead of
// passing the schema objects, keeps zod and every schema out of the web app's
// production bundle, which needs only their types: the client loads this
// table (a dynamic import) only where it checks answers, in development and
// tests. Each name is the resource's item; the client knows whether a call
// answers one item, an array or a DRF page of them.
import { z } from 'zod';
import {
  dipendenzeSchema,
  esitoAzioneSchema,
  permessiRecordSchema,
  registroVoceSchema,
  titoloRecordSchema,
} from '../admin/common';
import { anteprimaCorrezioneSchema } from '../admin/gare';
import {
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
  type NomeRisorsaAdmin,
} from '../admin/risorse';
import { adminImpostazioneSchema } from '../admin/sito';
import { invitoPasswordSchema, tokenPasswordSchema } from '../auth';
import { erroreDettaglioSchema, erroreGruppoSchema } from '../errori';
import { esitoImportSchema, sincronizzazioneSchema, statoSincronizzazioneSchema } from '../import';
import { candidatiSchema } from '../evento';
import { proclamazioneSchema } from '../proclamazione';
import { messaggioImportanteSchema, punteggiItemSchema } from '../live';
import { detailSchema, emptySchema, id, paginated } from './common';
import {
  eventoSchema,
  fileEventoSchema,
  problemaSchema,
  sessioneSchema,
  sessioneStatoSchema,
} from './eventi';
import {
  bigliettiConsegnaSchema,
  bloccoEventiSchema,
  consegnaRispostaSchema,
  digitazioneSchema,
  eventoPunteggioSchema,
  indiceEventiSchema,
  jollyCreatoSchema,
  jollySchema,
  rispostaSchema,
} from './gara';
import { cittaSchema, paeseSchema, poloSchema, regioneSchema, scuolaSchema } from './luoghi';
import { chatTokenSchema, managerSchema, squadraSchema, userSchema } from './persone';
import {
  alboEventoSchema,
  collaboratoreSchema,
  collaboratoriJsonSchema,
  oraServerSchema,
  sitoSchema,
  sponsorSchema,
} from './sito';

/**
 * A record of each resource of the back office, named `admin/<nome>` after its
 * path (/api/admin/<nome>/): the back office's generic pages name the answer
 * of any resource by the resource's own name. Every resource has one.
 */
const recordsAdmin = {
  'admin/evento': risorsaEvento.item,
  'admin/sessione': risorsaSessione.item,
  'admin/problema': risorsaProblema.item,
  'admin/file-programmato': risorsaFile.item,
  'admin/risposta': risorsaRisposta.item,
  'admin/jolly': risorsaJolly.item,
  'admin/messaggio-importante': risorsaMessaggio.item,
  'admin/squadra': risorsaSquadra.item,
  'admin/scuola': risorsaScuola.item,
  'admin/polo': risorsaPolo.item,
  'admin/citta': risorsaCitta.item,
  'admin/regione': risorsaRegione.item,
  'admin/paese': risorsaPaese.item,
  'admin/user': risorsaUser.item,
  'admin/responsabile': risorsaResponsabile.item,
  'admin/sponsor': risorsaSponsor.item,
  'admin/collaboratore': risorsaCollaboratore.item,
} satisfies Record<`admin/${NomeRisorsaAdmin}`, z.ZodType>;

export const responseSchemas = {
  id,
  empty: emptySchema,
  detail: detailSchema,
  // gare
  evento: eventoSchema,
  sessione: sessioneSchema,
  sessioneStato: sessioneStatoSchema,
  problema: problemaSchema,
  fileEvento: fileEventoSchema,
  risposta: rispostaSchema,
  consegnaRisposta: consegnaRispostaSchema,
  digitazione: digitazioneSchema,
  jolly: jollySchema,
  jollyCreato: jollyCreatoSchema,
  eventoPunteggio: eventoPunteggioSchema,
  indiceEventi: indiceEventiSchema,
  bloccoEventi: bloccoEventiSchema,
  punteggiItem: punteggiItemSchema,
  messaggioImportante: messaggioImportanteSchema,
  bigliettiConsegna: bigliettiConsegnaSchema,
  proclamazione: proclamazioneSchema,
  // partecipanti
  squadra: squadraSchema,
  scuola: scuolaSchema,
  polo: poloSchema,
  citta: cittaSchema,
  regione: regioneSchema,
  paese: paeseSchema,
  // persone
  user: userSchema,
  manager: managerSchema,
  chatToken: chatTokenSchema,
  tokenPassword: tokenPasswordSchema,
  candidati: candidatiSchema,
  anteprimaCorrezione: anteprimaCorrezioneSchema,
  invitoPassword: invitoPasswordSchema,
  // back office
  ...recordsAdmin,
  titoloRecord: titoloRecordSchema,
  permessiRecord: permessiRecordSchema,
  dipendenze: dipendenzeSchema,
  registroVoce: registroVoceSchema,
  esitoAzione: esitoAzioneSchema,
  impostazione: adminImpostazioneSchema,
  erroreGruppo: erroreGruppoSchema,
  erroreDettaglio: erroreDettaglioSchema,
  esitoImport: esitoImportSchema,
  sincronizzazione: sincronizzazioneSchema,
  statoSincronizzazione: statoSincronizzazioneSchema,
  // sito
  sito: sitoSchema,
  sponsor: sponsorSchema,
  collaboratore: collaboratoreSchema,
  collaboratoriJson: collaboratoriJsonSchema,
  alboEvento: alboEventoSchema,
  oraServer: oraServerSchema,
} satisfies Record<string, z.ZodType>;

export type ResponseSchemas = typeof responseSchemas;
export type ResponseName = keyof ResponseSchemas;
/** The type of the answer (or of one item of it) that `name` describes. */
export type ResponseOf<N extends ResponseName> = z.output<ResponseSchemas[N]>;

/** How a call answers the named resource: one item, a JSON array, or one DRF page. */
export type AnswerShape = 'one' | 'array' | 'page';

/** The schema of a whole answer: `name`'s item, an array of them or a page of them. */
export function answerSchema(name: ResponseName, shape: AnswerShape): z.ZodType {
  const item = responseSchemas[name];
  if (shape === 'array') return z.array(item);
  if (shape === 'page') return paginated(item);
  return item;
}
