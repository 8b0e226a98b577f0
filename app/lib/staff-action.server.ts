// The actions of a back-office page with several forms (a policy's lifecycle and its recibos, a
// client's notes and erasure, a guarantee's prices and (de)activation, a user's role, password and
// access, a role's save and delete): which form was sent (`intent`, and `target` when the form acts
// on one row), its fields checked with the form's schema, the confirmation step without
// JavaScript, then the work. The page side is ~/components/admin/confirmed-form.tsx (a button
// without fields may be ConfirmAction of ~/components/ui/confirm-dialog.tsx, with ConfirmStep for
// the step without JavaScript); the reply shape is StaffActionReply.
import { z } from "zod";
import type { AdminForm } from "./admin-route.server";
import { INTENT_FIELD, TARGET_FIELD, needsConfirmation, type StaffActionReply } from "~/lib/form-intent";

export type StaffIntent = {
  schema: z.ZodTypeAny;
  /** Whether it asks first (a dialog with JavaScript, a confirmation step without). */
  confirm: boolean;
  run: (values: Record<string, unknown>, target: string | null) => Promise<Response>;
  /** For form.parse: the API's field names shown beside a field, and fields never sent back (a password). */
  fields?: readonly string[];
  hideFields?: string[];
};

/** One form of the page: its schema and the work it does once confirmed (typed by the schema). */
export function staffIntent<S extends z.ZodTypeAny>(
  schema: S,
  run: (values: z.output<S>, target: string | null) => Promise<Response>,
  options: { confirm?: boolean; fields?: readonly string[]; hideFields?: string[] } = {},
): StaffIntent {
  return { schema, confirm: options.confirm ?? true, run: run as StaffIntent["run"], fields: options.fields, hideFields: options.hideFields };
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
  const values = form.parse(entry.schema, {
    fields: entry.fields,
    hideFields: entry.hideFields,
    wrap: (result) => ({ intent, target, result }) satisfies StaffActionReply,
  });
  if (entry.confirm && needsConfirmation(form.formData)) {
    const fields: Record<string, string> = {};
    for (const name of fieldNames(entry.schema)) {
      const value = form.formData.get(name);
      if (typeof value === "string") fields[name] = value;
    }
    if (target !== null) fields[TARGET_FIELD] = target;
    return { intent, target, confirm: fields } satisfies StaffActionReply;
  }
  return entry.run(values, target);
}

/** The fields of a form's schema (an object, or an object refined). */
function fieldNames(schema: z.ZodTypeAny): string[] {
  let inner = schema;
  while (inner instanceof z.ZodEffects) inner = inner.innerType();
  return inner instanceof z.ZodObject ? Object.keys(inner.shape as object) : [];
}
