import type { components, paths } from './openapi.gen.ts';

/**
 * The API's shapes, taken from the server's OpenAPI document (openapi.gen.ts, written by
 * `npm run api:types`; scripts/test.sh fails when it is stale). Nothing here is typed by hand.
 */

/** A named schema of the document (`Item`, `Me`, `Error` …). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type ApiPath = keyof paths;
type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined;
type Responses<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { responses: infer R } ? R : never;

/** What a route answers on success: its JSON body, or undefined when it answers none (204). */
export type ApiBody<P extends ApiPath, M extends Method> = JsonOf<
  Responses<P, M>[Extract<keyof Responses<P, M>, 200 | 201 | 202 | 204>]
>;

/** The JSON body a route reads. */
export type ApiInput<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : never;

/** The query parameters a route reads. */
export type ApiQuery<P extends ApiPath, M extends Method> = NonNullable<
  Operation<P, M>['parameters']['query']
>;
