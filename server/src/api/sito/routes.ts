// Public site content (spec §1, §2 rules/sponsors/about-us): /api/gas/sito/,
// /api/gas/sponsor/, /api/top-contributors/, /api/gas/collaboratori/.
import { collaboratoreSchema, sitoSchema, sponsorSchema } from '@gas/contracts';
import { ok, page } from '../shared/responses';
import { collaboratoriJsonSchema } from '@gas/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Sito, SitoServer, Sponsor } from '@gas/contracts';
import type { Db } from '../../db/client';
import type { ApiDeps } from '../deps';
import { paginateArray, paginationQuery } from '../shared/pagination';
import { loadCollaboratori, loadImpostazioni, loadSponsor } from './queries';
import { TOP_CONTRIBUTORS, presentSito, presentSponsor } from './present';

// The same for every visitor and edited rarely: browsers may keep it a minute.
const PUBLIC_CACHE = 'public, max-age=60';

/** GET /api/gas/sito/'s answer (the same for every visitor; also home's first screen). */
export async function sitoVisto(deps: Pick<ApiDeps, 'database' | 'config'>): Promise<Sito> {
  // The maps' tile server and the chat link are the operator's choice
  // (MAP_TILE_URL, GAS_CHAT_URL), not the build's.
  const server: SitoServer = {
    map_tile_url: deps.config.mapTileUrl,
    chat_url: deps.config.chatUrl ?? null,
  };
  return { ...presentSito(await loadImpostazioni(deps.database.db)), ...server };
}

/** Every sponsor as GET /api/gas/sponsor/ lists them. */
export async function sponsorVisti(db: Db): Promise<Sponsor[]> {
  return (await loadSponsor(db)).map(presentSponsor);
}

export async function sitoRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/gas/sito/',
    {
      schema: { summary: 'Contenuti pubblici del sito', response: ok(sitoSchema), tags: ['sito'] },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', PUBLIC_CACHE);
      return sitoVisto(deps);
    },
  );

  r.get(
    '/api/gas/sponsor/',
    { schema: { response: page(sponsorSchema), tags: ['sito'], querystring: paginationQuery } },
    async (request, reply) => {
      reply.header('Cache-Control', PUBLIC_CACHE);
      return paginateArray(request, request.query, await sponsorVisti(db));
    },
  );

  r.get(
    '/api/top-contributors/',
    {
      schema: {
        summary: 'Collaboratori principali del progetto',
        response: page(collaboratoreSchema),
        tags: ['sito'],
        querystring: paginationQuery,
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', PUBLIC_CACHE);
      const top = (await loadCollaboratori(db)).slice(0, TOP_CONTRIBUTORS);
      return paginateArray(request, request.query, top);
    },
  );

  // Spec §7: "the about-us collaborators call (returns a JSON string of
  // collaborators)": the body is a JSON string whose content is the JSON list.
  r.get(
    '/api/gas/collaboratori/',
    {
      schema: {
        summary: 'Collaboratori del progetto, come stringa JSON',
        response: ok(collaboratoriJsonSchema),
        tags: ['sito'],
      },
    },
    async (_request, reply) => {
      const list = await loadCollaboratori(db);
      return reply
        .header('Cache-Control', PUBLIC_CACHE)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(JSON.stringify(list)));
    },
  );
}
