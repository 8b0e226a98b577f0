// conform's parseWithZod, with the schema's form coercion built once per schema. parseWithZod
// rebuilds it on every call (a coerced copy of the whole schema), which was about 1 ms of every
// list page (readListQuery) on the bench; the submission is the same.
// Every server-side parse of a form or list query goes through here, so the contract's rule on
// control characters (api/contract/text.ts) is applied once for every field: the field shows the
// message and the API is not called.
import { parseWithZod, unstable_coerceFormValue as coerceFormValue, type Submission } from "@conform-to/zod";
import { z } from "zod";
import { controlCharacterErrors } from "../../api/contract/text";

const coerced = new WeakMap<z.ZodTypeAny, z.ZodTypeAny>();

/** The form's values checked for control characters (each a field error) before the schema runs. */
function refusingControlCharacters(schema: z.ZodTypeAny): z.ZodTypeAny {
  return z.preprocess((value, ctx) => {
    for (const [path, messages] of Object.entries(controlCharacterErrors(value))) {
      const segments = path === "_" ? [] : path.split(".").map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
      for (const message of messages) ctx.addIssue({ code: z.ZodIssueCode.custom, path: segments, message });
    }
    return value;
  }, schema);
}

export function parseForm<S extends z.ZodTypeAny>(payload: FormData | URLSearchParams, schema: S): Submission<z.input<S>, string[], z.output<S>> {
  let ready = coerced.get(schema);
  if (!ready) {
    ready = refusingControlCharacters(coerceFormValue(schema));
    coerced.set(schema, ready);
  }
  return parseWithZod(payload, { schema: ready, disableAutoCoercion: true }) as Submission<z.input<S>, string[], z.output<S>>;
}
