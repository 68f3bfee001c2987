import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, page, sentTo } from '../testing';
import { ApiError } from './errors';
import { fillPath, typedApi } from './typed';

const polo = (id: number) => ({
  id,
  evento: 1,
  nome_breve: `Polo ${id}`,
  descrizione: '',
  indirizzo: '',
  responsabili: [],
  capacita_massima_squadre: null,
  latitude: null,
  longitude: null,
  citta: null,
});

beforeEach(() => {
  document.cookie = 'csrftoken=tok123; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('fillPath', () => {
  it('puts the parameters in the documented path, encoded', () => {
    expect(fillPath('/api/gas/sessione/{id}/eventi/{blocco}/', { id: 3, blocco: 'a b' })).toBe(
      '/api/gas/sessione/3/eventi/a%20b/',
    );
    expect(fillPath('/api/gas/evento/', undefined)).toBe('/api/gas/evento/');
  });

  it('refuses a missing parameter rather than calling a wrong URL', () => {
    expect(() => fillPath('/api/gas/evento/{id}/', {})).toThrow(
      'Manca il parametro id di /api/gas/evento/{id}/.',
    );
  });
});

describe('typedApi', () => {
  it('GETs the filled path with its query and checks the answer', async () => {
    const fetchMock = mockFetch({ '/api/gas/polo/': page([polo(1), polo(2)]) });
    const poli = await typedApi.list('/api/gas/polo/', 'polo', { query: { evento: 7 } });
    expect(poli.map((p) => p.nome_breve)).toEqual(['Polo 1', 'Polo 2']);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/gas/polo/?evento=7');
  });

  it('sends the body with the CSRF header on writes', async () => {
    const fetchMock = mockFetch({
      '/api/gas/evento/4/invita/': () => new Response(null, { status: 204 }),
    });
    await typedApi.post('/api/gas/evento/{id}/invita/', 'empty', {
      path: { id: 4 },
      body: { email: 'a@b.it', ruolo: 'ins' },
    });
    expect(sentTo(fetchMock, '/api/gas/evento/4/invita/')).toEqual([
      { email: 'a@b.it', ruolo: 'ins' },
    ]);
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect((init.headers as Record<string, string>)['X-CSRFToken']).toBe('tok123');
  });

  it('fails loudly when the answer does not match the named schema', async () => {
    mockFetch({ '/api/gas/polo/9/': jsonResponse({ id: 'nove' }) });
    await expect(
      typedApi.get('/api/gas/polo/{id}/', 'polo', { path: { id: 9 } }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('types paths, parameters, bodies and answer names by the document', () => {
    // Only the compiler runs these (`tsc -p web`): each line must be an error.
    const never = () => {
      // @ts-expect-error: not a path of the document
      void typedApi.get('/api/gas/eventoo/', 'evento');
      // @ts-expect-error: the path parameter is required
      void typedApi.get('/api/gas/evento/{id}/', 'evento');
      // @ts-expect-error: the answer of this path is not a polo
      void typedApi.get('/api/gas/evento/{id}/', 'polo', { path: { id: 1 } });
      // @ts-expect-error: the body misses `nome`
      void typedApi.post('/api/gas/squadra/', 'squadra', { body: { sessione: 1 } });
      // @ts-expect-error: no POST on this path
      void typedApi.post('/api/gas/polo/', 'polo', { body: {} });
      // @ts-expect-error: this POST takes a body
      void typedApi.post('/api/gas/squadra/', 'squadra');
    };
    expect(never).toBeTypeOf('function');
  });
});
