// /api/gas/digitazione/: double entry of paper slips (issue 17). The typings
// of a session (its staff), and the adapters of the core's use cases
// (gara/digitazione/decisioni.ts): the administrators' decision on two
// typings that disagree, the removal of a typing that waits for its twin. The typings
// themselves arrive through POST /api/gas/risposta/ (risposta/routes.ts).
import {
  digitazioneSchema,
  idParam,
  idParams,
  risoluzioneDigitazioneRequest,
  STATI_DIGITAZIONE,
} from '@gas/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../errors';
import { canSeeEvento, isEventoStaff } from '../../policies';
import { loadEventoWithAccess } from '../../access/queries';
import { auditContext } from '../../audit/queries';
import type { ApiDeps } from '../deps';
import { noContent, ok, page } from '../shared/responses';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { requireLogin } from '../shared/login';
import { sessioneById } from '../../gara/queries';
import { presentDigitazione } from '../shared/present-digitazione';
import { digitazioneConNomi, listaDigitazioni } from '../../gara/digitazione/queries';
import { decidiCoppia, scartaDigitazione } from '../../gara/digitazione/decisioni';

const listQuery = paginationQuery.extend({
  sessione: idParam,
  stato: z.enum(STATI_DIGITAZIONE).optional(),
});

export async function digitazioneRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gara = {
    db,
    targets: deps.targets,
    modifiche: deps.modifiche,
    conta: (corretta: boolean | null) => deps.metriche.consegna('creata', corretta),
  };
  const chi = (request: FastifyRequest) => ({
    actor: request.actor,
    audit: auditContext(request, 'api'),
    indirizzo: request.ip,
  });

  async function present(id: number) {
    const out = await digitazioneConNomi(db, id);
    if (!out) throw apiError('not_found');
    return presentDigitazione(out);
  }

  r.get(
    '/api/gas/digitazione/',
    {
      schema: {
        response: page(digitazioneSchema),
        tags: ['digitazione'],
        summary: 'Digitazioni di una sessione (doppia digitazione)',
        description:
          'Amministratori, inseritori e superutenti dell’evento (altri: 403). Prima le coppie discordanti da risolvere, poi quelle in attesa della seconda digitazione (dalla più vecchia), poi le altre (dalla più recente). `stato` filtra.',
        querystring: listQuery,
      },
      preValidation: requireLogin,
    },
    async (request) => {
      const { actor } = request;
      const q = request.query;
      const sessione = await sessioneById(db, q.sessione);
      const evento = sessione && (await loadEventoWithAccess(db, sessione.eventoId));
      if (!evento || !canSeeEvento(actor, evento.access)) throw apiError('not_found');
      if (!isEventoStaff(actor, evento.access)) throw apiError('permission_denied');
      const window = pageWindow(q);
      const { total, rows } = await listaDigitazioni(
        db,
        q.sessione,
        q.stato ? [q.stato] : null,
        window,
      );
      return pageOf(request, window, total, rows.map(presentDigitazione));
    },
  );

  r.post(
    '/api/gas/digitazione/:id/risolvi/',
    {
      schema: {
        response: ok(digitazioneSchema),
        tags: ['digitazione'],
        operationId: 'resolveDigitazione',
        summary: 'Risolve due digitazioni discordanti',
        description:
          'Amministratori dell’evento e superutenti (altri: 403). `accetta` registra la risposta di una delle due digitazioni, `correggi` il valore letto sul foglio, `scarta` nessuna; il momento di consegna è il primo dei due. Entrambe le digitazioni passano a `risolta` o `scartata` e la decisione è nel registro delle modifiche. Coppia già risolta: 400.',
        params: idParams,
        body: risoluzioneDigitazioneRequest,
      },
      preValidation: requireLogin,
    },
    async (request) => {
      const id = request.params.id;
      await decidiCoppia(gara, chi(request), id, request.body);
      return present(id);
    },
  );

  r.delete(
    '/api/gas/digitazione/:id/',
    {
      schema: {
        response: noContent,
        tags: ['digitazione'],
        summary: 'Elimina una digitazione in attesa della seconda',
        description:
          'Chi l’ha digitata, gli amministratori dell’evento e i superutenti (altri: 403): 204, la digitazione passa a `scartata` (resta nel registro). Solo se è ancora in attesa: altrimenti 400.',
        params: idParams,
      },
      preValidation: requireLogin,
    },
    async (request, reply) => {
      await scartaDigitazione(gara, chi(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
