// OpenAPI metadata for a contract schema whose check zod cannot express in the document (a
// .refine, a .superRefine, a preprocess): what @asteasolutions/zod-to-openapi's `.openapi({...})`
// does, without importing it, so that the web's bundle (which shares these contracts) does not
// carry the generator. Only documents: the schema validates exactly as before.
import type { z } from "zod";

/** OpenAPI 3.0 schema keywords the document shows for a field. */
export type FieldDoc = {
  type?: "string" | "integer" | "number" | "boolean";
  format?: "date" | "date-time" | "email" | "uuid";
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: ReadonlyArray<string | number>;
  description?: string;
  example?: unknown;
};

type OpenApiDef = { openapi?: { _internal?: Record<string, unknown>; metadata?: Record<string, unknown> } };

/** The same schema, with these keywords in the OpenAPI document. */
export function documented<T extends z.ZodTypeAny>(schema: T, doc: FieldDoc): T {
  const def = schema._def as OpenApiDef;
  const Schema = schema.constructor as new (def: unknown) => T;
  return new Schema({ ...def, openapi: { ...def.openapi, metadata: { ...def.openapi?.metadata, ...doc } } });
}

/**
 * The same schema, as a named schema of the document (`#/components/schemas/<name>`, reached with
 * $ref), what `.openapi("Name")` does. The branches of a discriminated union are named: the
 * generator then gives the union its `discriminator` with the `mapping` from each value to its
 * branch, which is how OpenAPI 3.0 tools pick a branch (an inline branch cannot be picked; Redocly's
 * no-illogical-composition-keywords). Do not derive other schemas from a named one with
 * .pick/.omit/.partial: they would keep its name and be documented as it.
 */
export function named<T extends z.ZodTypeAny>(schema: T, name: string): T {
  const def = schema._def as OpenApiDef;
  const Schema = schema.constructor as new (def: unknown) => T;
  return new Schema({ ...def, openapi: { ...def.openapi, _internal: { ...def.openapi?._internal, refId: name } } });
}
