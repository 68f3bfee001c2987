// POST /api/admin/user/{id}/invito-password/ (issue 15): staff send an
// account the e-mail with a new one-time link to choose its password (an
// imported manager who lost the first one) and get the link to copy, for a
// manager who cannot receive e-mail. Earlier links of the account stop working.
import { idParams, invitoPasswordSchema } from '@gas/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditContext } from '../../audit/queries';
import { apiError } from '../../errors';
import { ACCOUNT_PRIVILEGIATO, canManageAccount } from '../../policies';
import { inviaLinkPassword } from '../auth/inviti';
import { baseUrlDi } from '../../email/messaggi';
import { userById } from '../auth/queries';
import type { ApiDeps } from '../deps';
import { ok } from '../shared/responses';

export function invitoRoutes(app: FastifyInstance, deps: ApiDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/admin/user/:id/invito-password/',
    {
      schema: {
        tags: ['admin: user'],
        description:
          'Invia all’utente un nuovo link per scegliere la password (valido 7 giorni) e lo restituisce.',
        params: idParams,
        response: ok(invitoPasswordSchema),
      },
    },
    async (request) => {
      const user = await userById(deps.database.db, request.params.id);
      if (!user) throw apiError('not_found');
      // A staff member's link to a superuser's account would make him one (issue 26).
      if (!canManageAccount(request.actor, { ...user, userId: user.id })) {
        throw apiError('permission_denied', ACCOUNT_PRIVILEGIATO);
      }
      if (!user.isActive) throw apiError('bad_request', 'L’account non è attivo.');
      if (!user.email) throw apiError('bad_request', 'L’account non ha un indirizzo e-mail.');
      const link = await inviaLinkPassword(
        { db: deps.database.db, mailer: deps.mailer, baseUrl: baseUrlDi(deps.config) },
        {
          userId: user.id,
          email: user.email,
          username: user.username,
          nome: `${user.firstName} ${user.lastName}`.trim(),
        },
        'imposta',
        auditContext(request, 'admin'),
      );
      return { link, email: user.email };
    },
  );
}
