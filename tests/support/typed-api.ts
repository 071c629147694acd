// The public API through the typed client (openapi-fetch over `paths` of @pencraft/api-client, the types generated
// from services/gateway/openapi.json), for the suites: a path, its parameters, its body and its answer come from the
// document, so a changed answer breaks a suite at compile time instead of at run time.
//
// Each call goes through an ApiClient (tests/support/http-client.ts) as openapi-fetch's `fetch`: its cookie jar, the
// CSRF token echoed on writes, the credentials and personal data remembered as secrets (log-hygiene.ts), and, for a
// DocumentedClient (tests/integration/gateway-openapi.ts), the check of every answer against the document.
import createClient, { type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { operations, paths } from '@pencraft/api-client';
import { solveCaptcha } from './captcha.ts';
import type { ApiClient, Response as ApiAnswer } from './http-client.ts';

/** The JSON body an operation takes, by its operationId (for the helpers of a suite). */
export type BodyOf<Operation extends keyof operations> = operations[Operation] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** openapi-fetch's answer (`data` on a 2xx, `error` otherwise) with the status and the headers beside it. */
export type Answer<R> = R extends unknown ? R & { status: number; headers: Headers } : never;

type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** openapi-fetch's ClientMethod over `paths`, answering an Answer. */
type TypedMethod<Method extends HttpMethod> = <
  Path extends PathsWithMethod<paths, Method>,
  Init extends MaybeOptionalInit<paths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<
  paths[Path][Method] extends infer Operation extends Record<string | number, unknown>
    ? Answer<FetchResponse<Operation, Init, MediaType>>
    : never
>;

export interface TypedApi {
  GET: TypedMethod<'get'>;
  POST: TypedMethod<'post'>;
  PUT: TypedMethod<'put'>;
  PATCH: TypedMethod<'patch'>;
  DELETE: TypedMethod<'delete'>;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const made = new WeakMap<ApiClient, TypedApi>();

/** The typed API of one ApiClient (one visitor: its cookies, its language); the same object for the same client. */
export function typedApi(client: ApiClient): TypedApi {
  const known = made.get(client);
  if (known) return known;
  // What the ApiClient answered for each Response handed back to openapi-fetch: its parsed body (JSON or text) and
  // its own headers (with every Set-Cookie line).
  const answers = new WeakMap<Response, ApiAnswer>();
  const inner = createClient<paths>({
    baseUrl: client.base,
    fetch: async (request: Request) => {
      const text = await request.text();
      let body: unknown = text === '' ? undefined : text;
      try {
        const parsed: unknown = JSON.parse(text);
        // An object goes back as an object, so the ApiClient remembers its personal fields as secrets.
        if (parsed && typeof parsed === 'object') body = parsed;
      } catch {
        // not JSON: sent as the text
      }
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        if (!(name === 'content-type' && value === 'application/json')) headers[name] = value;
      });
      const url = request.url;
      if (!url.startsWith(client.base)) throw new Error(`${url} is not under ${client.base}`);
      const answer = await client.request(request.method, url.slice(client.base.length), body, headers);
      const response = new Response(null, { status: answer.status });
      answers.set(response, answer);
      return response;
    },
  });
  const api = Object.fromEntries(
    METHODS.map((method) => [
      method,
      async (url: string, init?: object) => {
        const { response } = await (inner[method] as (u: string, i?: object) => Promise<{ response: Response }>)(
          url,
          init,
        );
        const answer = answers.get(response)!;
        const ok = answer.status >= 200 && answer.status < 300;
        return {
          ...(ok ? { data: answer.body } : { error: answer.body }),
          response,
          status: answer.status,
          headers: answer.headers,
        };
      },
    ]),
  ) as unknown as TypedApi;
  made.set(client, api);
  return api;
}

/** The error code of an answer (undefined on a success). */
export const errorCode = (answer: { error?: { error: { code: string } } | undefined }) => answer.error?.error.code;

/** The documented X-Captcha header parameter of one sign-up (or sign-in after failures): `params: { header }`. */
export async function captchaParam(baseUrl: string): Promise<{ 'X-Captcha': string }> {
  return { 'X-Captcha': await solveCaptcha(baseUrl) };
}
