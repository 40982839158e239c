import type { LightMyRequestResponse } from 'fastify';

interface ErrorBody {
  error: { code: string; message: string; details?: { field: string; message: string }[] };
}

/** The `error` of the one error shape. */
export const errorOf = (res: LightMyRequestResponse) => res.json<ErrorBody>().error;

/** The fields a 400 names. */
export const fieldsOf = (res: LightMyRequestResponse) => (errorOf(res).details ?? []).map((d) => d.field);

/** One route in the tables that walk every route of a module through 401/403/404/400. */
export interface RouteCase {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (id: string) => string;
  body?: object;
}

/** `it.each` rows named by the route. */
export const routeCases = (routes: RouteCase[]) => routes.map((r) => [r.route, r] as const);
