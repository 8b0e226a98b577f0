// Identifiers in paths, shared by every resource.
import { z } from "zod";

/** `{id}` in a path: a positive integer. */
export const IdParamSchema = z.object({
  id: z.coerce
    .number({ invalid_type_error: "El identificador debe ser un número" })
    .int("El identificador debe ser un número entero")
    .positive("El identificador debe ser un número positivo")
    .describe("Identificador numérico"),
});
