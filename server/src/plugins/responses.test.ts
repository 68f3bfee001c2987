import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerResponses } from './responses';

async function appWith(validate: boolean, answer: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  await app.register(registerResponses, { validate });
  app.get(
    '/x/',
    { schema: { response: { 200: z.object({ id: z.number(), nome: z.string() }) } } },
    async () => answer,
  );
  await app.ready();
  return app;
}

describe('response checking', () => {
  it('refuses, outside production, an answer its schema does not describe', async () => {
    const app = await appWith(true, { id: '1', nome: 'x' });
    expect((await app.inject('/x/')).statusCode).toBe(500);
    await app.close();
  });

  it('sends the presenter’s own object: checking strips nothing', async () => {
    const app = await appWith(true, { id: 1, nome: 'x', extra: true });
    const res = await app.inject('/x/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1, nome: 'x', extra: true });
    await app.close();
  });

  it('does not check in production', async () => {
    const app = await appWith(false, { id: '1', nome: 'x' });
    const res = await app.inject('/x/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: '1', nome: 'x' });
    await app.close();
  });

  it('records every route with the statuses it declares', async () => {
    const app = await appWith(true, {});
    expect(app.routeResponses).toContainEqual({ method: 'GET', url: '/x/', statuses: ['200'] });
    await app.close();
  });
});
