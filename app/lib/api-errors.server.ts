import { ApiError } from "./api.server";

/**
 * The API answers a form can show: 400 (field rules) and 409 (a business rule such as "Ya
 * existe un rol con ese nombre" or "No se puede desactivar … al último superadmin activo").
 * Field errors go next to their field; an answer without them becomes a form-level error.
 * Anything else (401, 403, 404…) is not a form's business: the caller hands it to
 * handleAdminApiError. API field names are kept as they come (the forms use the same names).
 */
export type FormErrors = { formErrors: string[]; fieldErrors: Record<string, string[]> };

const FORM_STATUSES = new Set([400, 409]);

export function apiFormErrors(error: unknown, knownFields: readonly string[]): FormErrors | null {
  if (!(error instanceof ApiError) || !FORM_STATUSES.has(error.status)) return null;
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [field, messages] of Object.entries(error.body.fieldErrors ?? {})) {
    // A field the form does not show (or the API's object-level key) is still worth reading.
    if (knownFields.includes(field)) fieldErrors[field] = messages;
    else formErrors.push(...messages);
  }
  if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) formErrors.push(error.body.error);
  return { formErrors: [...new Set(formErrors)], fieldErrors };
}
