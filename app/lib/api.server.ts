import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { errorMessage, logger as defaultLogger, type Logger } from "../../platform/logger";
import type { ApiFetch } from "./load-context";

/**
 * The one client of the API in app/. Every read and write of the web goes through here.
 *
 * - Base URL and transport come from the load context (in-process when the API is mounted,
 *   the network when API_BASE_URL is set).
 * - `Authorization: Bearer <token>` when a token is given; JSON bodies on writes (a FormData body goes as multipart).
 * - GET and HEAD are retried exactly once on the spec's retry statuses; writes never are.
 * - 4xx answers throw an `ApiError` the caller handles (field errors, session, 403 toast, 404).
 * - 5xx answers and unreachable APIs are logged and thrown as a Response with that status
 *   (502 when the API cannot be reached), so the page answers it with "Internal Server Error".
 * - Answers are JSON (parsed, optionally with a contract schema), except `getResponse`, which
 *   hands back the successful Response unread for answers to stream on (the audit CSV).
 */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const RETRIED_METHODS = new Set(["GET", "HEAD"]);

export type ApiErrorBody = { error: string; fieldErrors?: Record<string, string[]> };

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  /** The answer's Retry-After (a 429 of the per-address limits), when it had one. */
  readonly retryAfter: string | null;
  constructor(status: number, body: ApiErrorBody, retryAfter: string | null = null) {
    super(body.error);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

export type ApiClientOptions = {
  baseUrl: string;
  fetch: ApiFetch;
  token?: string | null;
  /** Headers passed through for logs and audit: x-request-id, x-forwarded-for. */
  forwardHeaders?: Record<string, string>;
  logger?: Logger;
};

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
type RequestOptions<S extends z.ZodTypeAny | undefined> = {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Contract schema of the answer (api/contract); when given the answer is parsed with it. */
  schema?: S;
  signal?: AbortSignal;
  /**
   * Answers for expected 4xx statuses instead of an ApiError, e.g. `{ 404: null }`: the route
   * reads top to bottom and asserts (invariantResponse) instead of catching.
   */
  otherwise?: Partial<Record<400 | 403 | 404 | 409 | 410, unknown>>;
};
/** A GET whose successful answer is not JSON: the media type it asks for (default JSON). */
type ResponseOptions = Omit<RequestOptions<undefined>, "body" | "schema"> & { accept?: string };
type SendOptions = RequestOptions<z.ZodTypeAny | undefined> & { accept?: string };
type Result<S> = S extends z.ZodTypeAny ? z.infer<S> : unknown;
type OtherwiseOf<O> = O extends { otherwise: infer A } ? A[keyof A] : never;

export function createApiClient(options: ApiClientOptions) {
  const log = options.logger ?? defaultLogger;
  const base = options.baseUrl.replace(/\/+$/, "");

  function buildRequest(method: Method, path: string, opts: SendOptions) {
    const url = new URL(base + (path.startsWith("/") ? path : `/${path}`));
    for (const [key, value] of Object.entries(opts.query ?? {})) {
      if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
    }
    const headers = new Headers({ accept: opts.accept ?? "application/json", ...options.forwardHeaders });
    if (options.token) headers.set("authorization", `Bearer ${options.token}`);
    let body: string | FormData | undefined;
    if (opts.body instanceof FormData && method !== "GET" && method !== "HEAD") {
      // A file upload: multipart, its type and boundary set by the Request.
      body = opts.body;
    } else if (opts.body !== undefined && method !== "GET" && method !== "HEAD") {
      headers.set("content-type", "application/json");
      body = JSON.stringify(opts.body);
    }
    return new Request(url, { method, headers, body, signal: opts.signal });
  }

  async function send(method: Method, path: string, opts: SendOptions) {
    const attempts = RETRIED_METHODS.has(method) ? 2 : 1;
    let response: Response | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        response = await options.fetch(buildRequest(method, path, opts));
      } catch (error) {
        if (opts.signal?.aborted) throw error;
        log.error("api unreachable", { method, path, error: errorMessage(error) });
        throw new Response("La API no responde", { status: 502, statusText: "Bad Gateway" });
      }
      if (!RETRY_STATUSES.has(response.status) || attempt === attempts) break;
      log.warn("api retry", { method, path, status: response.status });
      await response.body?.cancel();
    }
    return response!;
  }

  /** Sends, then throws for 5xx (Response) and 4xx (ApiError); a success comes back unread. */
  async function sendChecked(method: Method, path: string, opts: SendOptions) {
    const response = await send(method, path, opts);
    if (response.status >= 500) {
      log.error("api error", { method, path, status: response.status });
      await response.body?.cancel();
      throw new Response("Error de la API", { status: response.status, statusText: response.statusText });
    }
    if (!response.ok) {
      const text = method === "HEAD" ? "" : await response.text();
      throw new ApiError(response.status, toErrorBody(text ? safeJson(text) : undefined, response.status), response.headers.get("retry-after"));
    }
    return response;
  }

  async function request<S extends z.ZodTypeAny | undefined = undefined>(
    method: Method,
    path: string,
    opts: RequestOptions<S> = {},
  ): Promise<Result<S>> {
    let response: Response;
    try {
      response = await sendChecked(method, path, opts);
    } catch (error) {
      const otherwise = opts.otherwise as Record<number, unknown> | undefined;
      if (error instanceof ApiError && otherwise && error.status in otherwise) return otherwise[error.status] as Result<S>;
      throw error;
    }
    const text = method === "HEAD" || response.status === 204 ? "" : await response.text();
    const data: unknown = text ? safeJson(text) : undefined;
    return (opts.schema ? opts.schema.parse(data) : data) as Result<S>;
  }

  return {
    get: <S extends z.ZodTypeAny | undefined = undefined, O extends Omit<RequestOptions<S>, "body"> = Omit<RequestOptions<S>, "body">>(
      path: string,
      opts?: O & { schema?: S },
    ) => request("GET", path, opts) as Promise<Result<S> | OtherwiseOf<O>>,
    head: (path: string, opts?: Omit<RequestOptions<undefined>, "body" | "schema">) => request("HEAD", path, opts),
    /** A GET whose answer is not JSON (a file): the successful Response, body unread, to stream on. */
    getResponse: (path: string, opts: ResponseOptions = {}): Promise<Response> => sendChecked("GET", path, opts),
    post: <S extends z.ZodTypeAny | undefined = undefined>(path: string, opts?: RequestOptions<S>) => request("POST", path, opts),
    put: <S extends z.ZodTypeAny | undefined = undefined>(path: string, opts?: RequestOptions<S>) => request("PUT", path, opts),
    patch: <S extends z.ZodTypeAny | undefined = undefined>(path: string, opts?: RequestOptions<S>) => request("PATCH", path, opts),
    delete: <S extends z.ZodTypeAny | undefined = undefined>(path: string, opts?: RequestOptions<S>) => request("DELETE", path, opts),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The API client for one incoming request, optionally acting with a bearer token. `headers` adds
 * contract headers a call needs besides the token (e.g. X-Quote-Owner for an anonymous quote).
 */
export function apiClient(context: AppLoadContext, request: Request, token?: string | null, headers?: Record<string, string>): ApiClient {
  const forwardHeaders: Record<string, string> = { ...headers };
  const requestId = request.headers.get("x-request-id");
  const forwardedFor = request.headers.get("x-forwarded-for");
  if (requestId) forwardHeaders["x-request-id"] = requestId;
  if (forwardedFor) forwardHeaders["x-forwarded-for"] = forwardedFor;
  // Read by the API for audit rows and login rate limits (server/app.ts sets it for outside calls).
  if (context.clientIp) forwardHeaders["x-cotiza-client-ip"] = context.clientIp;
  return createApiClient({ baseUrl: context.apiBaseUrl, fetch: context.apiFetch, token, forwardHeaders, logger: context.logger });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toErrorBody(data: unknown, status: number): ApiErrorBody {
  if (data && typeof data === "object" && typeof (data as { error?: unknown }).error === "string") {
    return data as ApiErrorBody;
  }
  return { error: `Error ${status}` };
}
