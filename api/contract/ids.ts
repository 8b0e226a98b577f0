// Identifiers as the API writes them, shared by every resource. A quote is named by a UUID
// (random, version 4), which the API and the web check before asking for it: anything else is
// "not found" at once. Staff, roles and the like are named by positive integers.
import { z } from "zod";

/** A UUID in any letter case: the one definition (zod's), used by the schemas and by isUuid. */
export const UuidSchema = z.string().uuid();

/** True for a UUID; the API and the pages answer 404 for a path id that is not one. */
export function isUuid(value: string): boolean {
  return UuidSchema.safeParse(value).success;
}

/** `{id}` in a path: a positive integer. */
export const IdParamSchema = z.object({
  id: z.coerce
    .number({ invalid_type_error: "El identificador debe ser un número" })
    .int("El identificador debe ser un número entero")
    .positive("El identificador debe ser un número positivo")
    // The database's ids are 32-bit: a larger number (1e108 is an "integer" to JavaScript) is no id.
    .max(2_147_483_647, "El identificador no existe")
    .describe("Identificador numérico"),
});
