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
  /** On a union whose branches differ by this property's value (a discriminated union). */
  discriminator?: { propertyName: string };
};

type OpenApiDef = { openapi?: { _internal?: unknown; metadata?: Record<string, unknown> } };

/** The same schema, with these keywords in the OpenAPI document. */
export function documented<T extends z.ZodTypeAny>(schema: T, doc: FieldDoc): T {
  const def = schema._def as OpenApiDef;
  const Schema = schema.constructor as new (def: unknown) => T;
  return new Schema({ ...def, openapi: { ...def.openapi, metadata: { ...def.openapi?.metadata, ...doc } } });
}
