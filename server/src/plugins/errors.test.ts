import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { apiError, fieldErrors } from '../errors';
import type { RichiestaInErrore } from '../errori/casella';
import { registerErrorHandler } from './errors';

async function appThrowing(error: unknown, segnalate: [unknown, RichiestaInErrore][] = []) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(registerErrorHandler, {
    errori: { segnalaRichiesta: (e, r) => segnalate.push([e, r]) },
  });
  app.get('/boom/:id', async () => {
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
    const segnalate: [unknown, RichiestaInErrore][] = [];
    const res = await (
      await appThrowing(error, segnalate)
    ).inject({ method: 'GET', url: '/boom/1' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
    // Bad input is not a bug: nothing reaches the error inbox.
    expect(segnalate).toEqual([]);
  });

  it('a genuine bug is a 500 without its message or stack, reported with its route and request id', async () => {
    const segnalate: [unknown, RichiestaInErrore][] = [];
    const bug = new Error('segreto interno');
    const res = await (
      await appThrowing(bug, segnalate)
    ).inject({
      method: 'GET',
      url: '/boom/7?token=abc',
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Errore interno del server.' });
    expect(res.body).not.toContain('segreto');
    expect(segnalate).toHaveLength(1);
    const [errore, richiesta] = segnalate[0]!;
    expect(errore).toBe(bug);
    // The route's pattern, never the URL with its query string.
    expect(richiesta).toEqual({
      metodo: 'GET',
      rotta: '/boom/:id',
      requestId: expect.any(String),
      userId: null,
    });
  });
});
