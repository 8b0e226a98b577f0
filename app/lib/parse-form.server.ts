// conform's parseWithZod, with the schema's form coercion built once per schema. parseWithZod
// rebuilds it on every call (a coerced copy of the whole schema), which was about 1 ms of every
// list page (readListQuery) on the bench; the submission is the same.
import { parseWithZod, unstable_coerceFormValue as coerceFormValue, type Submission } from "@conform-to/zod";
import type { z } from "zod";

const coerced = new WeakMap<z.ZodTypeAny, z.ZodTypeAny>();

export function parseForm<S extends z.ZodTypeAny>(payload: FormData | URLSearchParams, schema: S): Submission<z.input<S>, string[], z.output<S>> {
  let ready = coerced.get(schema);
  if (!ready) {
    ready = coerceFormValue(schema);
    coerced.set(schema, ready);
  }
  return parseWithZod(payload, { schema: ready, disableAutoCoercion: true }) as Submission<z.input<S>, string[], z.output<S>>;
}
