// The back office's pages, for the walks over every page (tests/support/site-pages.ts: HTML bytes
// and validity; tests/e2e/usted.spec.ts: the back office speaks "tú"). No test runner imported:
// Vitest and Playwright both read it.

/** The records a page of the back office is about. */
export type AdminPageIds = { policyId: number; clientId: number; guaranteeId: number; adminId: number; roleId: number };

export function adminPagesOf({ policyId, clientId, guaranteeId, adminId, roleId }: AdminPageIds): string[] {
  return [
    "/admin",
    "/admin/policies",
    `/admin/policies/${policyId}`,
    `/admin/policies/${policyId}/edit`,
    `/admin/policies/${policyId}/payments`,
    "/admin/policies/new",
    "/admin/clients",
    `/admin/clients/${clientId}`,
    `/admin/clients/${clientId}/edit`,
    "/admin/guarantees",
    `/admin/guarantees/${guaranteeId}`,
    `/admin/guarantees/${guaranteeId}/edit`,
    "/admin/guarantees/new",
    "/admin/audit",
    "/admin/users",
    `/admin/users/${adminId}`,
    "/admin/roles",
    `/admin/roles/${roleId}`,
    "/admin/roles/new",
    "/admin/permissions",
    "/admin/settings",
  ];
}
