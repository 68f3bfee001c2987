import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../deps';

export async function extUserRoutes(_app: FastifyInstance, _deps: ApiDeps) {}
