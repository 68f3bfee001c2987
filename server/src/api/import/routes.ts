// /api/admin/import/ (issue 15): the olympiad site's document as the JSON
// body, checked and applied by the import engine (`?dry_run=1` only checks,
// `?dettagli=1` adds the per-record review); the scheduled sync's last runs
// and its 'Sincronizza ora'. Staff and superusers only (the admin plugin's
// hook), CSRF as every write; bodies up to 20 MB.
import {
  ERROR_RESPONSES,
  errorBodySchema,
  esitoImportSchema,
  IMPORT_LIMITI,
  importQuery,
  sincronizzazioneSchema,
  statoSincronizzazioneSchema,
  type Sincronizzazione,
} from '@gas/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Sincronizzazione as RigaSincronizzazione } from '../../db/schema';
import { apiError } from '../../errors';
import type { ApiDeps } from '../deps';
import { ok } from '../shared/responses';
import { dopoImportazione } from '../../gara/importazione/dopo';
import { importa } from '../../gara/importazione/engine';

const vero = (v: string | undefined) => v === '1' || v === 'true';

export function presentSincronizzazione(run: RigaSincronizzazione): Sincronizzazione {
  return {
    id: run.id,
    inizio: run.inizio.toISOString(),
    fine: run.fine?.toISOString() ?? null,
    esito: run.esito,
    avviata_da: run.avviataDa,
    generato: run.generato,
    riepilogo: run.riepilogo ?? null,
    errore: run.errore,
  };
}

export function importRoutes(app: FastifyInstance, deps: ApiDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: import'];

  r.post(
    '/api/admin/import/',
    {
      bodyLimit: IMPORT_LIMITI.corpo,
      schema: {
        summary: 'Importa un documento del sito olimpiadi, o lo controlla (back office)',
        tags,
        description:
          'Importa il documento del sito olimpiadi (formato di import-format.md). 200 con il riepilogo se applicato o con dry_run=1; 400 con lo stesso riepilogo (applicato: false, errori) se il documento non è valido.',
        querystring: importQuery,
        body: z.unknown(),
        response: {
          ...ERROR_RESPONSES,
          200: esitoImportSchema,
          400: z.union([esitoImportSchema, errorBodySchema]),
        },
      },
    },
    async (request, reply) => {
      const esito = await importa(deps.database.db, request.body, {
        dryRun: vero(request.query.dry_run),
        dettagli: vero(request.query.dettagli),
        audit: { userId: request.actor.userId, indirizzo: request.ip },
        dopoIlCommit: dopoImportazione({
          db: deps.database.db,
          modifiche: deps.modifiche,
          mailer: deps.mailer,
          config: deps.config,
          log: request.log,
        }),
      });
      return reply.status(esito.errori.length > 0 ? 400 : 200).send(esito);
    },
  );

  r.get(
    '/api/admin/import/sincronizzazioni/',
    {
      schema: {
        summary:
          'Stato della sincronizzazione con il sito olimpiadi e ultime esecuzioni (back office)',
        tags,
        response: ok(statoSincronizzazioneSchema),
      },
    },
    async () => ({
      configurata: deps.sync.configurata,
      sorgente: deps.sync.sorgente,
      ogni_minuti: deps.config.sync.minutes,
      esecuzioni: (await deps.sync.ultime()).map(presentSincronizzazione),
    }),
  );

  r.post(
    '/api/admin/import/sincronizza/',
    {
      schema: {
        summary: 'Sincronizza ora con il sito olimpiadi (back office)',
        tags,
        description: 'Sincronizza ora con il sito olimpiadi e risponde con l’esecuzione conclusa.',
        response: ok(sincronizzazioneSchema),
      },
    },
    async (request) => {
      if (!deps.sync.configurata) {
        throw apiError(
          'bad_request',
          'La sincronizzazione non è configurata: imposta GAS_SYNC_URL sul server.',
        );
      }
      const run = await deps.sync.esegui(request.actor.userId);
      if (!run)
        throw apiError('bad_request', 'Una sincronizzazione è già in corso: riprova tra poco.');
      return presentSincronizzazione(run);
    },
  );
}
