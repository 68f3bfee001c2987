// Calls typed by the API's OpenAPI document: the path is one of the
// document's, written as it declares it ('/api/gas/evento/{id}/'), and its
// path parameters, query and body have the types openapi-typescript
// generated from the routes' zod schemas (schema.d.ts, `npm run openapi`).
// Each call still names the @gas/contracts schema of its answer, as the
// server does: the answer is typed and, in development and tests, checked
// by it (client.ts `checkAnswer`); a name whose type does not fit what the
// document says the path answers is a type error. Everything else (CSRF,
// errors, multipart, DRF pages) is client.ts's `request`.
//
//   typedApi.get('/api/gas/evento/{id}/', 'evento', { path: { id } })
//   typedApi.list('/api/gas/polo/', 'polo', { query: { evento } })
//   typedApi.post('/api/gas/squadra/', 'squadra', { body: { nome, sessione } })
import type { AnswerShape, ResponseName, ResponseOf } from '@gas/contracts';
import type {
  IsOperationRequestBodyOptional,
  OperationRequestBodyContent,
  PathsWithMethod,
  RequiredKeysOf,
  ResponseObjectMap,
  SuccessResponse,
} from 'openapi-typescript-helpers';
import { checkAnswer, getList, request, type Answer, type HttpMethod, type Query } from './client';
import type { paths } from './schema';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type ApiPath<M extends Method> = PathsWithMethod<paths, M>;
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Parameters<O> = O extends { parameters: infer X extends { query?: unknown; path?: unknown } }
  ? X
  : { query?: never; path?: never };

/**
 * The server reads every query value from a string (numbers, `a,b` lists):
 * the document says `string` where the web app holds a number or a list.
 */
type Loose<Q> = {
  [K in keyof Q]?:
    Q[K] | (Q[K] extends string | undefined ? number | readonly (string | number)[] | null : never);
};
type QueryOf<O> = Loose<NonNullable<Parameters<O>['query']>>;
/** Path parameters too are read from strings: an id is given as the number it is. */
type PathOption<O> = [NonNullable<Parameters<O>['path']>] extends [never]
  ? { path?: undefined }
  : { path: { [K in keyof NonNullable<Parameters<O>['path']>]: string | number } };

/** What a call takes besides path and answer name. */
export type CallOptions<O> = PathOption<O> & {
  query?: QueryOf<O>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};
/**
 * A multipart body's file is `string` (format binary) in the document: the
 * web app gives a File, and numbers or flags that the server reads back from
 * the form's strings.
 */
type Multipart<T> = {
  [K in keyof T]: T[K] | (T[K] extends string | undefined ? Blob | number | boolean : never);
};
type Content<O> = O extends { requestBody?: { content: infer C } } ? C : never;
type Body<O> =
  Content<O> extends { 'application/json': infer J }
    ? J
    : Content<O> extends { 'multipart/form-data': infer F }
      ? Multipart<F>
      : OperationRequestBodyContent<O>;
/** The body the document declares: required unless it says optional. */
type BodyOption<O> = [Body<O>] extends [never]
  ? { body?: undefined }
  : IsOperationRequestBodyOptional<O> extends true
    ? { body?: Body<O> }
    : { body: Body<O> };
type WriteOptions<O> = CallOptions<O> & BodyOption<O>;

/** The body of `method` on `path`, as the document declares it. */
export type ApiBody<P extends ApiPath<M>, M extends Method> = Body<Operation<P, M>>;

/** What the document says the operation answers on success (any 2xx JSON). */
export type DocumentedAnswer<O> =
  O extends Record<string | number, unknown>
    ? SuccessResponse<ResponseObjectMap<O>, 'application/json'>
    : never;

/**
 * A contracts name fits an operation when its answer can be what the
 * document declares (the same zod schema on the server, seen twice). A union
 * of names (the back office's `admin/${nome}`) fits a union of paths when
 * each name fits one of them.
 */
type Fits<N extends ResponseName, S extends AnswerShape, O> = N extends ResponseName
  ? Answer<N, S> extends DocumentedAnswer<O>
    ? N
    : never
  : never;
type ListFits<N extends ResponseName, O> = N extends ResponseName
  ? Answer<N, 'array'> extends DocumentedAnswer<O>
    ? N
    : Answer<N, 'page'> extends DocumentedAnswer<O>
      ? N
      : never
  : never;

/** `'/api/gas/evento/{id}/'` with `{ id: 3 }` is `/api/gas/evento/3/`. */
export function fillPath(template: string, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Manca il parametro ${name} di ${template}.`);
    return encodeURIComponent(String(value));
  });
}

type Options = {
  path?: object;
  query?: object;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

async function call(method: HttpMethod, template: string, options: Options = {}) {
  const { path, query, ...init } = options;
  return request<unknown>(fillPath(template, path), { ...init, method, query: query as Query });
}

const read =
  <S extends AnswerShape>(shape: S) =>
  async <P extends ApiPath<'get'>, N extends ResponseName>(
    path: P,
    name: Fits<N, S, Operation<P, 'get'>>,
    ...[options]: PathOption<Operation<P, 'get'>> extends { path: object }
      ? [CallOptions<Operation<P, 'get'>>]
      : [CallOptions<Operation<P, 'get'>>?]
  ): Promise<Answer<N, S>> =>
    checkAnswer(path, name, shape, await call('GET', path, options as Options));

const write =
  <M extends 'post' | 'put' | 'patch'>(method: M) =>
  async <P extends ApiPath<M>, N extends ResponseName>(
    path: P,
    name: Fits<N, 'one', Operation<P, M>>,
    ...[options]: RequiredKeysOf<WriteOptions<Operation<P, M>>> extends never
      ? [WriteOptions<Operation<P, M>>?]
      : [WriteOptions<Operation<P, M>>]
  ): Promise<ResponseOf<N>> =>
    checkAnswer(
      path,
      name,
      'one',
      await call(method.toUpperCase() as HttpMethod, path, options as Options),
    );

export const typedApi = {
  get: read('one'),
  array: read('array'),
  page: read('page'),
  /** Every page of a DRF list (or a plain array), merged. */
  list: async <P extends ApiPath<'get'>, N extends ResponseName>(
    path: P,
    item: ListFits<N, Operation<P, 'get'>>,
    ...[options]: PathOption<Operation<P, 'get'>> extends { path: object }
      ? [CallOptions<Operation<P, 'get'>>]
      : [CallOptions<Operation<P, 'get'>>?]
  ): Promise<ResponseOf<N>[]> => {
    const { path: params, query, signal } = (options ?? {}) as Options;
    return getList(fillPath(path, params), item, query as Query, { signal });
  },
  post: write('post'),
  put: write('put'),
  patch: write('patch'),
  delete: async <P extends ApiPath<'delete'>>(
    path: P,
    options: CallOptions<Operation<P, 'delete'>>,
  ): Promise<void> => {
    await call('DELETE', path, options as Options);
  },
};
