// /api/admin/impostazioni-sito/ (issue 14): the site's content edited from the
// back office (home news and video, webinars, the final's calendar, the rules
// documents per year, about us and its collaborators), one JSON value per
// key, each checked against the shape the public pages read
// (IMPOSTAZIONI_SITO_SCHEMI) and logged with its value before and after.
import {
  adminImpostazioneRequest,
  adminImpostazioneSchema,
  CHIAVI_SITO,
  IMPOSTAZIONI_SITO_SCHEMI,
  type ChiaveSito,
} from '@gas/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext, recordChange } from '../../audit/queries';
import { apiError, fieldErrors } from '../../errors';
import type { ApiDeps } from '../deps';
import { paginateArray, paginationQuery } from '../shared/pagination';
import { ok, page } from '../shared/responses';
import { loadSettings, saveSetting } from '../../gara/registro/queries';

const chiaveParams = z.object({ chiave: z.string().max(50) });
const isChiave = (key: string): key is ChiaveSito => (CHIAVI_SITO as string[]).includes(key);

export function impostazioniRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: impostazioni-sito'];

  const all = async () => {
    const rows = new Map((await loadSettings(db)).map((row) => [row.key, row]));
    return CHIAVI_SITO.map((chiave) => ({
      chiave,
      valore: rows.get(chiave)?.value ?? null,
      aggiornato: rows.get(chiave)?.updatedAt.toISOString() ?? null,
    }));
  };

  r.get(
    '/api/admin/impostazioni-sito/',
    {
      schema: {
        summary: 'Elenco delle impostazioni del sito (back office)',
        response: page(adminImpostazioneSchema),
        tags,
        querystring: paginationQuery,
      },
    },
    async (request) => paginateArray(request, request.query, await all()),
  );

  r.get(
    '/api/admin/impostazioni-sito/:chiave/',
    {
      schema: {
        summary: "Dettaglio di un'impostazione del sito (back office)",
        response: ok(adminImpostazioneSchema),
        tags,
        params: chiaveParams,
      },
    },
    async (request) => {
      const found = (await all()).find((s) => s.chiave === request.params.chiave);
      if (!found) throw apiError('not_found');
      return found;
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: '/api/admin/impostazioni-sito/:chiave/',
      schema: {
        summary: `${method === 'PUT' ? 'Sostituisce' : 'Modifica'} un'impostazione del sito (back office)`,
        response: ok(adminImpostazioneSchema),
        tags,
        params: chiaveParams,
        body: adminImpostazioneRequest,
      },
      handler: async (request) => {
        const { chiave } = request.params;
        if (!isChiave(chiave)) throw apiError('not_found');
        const parsed = IMPOSTAZIONI_SITO_SCHEMI[chiave].safeParse(request.body.valore);
        if (!parsed.success) {
          throw fieldErrors({
            valore: parsed.error.issues
              .slice(0, 20)
              .map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message)),
          });
        }
        const before = (await all()).find((s) => s.chiave === chiave) ?? null;
        const row = await db.transaction(async (tx) => {
          const saved = await saveSetting(tx, chiave, parsed.data);
          await recordChange(tx, auditContext(request, 'admin'), {
            azione: before?.valore == null ? 'crea' : 'modifica',
            risorsa: 'impostazioni-sito',
            oggettoId: null,
            oggettoNome: chiave,
            prima: before?.valore == null ? null : { valore: before.valore },
            dopo: { valore: saved.value },
          });
          return saved;
        });
        return { chiave, valore: row.value, aggiornato: row.updatedAt.toISOString() };
      },
    });
  }
}
