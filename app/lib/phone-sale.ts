// The addresses of /admin/policies/new, the phone sale (ADR 013): each of its three steps lives in
// the URL (the client, the quote, the plan), so the page works without JavaScript and a step can
// be reloaded or shared. Shared by its route, its server helper and its step components.

export const PHONE_SALE_PATH = "/admin/policies/new";
/** The chosen client's id. */
export const CLIENT_PARAM = "cliente";
/** Step 1's client search. */
export const SEARCH_PARAM = "q";

export const PHONE_SALE_STEPS = ["Cliente y riesgo", "Plan y forma de pago", "Datos, pago y consentimientos"] as const;

/** A URL of the phone sale with these parameters (empty ones left out), e.g. keeping the chosen client. */
export function phoneSaleHref(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  const query = search.toString();
  return query ? `${PHONE_SALE_PATH}?${query}` : PHONE_SALE_PATH;
}
