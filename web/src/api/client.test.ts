import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../testing';
import { CSRF_COOKIE, CSRF_HEADER } from '@gas/contracts';
import { api, buildUrl, checkAnswer, getList, NESTED_FILE_MESSAGE, request } from './client';
import { readCookie } from '../lib/cookies';
import { ApiError, INTERNAL_SERVER_ERROR_DETAIL, NETWORK_ERROR_MESSAGE } from './errors';

/** A country as the API answers it: the lists below are about paging, not shapes. */
const paese = (id: number) => ({ id, nome: `Paese ${id}`, codice: null });

function headersOf(fetchMock: ReturnType<typeof mockFetch>, call = 0): Record<string, string> {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit;
  return init.headers as Record<string, string>;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  document.cookie = 'sessionid=abc; path=/';
  document.cookie = 'csrftoken=tok%2Fen123; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('request basics', () => {
  it('reads cookies by exact name', () => {
    expect(readCookie('csrftoken', 'a=1; csrftoken=xyz; xcsrftoken=no')).toBe('xyz');
    expect(readCookie('missing', 'a=1')).toBeNull();
  });

  it('builds query strings, skipping empty values and joining lists', () => {
    expect(buildUrl('/api/gas/evento/', { tipologia: 'o', x: undefined, y: null })).toBe(
      '/api/gas/evento/?tipologia=o',
    );
    expect(buildUrl('/api/x/', { pk__in: [1, 2, 3] })).toBe('/api/x/?pk__in=1%2C2%2C3');
    expect(buildUrl('/api/x/?a=1', { b: 2 })).toBe('/api/x/?a=1&b=2');
  });

  it('sends same-origin credentials and no CSRF header on GET', async () => {
    const fetchMock = mockFetch({ '/api/time/': { now: 1 } });
    await expect(request('/api/time/')).resolves.toEqual({ now: 1 });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('GET');
    expect(headersOf(fetchMock)['X-CSRFToken']).toBeUndefined();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'sends the csrftoken cookie as X-CSRFToken on %s',
    async (method) => {
      const fetchMock = mockFetch({
        '/api/gas/risposta/1/': () => new Response(null, { status: 204 }),
      });
      await expect(request('/api/gas/risposta/1/', { method })).resolves.toBeUndefined();
      expect(headersOf(fetchMock)['X-CSRFToken']).toBe('tok/en123');
    },
  );

  it('sends JSON bodies as JSON', async () => {
    const fetchMock = mockFetch({ '/api/gas/jolly/': { id: 5 } });
    await request('/api/gas/jolly/', { method: 'POST', body: { problema: 1, squadra: 2 } });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(headersOf(fetchMock)['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ problema: 1, squadra: 2 });
  });

  it('sends multipart when a file is present, letting the browser set the boundary', async () => {
    const fetchMock = mockFetch({ '/api/gas/file-programmato/': { id: 9 } });
    const file = new File(['%PDF-1.4'], 'testo.pdf', { type: 'application/pdf' });
    await request('/api/gas/file-programmato/', {
      method: 'POST',
      body: {
        il_file: file,
        evento: 3,
        tipologia: 'problemi',
      },
    });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBeInstanceOf(FormData);
    const form = init.body as FormData;
    expect((form.get('il_file') as File).name).toBe('testo.pdf');
    expect(form.get('evento')).toBe('3');
    expect(headersOf(fetchMock)['Content-Type']).toBeUndefined();
    expect(headersOf(fetchMock)['X-CSRFToken']).toBe('tok/en123');
  });

  it('refuses files nested inside objects', async () => {
    mockFetch({});
    const file = new File(['x'], 'x.pdf');
    await expect(
      request('/api/x/', { method: 'POST', body: { nested: { file } } }),
    ).rejects.toThrow(NESTED_FILE_MESSAGE);
  });
});

describe('list pagination', () => {
  it('follows absolute next links, keeping the calls same-origin, and merges results', async () => {
    const fetchMock = mockFetch({
      '/api/gas/evento/': (url) => {
        const page = url.searchParams.get('page') ?? '1';
        const pages: Record<string, unknown> = {
          '1': {
            count: 5,
            next: 'http://backend:8000/api/gas/evento/?page=2&tipologia=o',
            previous: null,
            results: [paese(1), paese(2)],
          },
          '2': {
            count: 5,
            next: 'http://backend:8000/api/gas/evento/?page=3&tipologia=o',
            previous: null,
            results: [paese(3), paese(4)],
          },
          '3': { count: 5, next: null, previous: null, results: [paese(5)] },
        };
        return jsonResponse(pages[page]);
      },
    });
    const eventi = await getList('/api/gas/evento/', 'paese', { tipologia: 'o' });
    expect(eventi.map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toEqual([
      '/api/gas/evento/?tipologia=o',
      '/api/gas/evento/?page=2&tipologia=o',
      '/api/gas/evento/?page=3&tipologia=o',
    ]);
  });

  it('follows offset/limit links', async () => {
    mockFetch({
      '/api/gas/squadra/': (url) => {
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const next = offset < 4 ? `/api/gas/squadra/?limit=2&offset=${offset + 2}` : null;
        return jsonResponse({
          count: 6,
          next,
          previous: null,
          results: [paese(offset + 1), paese(offset + 2)],
        });
      },
    });
    const squadre = await api.list('/api/gas/squadra/', 'paese');
    expect(squadre.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('accepts an unpaginated list and stops on a repeated next link', async () => {
    mockFetch({
      '/api/plain/': [paese(1)],
      '/api/loop/': { count: 1, next: '/api/loop/', previous: null, results: [paese(7)] },
    });
    await expect(getList('/api/plain/', 'paese')).resolves.toEqual([paese(1)]);
    await expect(getList('/api/loop/', 'paese')).resolves.toEqual([paese(7)]);
  });
});

describe('error mapping (spec §8)', () => {
  it.each([
    [403, 'forbidden'],
    [404, 'not_found'],
    [429, 'throttled'],
    [400, 'bad_request'],
    [409, 'client'],
    [418, 'client'],
    [500, 'server'],
    [503, 'server'],
  ] as const)('maps status %i to kind %s with the server detail', async (status, kind) => {
    mockFetch({ '/api/x/': () => jsonResponse({ detail: `dettaglio ${status}` }, status) });
    const error = await rejection(request('/api/x/'));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.detail).toBe(`dettaglio ${status}`);
    expect(error.message).toBe(`dettaglio ${status}`);
  });

  it('collects field errors and non_field_errors of a 400', async () => {
    mockFetch({
      '/api/gas/user/': () =>
        jsonResponse(
          {
            confirm_password: ['Le due password non corrispondono'],
            username: ['Obbligatorio.', 'Troppo corto.'],
            non_field_errors: ['Dati non validi.'],
            problemi: [{}, { soluzione: ['Numero non valido.'] }],
          },
          400,
        ),
    });
    const error = await rejection(request('/api/gas/user/', { method: 'POST', body: {} }));
    expect(error.kind).toBe('bad_request');
    expect(error.fieldErrors).toEqual({
      confirm_password: ['Le due password non corrispondono'],
      username: ['Obbligatorio.', 'Troppo corto.'],
      'problemi.1.soluzione': ['Numero non valido.'],
    });
    expect(error.nonFieldErrors).toEqual(['Dati non validi.']);
    expect(error.detail).toBe('Dati non validi.');
  });

  it('reads the field messages, not JSON, when a 400 has no detail nor general errors', async () => {
    mockFetch({
      '/api/x/': () =>
        jsonResponse({ nome: ['Obbligatorio.'], squadre: ['Indica almeno un elemento.'] }, 400),
    });
    const error = await rejection(request('/api/x/', { method: 'POST', body: {} }));
    expect(error.detail).toBe('Obbligatorio. Indica almeno un elemento.');
  });

  it('other 400 bodies without messages are still shown as they are', async () => {
    mockFetch({ '/api/x/': () => jsonResponse({ nome: 3 }, 400) });
    const error = await rejection(request('/api/x/', { method: 'POST', body: {} }));
    expect(error.detail).toBe('{"nome":3}');
  });

  it("gives 'Internal server error' for a 5xx with an unreadable body", async () => {
    mockFetch({
      '/api/html/': () =>
        new Response('<html>Bad gateway</html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        }),
      '/api/empty/': () => new Response(null, { status: 500 }),
    });
    expect((await rejection(request('/api/html/'))).detail).toBe(INTERNAL_SERVER_ERROR_DETAIL);
    const empty = await rejection(request('/api/empty/'));
    expect(empty.kind).toBe('server');
    expect(empty.detail).toBe(INTERNAL_SERVER_ERROR_DETAIL);
  });

  it('maps a failed fetch to a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await rejection(request('/api/x/'));
    expect(error.kind).toBe('network');
    expect(error.status).toBeNull();
    expect(error.detail).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('lets an abort through untouched', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    await expect(request('/api/x/', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('answers checked against their schema (development and tests)', () => {
  it('types a list by its item schema and checks every page', async () => {
    mockFetch({
      '/api/gas/polo/': (url) =>
        jsonResponse(
          url.searchParams.get('page') === '2'
            ? { count: 2, next: null, previous: null, results: [{ ...paese(2), nome: 7 }] }
            : {
                count: 2,
                next: '/api/gas/polo/?page=2',
                previous: null,
                results: [paese(1)],
              },
        ),
    });
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await rejection(getList('/api/gas/polo/', 'paese'));
    // Reported once, for whoever runs the site (spec §7).
    expect(reported).toHaveBeenCalledTimes(1);
    reported.mockRestore();
    expect(error.kind).toBe('server');
    expect(error.detail).toBe(
      'Risposta inattesa da /api/gas/polo/ (results.0.nome): il server e l’app non sono allineati.',
    );
  });

  it('returns the server’s own object when it matches (nothing stripped)', async () => {
    mockFetch({ '/api/time/': { time: '2026-04-15T09:00:00.000Z', epoch_ms: 1, extra: true } });
    const answer = await api.get('/api/time/', 'oraServer');
    expect(answer).toEqual({ time: '2026-04-15T09:00:00.000Z', epoch_ms: 1, extra: true });
  });

  it('trusts the server when checking is off (production)', async () => {
    await expect(
      checkAnswer('/api/time/', 'oraServer', 'one', { time: 1 }, false),
    ).resolves.toEqual({ time: 1 });
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(checkAnswer('/api/time/', 'oraServer', 'one', { time: 1 }, true)).rejects.toThrow(
      ApiError,
    );
    reported.mockRestore();
  });

  it('checks arrays and pages of the named item', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(checkAnswer('/a/', 'id', 'array', [1, 2], true)).resolves.toEqual([1, 2]);
    await expect(checkAnswer('/a/', 'id', 'array', [1, 'x'], true)).rejects.toThrow(ApiError);
    const page = { count: 1, next: null, previous: null, results: [paese(1)] };
    await expect(checkAnswer('/p/', 'paese', 'page', page, true)).resolves.toBe(page);
    await expect(checkAnswer('/p/', 'paese', 'one', page, true)).rejects.toThrow(ApiError);
    reported.mockRestore();
  });

  it('sends the CSRF header the contracts name', async () => {
    document.cookie = `${CSRF_COOKIE}=tok123`;
    const fetchMock = mockFetch({ '/api/x/': { ok: true } });
    await request('/api/x/', { method: 'POST', body: {} });
    const headers = (fetchMock.mock.calls[0]?.[1] as RequestInit).headers as Record<string, string>;
    expect(headers[CSRF_HEADER]).toBe('tok123');
    expect(CSRF_HEADER).toBe('X-CSRFToken');
  });
});

describe('where scheduler.yield() exists (Chromium)', () => {
  it('calls fetch after yielding, out of the task that asked', async () => {
    let resume = () => {};
    vi.stubGlobal('scheduler', {
      yield: () => new Promise<void>((resolve) => (resume = resolve)),
    });
    const fetchMock = mockFetch({ '/api/gas/evento/': { ok: true } });
    const answer = request('/api/gas/evento/');
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    resume();
    await expect(answer).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('calls fetch in the same task elsewhere', () => {
    const fetchMock = mockFetch({ '/api/gas/evento/': { ok: true } });
    void request('/api/gas/evento/');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
