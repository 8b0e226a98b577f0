// What a page's forms post to say what they ask for (the intent, the row, whether it was
// confirmed) and what its action answers instead of a redirect: shared by the components that
// draw the forms and the server helpers that read them (~/lib/staff-action.server.ts).
import type { SubmissionResult } from "@conform-to/react";

/** The field that says which of a page's actions a form asks for. */
export const INTENT_FIELD = "intent";

/** Set to "yes" by the confirmation (the dialog's button, or the no-JavaScript confirmation step). */
export const CONFIRMED_FIELD = "confirmed";

/** For actions: true when the submission of a destructive intent has not been confirmed yet. */
export function needsConfirmation(formData: FormData): boolean {
  return formData.get(CONFIRMED_FIELD) !== "yes";
}

/** The form field that names the row a form acts on (a recibo's id). */
export const TARGET_FIELD = "target";

/** What a page's action answers instead of a redirect (~/lib/staff-action.server.ts). */
export type StaffActionReply = {
  intent: string;
  target: string | null;
  /** The refused form's errors (its fields, or the API's 409 as a form error). */
  result?: SubmissionResult<string[]>;
  /** Without JavaScript: the fields sent, to confirm. */
  confirm?: Record<string, string>;
};

/** The reply that belongs to one form of the page (its intent and row), if any. */
export function replyFor(reply: StaffActionReply | undefined, intent: string, target: string | null = null): StaffActionReply | undefined {
  return reply && reply.intent === intent && reply.target === target ? reply : undefined;
}
