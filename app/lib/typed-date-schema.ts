// The contract's object schemas with their date fields read as typed by hand (ADR 020), for the
// back office's forms that post a contract body as it is. Apart from typed-date.ts so that zod
// stays out of the pages that only format or read dates (ADR 008).
import { z } from "zod";
import { typedDateToIso } from "../../api/contract/typed-date";

/**
 * The same object schema, its date fields read as typed (dd/mm/aaaa, d/m/aaaa, aaaa-mm-dd) and
 * checked by their own rules as ISO. The output is the schema's own (what the API takes).
 */
export function withTypedDates<T extends z.AnyZodObject>(schema: T, keys: readonly (keyof T["shape"] & string)[]): T {
  const shape: z.ZodRawShape = {};
  for (const key of keys) shape[key] = z.preprocess(typedDateToIso, schema.shape[key] as z.ZodTypeAny);
  return schema.extend(shape) as unknown as T;
}
