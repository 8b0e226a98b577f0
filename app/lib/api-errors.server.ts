import { ApiError, type ApiErrorBody } from "./api.server";

/**
 * The API answers a form can show: 400 (field rules) and 409 (a business rule such as "Ya
 * existe un rol con ese nombre" or "No se puede desactivar … al último superadmin activo").
 * Field errors go next to their field; an answer without them becomes a form-level error.
 * Anything else (401, 403, 404…) is not a form's business: the caller hands it to
 * handleAdminApiError. API field names are kept as they come (the forms use the same names).
 */
export type FormErrors = { formErrors: string[]; fieldErrors: Record<string, string[]> };

const FORM_STATUSES = new Set([400, 409]);

/**
 * The one translator from an API error answer to a form's errors (conform's reply options):
 * messages of the form's own fields stay on those fields, anything else (an unknown key, an
 * answer without fields) is a form-level error shown in the summary, each message once.
 */
export function formErrorsFromBody(body: ApiErrorBody, knownFields: readonly string[]): FormErrors {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [field, messages] of Object.entries(body.fieldErrors ?? {})) {
    if (knownFields.includes(field)) fieldErrors[field] = [...messages];
    else formErrors.push(...messages);
  }
  if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) formErrors.push(body.error);
  return { formErrors: [...new Set(formErrors)], fieldErrors };
}

/** `formErrorsFromBody` for a thrown ApiError whose status a form shows (400, 409 by default). */
export function apiFormErrors(error: unknown, knownFields: readonly string[], statuses: ReadonlySet<number> = FORM_STATUSES): FormErrors | null {
  if (!(error instanceof ApiError) || !statuses.has(error.status)) return null;
  return formErrorsFromBody(error.body, knownFields);
}

/**
 * How a form re-rendered after an API refusal answers: `status`, except that the API's 429 (too
 * many attempts from the address) stays a 429 with its Retry-After; the page shows the message.
 */
export function refusalInit(error: unknown, status: number): ResponseInit {
  if (!(error instanceof ApiError) || error.status !== 429) return { status };
  return { status: 429, headers: error.retryAfter && /^\d{1,9}$/.test(error.retryAfter) ? { "Retry-After": error.retryAfter } : undefined };
}

/**
 * A form's translated field errors (the "" key: messages for no field of the form) split into
 * conform's reply options; with none at all, `fallback` (the API's error line) above the form.
 */
export function splitFormErrors(translated: Record<string, string[]>, fallback: string): FormErrors {
  const fieldErrors = { ...translated };
  const formErrors = [...(fieldErrors[""] ?? [])];
  delete fieldErrors[""];
  if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) formErrors.push(fallback);
  return { formErrors, fieldErrors };
}
