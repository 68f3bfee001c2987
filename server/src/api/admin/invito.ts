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
import { creaLinkPassword, spedisciLinkPassword } from '../../auth/inviti';
import { baseUrlDi } from '../../email/messaggi';
import { userById } from '../../auth/queries';
import type { ApiDeps } from '../deps';
import { ok } from '../shared/responses';

export function invitoRoutes(app: FastifyInstance, deps: ApiDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/admin/user/:id/invito-password/',
    {
      schema: {
        summary: 'Nuovo link per scegliere la password di un utente (back office)',
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
      const account = {
        userId: user.id,
        email: user.email,
        username: user.username,
        nome: `${user.firstName} ${user.lastName}`.trim(),
      };
      const link = await creaLinkPassword(
        deps.database.db,
        baseUrlDi(deps.config),
        account,
        'imposta',
        auditContext(request, 'admin'),
      );
      // A mail server that is down must not lose the link just made (the
      // earlier ones have stopped working): staff get it to copy, and are told.
      let emailInviata = true;
      try {
        await spedisciLinkPassword(deps.mailer, account, 'imposta', link);
      } catch (err) {
        request.log.error({ err, userId: user.id }, 'invito: e-mail non inviata');
        emailInviata = false;
      }
      return { link, email: user.email, email_inviata: emailInviata };
    },
  );
}
