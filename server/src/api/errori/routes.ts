// The error inbox over HTTP (issue 16):
// - POST /api/errori/: the web app's reports (public: a visitor's page fails
//   too). CSRF as every write: the page always has the token, since every
//   response sets its cookie. Bodies up to 32 kB; ten reports a minute per
//   address (more: 429), on every instance whatever GAS_RATE_LIMIT says,
//   since it guards the database and the superusers' mailboxes. The user is
//   the session's, never what the body claims. A visitor who is not logged
//   in creates at most a few new groups an hour; the rest of his reports are
//   counted in one catch-all group (errori/nuovi-anonimi.ts), and the
//   superusers' e-mails are bounded too (errori/avvisi.ts).
// - /api/admin/errori/: the groups for the back office, with their last
//   occurrences, marked resolved or reopened there (staff and superusers:
//   the admin plugin's hook).
import {
  ERRORI_LIMITI,
  ERROR_RESPONSES,
  erroreDettaglioSchema,
  erroreGruppoSchema,
  erroreRisoltoBody,
  erroriQuery,
  idParams,
  segnalazioneErroreSchema,
  segnalazioneRicevutaSchema,
  type ErroreGruppo as ErroreGruppoOut,
  type ErroreOccorrenza as ErroreOccorrenzaOut,
} from '@gas/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErroreGruppo, ErroreOccorrenza } from '../../db/schema';
import { apiError } from '../../errors';
import { elencoGruppi, gruppoConOccorrenze, segnaRisolto } from '../../errori/queries';
import { clientKey } from '../../plugins/client-address';
import { LRUCache } from 'lru-cache';
import type { ApiDeps } from '../deps';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { registraRisoluzione } from './audit';
import { gruppoDaSegnare } from './queries';
import { ok, page } from '../shared/responses';

const MINUTO_MS = 60_000;

/** Reports per address in the current minute (a fixed window, bounded in memory). */
class LimitePerIndirizzo {
  private readonly conteggi = new LRUCache<string, number>({ ttl: MINUTO_MS, max: 50_000 });

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one report; false when the address already sent its share this minute. */
  consenti(ip: string): boolean {
    const chiave = `${clientKey(ip)}@${Math.floor(this.now() / MINUTO_MS)}`;
    const fatti = this.conteggi.get(chiave) ?? 0;
    if (fatti >= ERRORI_LIMITI.perIndirizzoAlMinuto) return false;
    this.conteggi.set(chiave, fatti + 1);
    return true;
  }
}

function presentGruppo(g: ErroreGruppo): ErroreGruppoOut {
  return {
    id: g.id,
    origine: g.origine,
    tipo: g.tipo,
    messaggio: g.messaggio,
    contesto: g.contesto,
    conteggio: g.conteggio,
    primo: g.primo.toISOString(),
    ultimo: g.ultimo.toISOString(),
    risolto: g.risolto,
    risolto_il: g.risoltoIl?.toISOString() ?? null,
    risolto_da: g.risoltoDa,
  };
}

function presentOccorrenza(o: ErroreOccorrenza): ErroreOccorrenzaOut {
  return {
    id: o.id,
    quando: o.quando.toISOString(),
    messaggio: o.messaggio,
    stack: o.stack,
    percorso: o.percorso,
    versione: o.versione,
    utente: o.utente,
    request_id: o.requestId,
    browser: o.browser,
  };
}

export function erroriRoutes(app: FastifyInstance, deps: ApiDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limite = new LimitePerIndirizzo();
  r.post(
    '/api/errori/',
    {
      bodyLimit: ERRORI_LIMITI.corpo,
      schema: {
        operationId: 'reportErrore',
        summary: 'Segnala un errore della web app',
        tags: ['errori'],
        description:
          'Segnala un errore inatteso della web app (casella degli errori). 202 quando è registrato; 429 oltre 10 segnalazioni al minuto per indirizzo. Un visitatore non autenticato crea al massimo 5 nuovi gruppi all’ora per indirizzo: le altre sue segnalazioni sono contate in un gruppo unico.',
        body: segnalazioneErroreSchema,
        response: { 202: segnalazioneRicevutaSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      if (!limite.consenti(request.ip)) throw apiError('throttled');
      const b = request.body;
      const userId = request.actor.userId;
      await deps.errori.registra({
        origine: 'web',
        tipo: b.tipo,
        messaggio: b.messaggio,
        stack: b.stack,
        contesto: b.contesto,
        percorso: b.percorso,
        versione: b.versione,
        utente: userId === null ? 'Anonymous' : String(userId),
        ...(userId === null && { indirizzoAnonimo: request.ip }),
        requestId: b.request_id,
        browser: request.headers['user-agent'] ?? '',
      });
      return reply.status(202).send({ ricevuta: true as const });
    },
  );
}

/** Registered by the admin routes, behind their staff-only hook. */
export function erroriAdminRoutes(app: FastifyInstance, deps: ApiDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: errori'];
  const db = deps.database.db;
  r.get(
    '/api/admin/errori/',
    {
      schema: {
        summary: 'Elenco degli errori segnalati (back office)',
        tags,
        description: 'I gruppi di errori, dal più recente; filtri risolto e origine.',
        querystring: paginationQuery.extend(erroriQuery.shape),
        response: page(erroreGruppoSchema),
      },
    },
    async (request) => {
      const { risolto, origine, ...paginazione } = request.query;
      const finestra = pageWindow(paginazione);
      const { totale, gruppi } = await elencoGruppi(db, { risolto, origine }, finestra);
      return pageOf(request, finestra, totale, gruppi.map(presentGruppo));
    },
  );
  r.get(
    '/api/admin/errori/:id/',
    {
      schema: {
        summary: 'Dettaglio di un errore segnalato (back office)',
        tags,
        description: 'Un gruppo di errori con le sue ultime occorrenze (stack compresi).',
        params: idParams,
        response: ok(erroreDettaglioSchema),
      },
    },
    async (request) => {
      const trovato = await gruppoConOccorrenze(db, request.params.id);
      if (!trovato) throw apiError('not_found');
      return {
        ...presentGruppo(trovato.gruppo),
        occorrenze: trovato.occorrenze.map(presentOccorrenza),
      };
    },
  );
  r.patch(
    '/api/admin/errori/:id/',
    {
      schema: {
        summary: 'Segna un errore segnalato come risolto o lo riapre (back office)',
        tags,
        description: 'Segna il gruppo come risolto (risolto: true) o lo riapre (false).',
        params: idParams,
        body: erroreRisoltoBody,
        response: ok(erroreGruppoSchema),
      },
    },
    async (request) => {
      const gruppo = await db.transaction(async (tx) => {
        const prima = await gruppoDaSegnare(tx, request.params.id);
        if (!prima) throw apiError('not_found');
        const dopo = await segnaRisolto(
          tx,
          prima.id,
          request.body.risolto,
          request.actor.userId,
          new Date(),
        );
        await registraRisoluzione(tx, request, prima, dopo!);
        return dopo!;
      });
      return presentGruppo(gruppo);
    },
  );
}
