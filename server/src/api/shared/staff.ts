import type { FastifyRequest } from 'fastify';
import { apiError } from '../../errors';
import { canUseAdminActions, isAuthenticated } from '../../policies';

/** The back office's scope: staff and superusers; anyone else gets DRF's 403. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!isAuthenticated(request.actor)) throw apiError('not_authenticated');
  if (!canUseAdminActions(request.actor)) throw apiError('permission_denied');
}
