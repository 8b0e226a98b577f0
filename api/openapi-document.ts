// The OpenAPI document of the API: what GET /openapi.json answers and /docs renders, built from the
// route declarations by @hono/zod-openapi (OpenAPI 3.0), with the corrections it needs to read the
// same in other tools (Redocly's recommended lint, `npm run lint:api`).
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";

export const API_VERSION = "1.0.0";

const DOCUMENT_CONFIG = {
  openapi: "3.0.3",
  info: {
    title: "API de Cotiza",
    version: API_VERSION,
    description:
      "API de cotización y contratación de seguros de coche, hogar e impago de alquiler. Los importes van en céntimos de euro. Los errores responden { error, fieldErrors }.",
  },
  servers: [{ url: "/api" }],
};

export type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPIDocument"]>;

/** The document, generated from the routes registered on `api`. */
export function openApiDocument<E extends Env>(api: OpenAPIHono<E>): OpenApiDocument {
  return withoutUntypedNullable(api.getOpenAPIDocument(DOCUMENT_CONFIG));
}

// Keywords that make a schema more than "any value".
const CONSTRAINING = ["type", "$ref", "allOf", "oneOf", "anyOf", "not", "enum", "properties", "additionalProperties", "items"];
// Where a document holds values, not schemas.
const VALUES = new Set(["example", "examples", "default", "enum"]);

/**
 * zod-to-openapi renders `z.unknown()` and `z.any()` (which accept null) for OpenAPI 3.0 as
 * `{ nullable: true }`. In 3.0 `nullable` only adds null to the `type` beside it, so without one it
 * says nothing — `{}` already means any value — and tools that check it refuse it (Redocly's
 * nullable-type-sibling). Its own 3.1 generator renders the same schema as `{}`; this does the same
 * for 3.0. A `{ nullable: true }` branch of a oneOf/anyOf/allOf (a nullable union or a nullable
 * registered schema) is left alone: there it means "or null", and dropping it would change the
 * contract, so the lint stays to flag it.
 */
export function withoutUntypedNullable<T>(document: T): T {
  const visit = (node: unknown, branch: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, branch));
    if (!node || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (VALUES.has(key)) out[key] = value;
      else out[key] = visit(value, key === "oneOf" || key === "anyOf" || key === "allOf");
    }
    if (out.nullable === true && !branch && !CONSTRAINING.some((key) => key in out)) delete out.nullable;
    return out;
  };
  return visit(document, false) as T;
}
