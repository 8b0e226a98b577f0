// The actions of a back-office detail page with several confirmed forms (a policy's lifecycle,
// its recibos): which form was sent (`intent`, and `target` when the form acts on one row), its
// fields checked with the form's schema, the confirmation step without JavaScript, then the work.
// The page side is ~/components/admin/confirmed-form.tsx; the reply shape is StaffActionReply.
import type { z } from "zod";
import type { AdminForm } from "./admin-route.server";
import { INTENT_FIELD, TARGET_FIELD, needsConfirmation, type StaffActionReply } from "~/lib/form-intent";

export type StaffIntent = {
  schema: z.AnyZodObject;
  /** Whether it asks first (a dialog with JavaScript, a confirmation step without). */
  confirm: boolean;
  run: (values: Record<string, unknown>, target: string | null) => Promise<Response>;
};

/** One form of the page: its schema and the work it does once confirmed (typed by the schema). */
export function staffIntent<S extends z.AnyZodObject>(
  schema: S,
  run: (values: z.output<S>, target: string | null) => Promise<Response>,
  options: { confirm?: boolean } = {},
): StaffIntent {
  return { schema, confirm: options.confirm ?? true, run: run as StaffIntent["run"] };
}

/**
 * Runs the intent the form posted. A refused form ends in `{ intent, target, result }` (status
 * 400), and so does a 400/409 of the API after it (the wrapper's `form.parse`); an unconfirmed
 * submission of a confirmed intent answers `{ intent, target, confirm: values }`, the fields as
 * they were sent, for <ConfirmStep fields> to post again.
 */
export async function runStaffAction(form: AdminForm, intents: Record<string, StaffIntent>): Promise<StaffActionReply | Response> {
  const intent = form.formData.get(INTENT_FIELD);
  if (typeof intent !== "string" || !Object.hasOwn(intents, intent))
    throw new Response("Petición no válida", { status: 400, statusText: "Bad Request" });
  const entry = intents[intent]!;
  const rawTarget = form.formData.get(TARGET_FIELD);
  const target = typeof rawTarget === "string" && rawTarget !== "" ? rawTarget : null;
  const values = form.parse(entry.schema, { wrap: (result) => ({ intent, target, result }) satisfies StaffActionReply });
  if (entry.confirm && needsConfirmation(form.formData)) {
    const fields: Record<string, string> = {};
    for (const name of Object.keys(entry.schema.shape)) {
      const value = form.formData.get(name);
      if (typeof value === "string") fields[name] = value;
    }
    if (target !== null) fields[TARGET_FIELD] = target;
    return { intent, target, confirm: fields } satisfies StaffActionReply;
  }
  return entry.run(values, target);
}
