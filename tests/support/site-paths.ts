// The pages of the e2e walk as paths, shared by the tests that read every page: the HTML tests
// over HTTP (tests/support/site-pages.ts: bytes, the Nu HTML Checker) and the reflow test in a
// browser (tests/e2e/reflow.spec.ts). No test runner here: each suite makes the data its own way
// and gives the ids.

export const PUBLIC_PAGES = [
  "/",
  "/cotizar",
  "/cotizar?linea=auto",
  "/cotizar?linea=hogar",
  "/cotizar?linea=alquiler",
  "/garantias",
  "/login",
  "/register",
  "/recuperar-contrasena",
  "/cookies",
  "/politica-de-privacidad",
  "/terminos-y-condiciones",
  "/admin/login",
];

/** A signed-in visitor's pages: with a policy bought from `boughtQuoteId`, and an open quote still to choose. */
export function visitorPages(ids: { policyId: number; boughtQuoteId: string; openQuoteId: string; openPlan: string }): string[] {
  const { policyId, boughtQuoteId, openQuoteId, openPlan } = ids;
  return [
    "/mis-cotizaciones",
    "/mi-poliza",
    `/mi-poliza/${policyId}`,
    "/mi-cuenta",
    `/cotizacion/${boughtQuoteId}`,
    `/cotizacion-confirmada?poliza=${policyId}`,
    `/garantias?poliza=${policyId}`,
    // Declaring a claim (issue 26): its first question needs no draft.
    `/mi-poliza/${policyId}/siniestro/que`,
    `/results?cotizacion=${openQuoteId}`,
    `/checkout?${new URLSearchParams({ cotizacion: openQuoteId, frecuencia: "anual", plan: openPlan })}`,
  ];
}

/** The back office's pages as a superadmin (`adminId`) sees them, on one policy, its client, a guarantee and a role. */
export function adminPages(ids: { policyId: number; clientId: number; guaranteeId: number; roleId: number; adminId: number }): string[] {
  const { policyId, clientId, guaranteeId, roleId, adminId } = ids;
  return [
    "/admin",
    "/admin/policies",
    `/admin/policies/${policyId}`,
    `/admin/policies/${policyId}/edit`,
    `/admin/policies/${policyId}/payments`,
    `/admin/policies/${policyId}/documentos/subir`,
    "/admin/payments",
    "/admin/payments/reintentar",
    "/admin/policies/new",
    "/admin/quotes",
    "/admin/quotes?waiting=true",
    "/admin/clients",
    `/admin/clients/${clientId}`,
    `/admin/clients/${clientId}/edit`,
    `/admin/clients/${clientId}/documentos/subir`,
    "/admin/guarantees",
    `/admin/guarantees/${guaranteeId}`,
    `/admin/guarantees/${guaranteeId}/edit`,
    "/admin/guarantees/new",
    "/admin/payments/returns",
    "/admin/audit",
    "/admin/users",
    "/admin/users/new",
    `/admin/users/${adminId}`,
    "/admin/roles",
    `/admin/roles/${roleId}`,
    "/admin/roles/new",
    "/admin/permissions",
    "/admin/settings",
    "/admin/reports",
    "/admin/reports?informe=recibos&periodo=este-ano",
    "/admin/reports?informe=siniestros",
    "/admin/claims",
    // The outbox (ADR 039): the policy's confirmation is in it.
    "/admin/email",
  ];
}
