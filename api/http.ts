import type { Hook } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { errorFields, errorMessage, type Logger } from "../platform/logger";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "./db/unavailable";

/** Every error the API answers has this shape (ARCHITECTURE.md). */
export const ErrorSchema = z
  .object({
    error: z.string().openapi({ example: "Datos no válidos" }),
    fieldErrors: z.record(z.array(z.string())).optional(),
  })
  .openapi("Error");
export type ErrorBody = z.infer<typeof ErrorSchema>;

/** Thrown by routes and services for an expected failure: answered as JSON with its status. */
export class ApiProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Extra answer headers, such as a 429's Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiProblem";
  }
}

export function fieldErrorsOf(error: ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

// The quote's inputs are the body's `inputs`; their field errors are keyed by the input's own
// name ("postalCode", not "inputs.postalCode"), which is what the /cotizar form calls its fields.
export function inputFieldErrors(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fieldErrorsOf(error))) {
    const field = key.startsWith("inputs.") ? key.slice("inputs.".length) : key;
    (fieldErrors[field] ??= []).push(...messages);
  }
  return fieldErrors;
}

/** zod-openapi's hook for invalid bodies, params and queries: 400 with field errors. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the hook serves every route
export const validationHook: Hook<any, any, any, any> = (result, c) => {
  if (!result.success) {
    return c.json({ error: "Datos no válidos", fieldErrors: fieldErrorsOf(result.error) } satisfies ErrorBody, 400);
  }
};

export function notFoundBody(): ErrorBody {
  return { error: "Recurso no encontrado" };
}

/** Turns any thrown error into the JSON error answer; 5xx are logged, never detailed to the caller. */
export function handleApiError(error: Error, c: Context, logger: Logger) {
  if (error instanceof ApiProblem) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json({ error: error.message, fieldErrors: error.fieldErrors } satisfies ErrorBody, error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const message = error.status === 400 ? "Petición no válida" : error.message || "Petición no válida";
    return c.json({ error: message } satisfies ErrorBody, error.status);
  }
  if (isDatabaseUnavailable(error)) {
    // Not a bug: the database is restarting or unreachable. One line, no stack; the client retries.
    logger.warn("database unavailable", { method: c.req.method, path: c.req.path, error: errorMessage(error) });
    c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json({ error: DATABASE_UNAVAILABLE_MESSAGE } satisfies ErrorBody, 503);
  }
  logger.error("api error", { method: c.req.method, path: c.req.path, ...errorFields(error) });
  return c.json({ error: "Error interno del servidor" } satisfies ErrorBody, 500);
}

/** A JSON body of an OpenAPI route, request or answer: `content: jsonContent(QuoteSchema)`. */
export const jsonContent = <T>(schema: T) => ({ "application/json": { schema } });

/** The responses of a route whose one documented answer is a 200: `responses: okResponse("La póliza", jsonContent(PolicySchema))`. */
export const okResponse = <C>(description: string, content: C) => ({ 200: { description, content } });
