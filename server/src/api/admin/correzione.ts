// GET /api/admin/problema/{id}/anteprima-correzione/ (issue 14, item 4): how
// many stored answers a corrected solution or tolerance would turn correct or
// wrong, computed with the scoring rules and nothing written, so the person
// correcting it sees the effect before confirming. Saving (PATCH of the
// problem) re-checks them for real (resources.ts, evento/recheck.ts).
import { anteprimaCorrezioneQuery, anteprimaCorrezioneSchema, idParams } from '@gas/contracts';
import { isAnswerCorrect } from '@gas/scoring';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../errors';
import type { ApiDeps } from '../deps';
import { answersOfProblemi, problemiByIds } from '../evento/queries';
import { ok } from '../shared/responses';

export function correzioneRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/problema/:id/anteprima-correzione/',
    {
      schema: {
        response: ok(anteprimaCorrezioneSchema),
        tags: ['admin: problema'],
        params: idParams,
        querystring: anteprimaCorrezioneQuery,
      },
    },
    async (request) => {
      const [problema] = await problemiByIds(db, [request.params.id]);
      if (!problema) throw apiError('not_found');
      const q = request.query;
      const proposta = {
        soluzione: q.soluzione ?? problema.soluzione,
        soluzione_exp: q.soluzione_exp ?? problema.soluzioneExp,
        intervallo_validita: q.intervallo_validita ?? problema.intervalloValidita,
      };
      const answers = await answersOfProblemi(db, [problema.id]);
      let diventanoCorrette = 0;
      let diventanoErrate = 0;
      for (const a of answers) {
        const corretto = isAnswerCorrect({
          valore: a.valore,
          valore_exp: a.valoreExp,
          ...proposta,
        });
        if (corretto && a.corretto === false) diventanoCorrette++;
        if (!corretto && a.corretto === true) diventanoErrate++;
      }
      return {
        risposte: answers.length,
        diventano_corrette: diventanoCorrette,
        diventano_errate: diventanoErrate,
      };
    },
  );
}
