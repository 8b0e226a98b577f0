// The «Quiero que me llamen» form's validator: zod and its schema, loaded by CallbackForm on the
// form's first use (a dynamic import, its own chunk): /results carries no zod (ADR 008). The action
// checks with the same schema.
import { parseWithZod } from "@conform-to/zod";
import { CallbackBodySchema } from "../../../api/contract/pipeline-leads";

export function validateCallback(formData: FormData) {
  return parseWithZod(formData, { schema: CallbackBodySchema });
}
