// The error answers every operation can give, added to its OpenAPI definition by what kind of
// route it is ("every answer the API gives is documented with its JSON error shape").
// createApi wraps `api.openapi` with documentedRoute, so a route declares only its own answers
// (its success, and the 402/409/422/429 its handler throws); the common ones come from here:
//
//   400  it takes a body, path parameters, a query or headers (validation, malformed JSON)
//   401  it accepts a bearer token (required, or optional but checked when sent)
//   403  an admin endpoint that needs a permission, or that a temporary password does not open (ADMIN_ENDPOINTS)
//   404  its path has a parameter ({id}, {line}…)
//   413  it takes a body (server/app.ts refuses one over MAX_BODY_BYTES.api before the API runs)
//   415  it takes a JSON body (or a multipart upload) and was sent another media type (refused here, see jsonOnly)
//   503  always: the database may be unreachable (api/db/unavailable.ts)
//
// Every one of them has the one error shape the API sends (ErrorSchema, api/http.ts).
import type { RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { controlCharacterErrors } from "./contract/text";
import { ApiProblem, ErrorSchema, jsonContent } from "./http";
import { adminEndpoint } from "./routes/admin-endpoints";

export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = "El cuerpo de la petición debe ser JSON (Content-Type: application/json).";
export const MULTIPART_ONLY_MESSAGE = "El cuerpo de la petición debe ser multipart/form-data (Content-Type: multipart/form-data), con el fichero.";

export const ERROR_DESCRIPTIONS = {
  400: "Datos no válidos (fieldErrors dice qué campo y por qué) o JSON mal formado",
  401: "Sin sesión, o token no válido, caducado o revocado",
  402: "Pago rechazado",
  403: "Sin permiso",
  404: "No encontrado",
  409: "Conflicto con el estado actual",
  413: "La petición es demasiado grande",
  415: "El cuerpo no es del tipo que admite la operación (JSON; multipart/form-data en las subidas de ficheros)",
  422: "No se puede atender",
  429: "Demasiados intentos (por correo o por dirección); Retry-After dice cuántos segundos esperar",
  503: "La base de datos no está disponible ahora mismo; Retry-After dice cuándo reintentar",
} as const;
export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

const errorResponse = (status: ErrorStatus) => ({ description: ERROR_DESCRIPTIONS[status], content: jsonContent(ErrorSchema) });

function takesBearer(route: RouteConfig): boolean {
  return (route.security ?? []).some((requirement) => "bearerAuth" in requirement);
}

/** A permission to lack, or a temporary password that must be changed first (ADR 015). */
function canBeForbidden(route: RouteConfig): boolean {
  if (!route.path.startsWith("/admin/") || !takesBearer(route)) return false;
  const endpoint = adminEndpoint(route.method, route.path);
  return endpoint.permission !== null || !endpoint.temporaryPassword;
}

function jsonBody(route: RouteConfig): boolean {
  return !!route.request?.body?.content && "application/json" in route.request.body.content;
}

/** A file upload (ADR 037): its body is multipart/form-data. */
function multipartBody(route: RouteConfig): boolean {
  return !!route.request?.body?.content && "multipart/form-data" in route.request.body.content;
}

/** The error statuses a route can answer because of what kind of route it is. */
export function commonErrorStatuses(route: RouteConfig): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  const request = route.request;
  if (request?.body || request?.params || request?.query || request?.headers) statuses.push(400);
  if (takesBearer(route)) statuses.push(401);
  if (canBeForbidden(route)) statuses.push(403);
  if (/\{[^}]+\}/.test(route.path)) statuses.push(404);
  if (request?.body) statuses.push(413);
  if (jsonBody(route) || multipartBody(route)) statuses.push(415);
  statuses.push(503);
  return statuses;
}

/**
 * A JSON body sent as something else is refused with 415 (before, it was validated as an empty
 * object and answered 400 with every field missing). Without Content-Type the body is read as
 * absent, as before: 400 when it is required.
 */
const jsonOnly: MiddlewareHandler = async (c, next) => {
  const type = c.req.header("content-type");
  if (type && !/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type.trim())) throw new ApiProblem(415, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
  await next();
};

/** An upload sent as anything but multipart is refused with 415, as a JSON body sent as something else. */
const multipartOnly: MiddlewareHandler = async (c, next) => {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type.trim())) throw new ApiProblem(415, MULTIPART_ONLY_MESSAGE);
  await next();
};

/**
 * Control characters (api/contract/text.ts) in any string of the path parameters, the query or the
 * JSON body: 400 with the field named, before the route's schema and handler run, so that nothing
 * reaches the database or the payment provider. A malformed body is left to the validator.
 */
function refuseControlCharacters(route: RouteConfig): MiddlewareHandler {
  const { params, query } = route.request ?? {};
  const body = jsonBody(route);
  return async (c, next) => {
    const errors: Record<string, string[]> = {};
    if (params) Object.assign(errors, controlCharacterErrors(c.req.param()));
    if (query) {
      const values = Object.entries(c.req.queries()).map(([name, sent]) => [name, sent.length === 1 ? sent[0] : sent]);
      Object.assign(errors, controlCharacterErrors(Object.fromEntries(values)));
    }
    if (body && /json/i.test(c.req.header("content-type") ?? "")) {
      const value = await c.req.json().catch(() => undefined);
      Object.assign(errors, controlCharacterErrors(value));
    }
    if (Object.keys(errors).length) throw new ApiProblem(400, "Datos no válidos", errors);
    await next();
  };
}

/**
 * The route with its common error answers documented, the 415 check of a JSON body and the
 * control-character check. A route that does not say who may call it (`security`:
 * BEARER_SECURITY, `[{}, ...BEARER_SECURITY]` or PUBLIC_SECURITY, api/auth.ts) or has no
 * operationId (the name generated clients give it, in camelCase: `listAdminPolicies`) is refused
 * when the API is built: a document that says nothing leaves every client to guess.
 */
export function documentedRoute<R extends RouteConfig>(route: R): R {
  const key = `${route.method.toUpperCase()} ${route.path}`;
  if (!route.security) throw new Error(`${key} declares no security (BEARER_SECURITY, [{}, ...BEARER_SECURITY] or PUBLIC_SECURITY)`);
  if (!route.operationId || !/^[a-z][A-Za-z0-9]*$/.test(route.operationId))
    throw new Error(`${key} needs a camelCase operationId (${route.operationId ?? "none"})`);
  const responses: RouteConfig["responses"] = { ...route.responses };
  for (const status of commonErrorStatuses(route)) responses[status] ??= errorResponse(status);
  const middleware = route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
  const checks = [
    ...(jsonBody(route) ? [jsonOnly] : []),
    ...(multipartBody(route) ? [multipartOnly] : []),
    ...(route.request?.params || route.request?.query || jsonBody(route) ? [refuseControlCharacters(route)] : []),
  ];
  return { ...route, responses, ...(checks.length ? { middleware: [...middleware, ...checks] } : {}) };
}

/** Error answers a route throws itself (409, 429, 402, 422…): `...errorResponses(409, 429)`. */
export function errorResponses(...statuses: ErrorStatus[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse(status)]));
}
