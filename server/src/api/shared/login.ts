import type { FastifyRequest } from 'fastify';
import { apiError } from '../../errors';
import { isAuthenticated } from '../../policies';

/**
 * preValidation hook of the write routes: an anonymous visitor gets 403
 * not_authenticated whatever the body, as DRF checks permissions before
 * the serializer.
 */
export async function requireLogin(request: FastifyRequest): Promise<void> {
  if (!isAuthenticated(request.actor)) throw apiError('not_authenticated');
}
