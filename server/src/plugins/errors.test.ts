import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { apiError, fieldErrors } from '../errors';
import { registerErrorHandler } from './errors';

function appThrowing(error: unknown) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  return app;
}

const withCause = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('pg'), { code }) });

describe('error handler: DRF shapes, never a 500 for bad input', () => {
  it.each([
    [
      'an ApiError',
      apiError('permission_denied'),
      403,
      { detail: 'Non hai il permesso di eseguire questa azione.' },
    ],
    ['field errors', fieldErrors({ nome: ['Troppo lungo.'] }), 400, { nome: ['Troppo lungo.'] }],
    [
      'a NUL byte PostgreSQL refuses (22021)',
      withCause('22021'),
      400,
      { detail: 'Valore non valido: non può essere memorizzato.' },
    ],
    [
      'an out-of-range value (22003)',
      withCause('22003'),
      400,
      { detail: 'Valore non valido: non può essere memorizzato.' },
    ],
    [
      'a unique violation no route handled (23505)',
      withCause('23505'),
      400,
      { detail: 'La richiesta è in conflitto con i dati esistenti.' },
    ],
  ])('%s', async (_name, error, status, body) => {
    const res = await appThrowing(error).inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
  });

  it('a genuine bug is a 500 without its message or stack', async () => {
    const res = await appThrowing(new Error('segreto interno')).inject({
      method: 'GET',
      url: '/boom',
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Errore interno del server.' });
    expect(res.body).not.toContain('segreto');
  });
});
