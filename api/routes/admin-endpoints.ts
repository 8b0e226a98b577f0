// The one table of every admin API endpoint and the permission it demands. Route definitions get
// their guard from here (adminRoute), and tests/integration/admin-api.test.ts checks that this
// table and the OpenAPI document list the same endpoints, so neither can drift from the other.
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { BEARER_SECURITY, requireAdmin } from "../auth";
import type { PermissionName } from "../domain/permissions";

export type AdminEndpoint = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path syntax, relative to the API base: `/admin/users/{id}`. */
  path: string;
  /** null: any signed-in, active admin may call it. */
  permission: PermissionName | null;
  /** Open to an admin who must still change a temporary password (to change it, see who they are, leave). */
  temporaryPassword?: true;
  /** A second permission the endpoint demands as well (the client board: pipeline:read and clients:read). */
  also?: PermissionName;
  /** A POST that writes nothing (a price asked with a body): it shares the web request's account read as a GET does (api/account-reads.ts). */
  readsOnly?: true;
};

// POST /admin/auth/login is public and therefore not listed.
export const ADMIN_ENDPOINTS = [
  { method: "post", path: "/admin/auth/logout", permission: null, temporaryPassword: true },
  { method: "post", path: "/admin/auth/change-password", permission: null, temporaryPassword: true },
  { method: "get", path: "/admin/auth/me", permission: null, temporaryPassword: true },

  { method: "get", path: "/admin/dashboard", permission: "dashboard:read" },
  // Quotes (ADR 035): read by whoever reads the policies they lead to.
  { method: "get", path: "/admin/quotes", permission: "policies:read" },
  { method: "get", path: "/admin/quotes/export", permission: "policies:read" },

  { method: "get", path: "/admin/users", permission: "users:read" },
  { method: "post", path: "/admin/users", permission: "users:write" },
  { method: "get", path: "/admin/users/export", permission: "users:read" },
  { method: "get", path: "/admin/users/{id}", permission: "users:read" },
  { method: "patch", path: "/admin/users/{id}", permission: "users:write" },

  { method: "get", path: "/admin/roles", permission: "roles:read" },
  { method: "post", path: "/admin/roles", permission: "roles:write" },
  { method: "get", path: "/admin/roles/{id}", permission: "roles:read" },
  { method: "put", path: "/admin/roles/{id}", permission: "roles:write" },
  { method: "delete", path: "/admin/roles/{id}", permission: "roles:write" },

  { method: "get", path: "/admin/permissions", permission: "roles:read" },

  { method: "get", path: "/admin/audit", permission: "audit:read" },
  { method: "get", path: "/admin/audit/export", permission: "audit:read" },

  // Policies and their lifecycle.
  { method: "get", path: "/admin/policies", permission: "policies:read" },
  { method: "get", path: "/admin/policies/export", permission: "policies:read" },
  { method: "get", path: "/admin/policies/{id}", permission: "policies:read" },
  // Selling by phone (/admin/policies/new): the quote, its prices, the policy.
  { method: "post", path: "/admin/policies/quotes", permission: "policies:write" },
  { method: "get", path: "/admin/policies/quotes/{id}", permission: "policies:write" },
  { method: "post", path: "/admin/policies/quotes/{id}/price", permission: "policies:write", readsOnly: true },
  { method: "post", path: "/admin/policies", permission: "policies:write" },
  { method: "patch", path: "/admin/policies/{id}", permission: "policies:write" },
  // The policy's own PDFs, the same stored ones the holder downloads from Mi póliza (ADR 036: documents:read).
  { method: "get", path: "/admin/policies/{id}/documents/conditions", permission: "documents:read" },
  { method: "get", path: "/admin/policies/{id}/documents/recibos/{sequence}", permission: "documents:read" },
  { method: "get", path: "/admin/policies/{id}/documents/recibos/{sequence}/receipt", permission: "documents:read" },
  { method: "post", path: "/admin/policies/{id}/suspend", permission: "policies:write" },
  { method: "post", path: "/admin/policies/{id}/reactivate", permission: "policies:write" },
  { method: "post", path: "/admin/policies/{id}/cancel", permission: "policies:write" },
  { method: "post", path: "/admin/policies/{id}/stop-renewal", permission: "policies:write" },
  { method: "post", path: "/admin/policies/{id}/renew", permission: "policies:write" },
  { method: "post", path: "/admin/policies/{id}/notes", permission: "policies:write" },
  // The policy's recibos page (/admin/policies/{id}/payments): the policy as above, for payments:read.
  { method: "get", path: "/admin/policies/{id}/payments", permission: "payments:read" },
  { method: "post", path: "/admin/policies/{id}/recibos/{reciboId}/charge", permission: "payments:write" },
  { method: "post", path: "/admin/policies/{id}/recibos/{reciboId}/return", permission: "payments:write" },
  { method: "post", path: "/admin/policies/{id}/recibos/{reciboId}/mark-paid", permission: "payments:write" },
  { method: "post", path: "/admin/policies/{id}/recibos/{reciboId}/cancel", permission: "payments:write" },
  { method: "post", path: "/admin/policies/{id}/recibos/{reciboId}/refund", permission: "payments:write" },
  { method: "post", path: "/admin/lifecycle/run", permission: "policies:write" },
  // Following a run (ADR 044): whoever reads the policies may see how it goes (counts only).
  { method: "get", path: "/admin/lifecycle/runs/{id}", permission: "policies:read" },
  // Refunds owed to customers (extornos).
  { method: "get", path: "/admin/payments/refunds", permission: "payments:read" },
  { method: "post", path: "/admin/payments/refunds/{id}/mark-paid", permission: "payments:write" },
  // The bank's return files (ADR 030).
  { method: "post", path: "/admin/payments/returns", permission: "payments:write" },
  { method: "get", path: "/admin/payments/returns", permission: "payments:read" },
  { method: "get", path: "/admin/payments/returns/{id}", permission: "payments:read" },
  // Payments (ADR 028): every recibo of the portfolio, one recibo's history, the bulk card retry.
  { method: "get", path: "/admin/payments/recibos", permission: "payments:read" },
  { method: "get", path: "/admin/payments/recibos/export", permission: "payments:read" },
  { method: "get", path: "/admin/payments/recibos/{id}", permission: "payments:read" },
  { method: "get", path: "/admin/payments/card-retry", permission: "payments:write" },
  { method: "post", path: "/admin/payments/card-retry", permission: "payments:write" },
  // What does not match between charges, recibos and remittances (ADR 027).
  { method: "get", path: "/admin/payments/reconciliation", permission: "payments:read" },
  // Clients (tomadores): ADR 012 says why the data-rights endpoints need clients:write.
  { method: "get", path: "/admin/clients", permission: "clients:read" },
  { method: "get", path: "/admin/clients/export", permission: "clients:read" },
  { method: "get", path: "/admin/clients/{id}", permission: "clients:read" },
  { method: "patch", path: "/admin/clients/{id}", permission: "clients:write" },
  { method: "post", path: "/admin/clients/{id}/notes", permission: "clients:write" },
  { method: "get", path: "/admin/clients/{id}/gdpr-export", permission: "clients:write" },
  { method: "post", path: "/admin/clients/{id}/erase", permission: "clients:write" },
  // The guarantee catalogue (ADR 016).
  { method: "get", path: "/admin/guarantees", permission: "guarantees:read" },
  { method: "get", path: "/admin/guarantees/export", permission: "guarantees:read" },
  { method: "get", path: "/admin/guarantees/{id}", permission: "guarantees:read" },
  { method: "post", path: "/admin/guarantees", permission: "guarantees:write" },
  { method: "patch", path: "/admin/guarantees/{id}", permission: "guarantees:write" },
  { method: "post", path: "/admin/guarantees/{id}/prices", permission: "guarantees:write" },
  { method: "post", path: "/admin/guarantees/{id}/activate", permission: "guarantees:write" },
  { method: "post", path: "/admin/guarantees/{id}/deactivate", permission: "guarantees:write" },
  // SEPA remittances and their creditor (ADR 029).
  { method: "get", path: "/admin/payments/remittances", permission: "payments:read" },
  { method: "post", path: "/admin/payments/remittances/preview", permission: "payments:write" },
  { method: "post", path: "/admin/payments/remittances", permission: "payments:write" },
  { method: "get", path: "/admin/payments/remittances/{id}", permission: "payments:read" },
  { method: "get", path: "/admin/payments/remittances/{id}/file", permission: "payments:read" },
  { method: "get", path: "/admin/policies/{id}/documents/mandate", permission: "documents:read" },
  // Documents of a policy or a client, uploads and the certificate (ADR 037).
  { method: "get", path: "/admin/policies/{id}/documents", permission: "documents:read" },
  { method: "post", path: "/admin/policies/{id}/documents", permission: "documents:write" },
  { method: "get", path: "/admin/policies/{id}/documents/certificate", permission: "documents:read" },
  { method: "get", path: "/admin/clients/{id}/documents", permission: "documents:read" },
  { method: "post", path: "/admin/clients/{id}/documents", permission: "documents:write" },
  // The outbox (ADR 039): reading needs email:read, resending and cancelling email:write.
  { method: "get", path: "/admin/emails", permission: "email:read" },
  { method: "get", path: "/admin/emails/export", permission: "email:read" },
  { method: "get", path: "/admin/emails/{id}", permission: "email:read" },
  { method: "get", path: "/admin/emails/{id}/html", permission: "email:read" },
  { method: "post", path: "/admin/emails/{id}/resend", permission: "email:write" },
  { method: "post", path: "/admin/emails/{id}/cancel", permission: "email:write" },
  // Business settings by effective date (ADR 038).
  { method: "get", path: "/admin/settings", permission: "settings:read" },
  { method: "get", path: "/admin/settings/{key}", permission: "settings:read" },
  { method: "post", path: "/admin/settings/{key}", permission: "settings:write" },
  { method: "delete", path: "/admin/settings/{key}/versions/{id}", permission: "settings:write" },
  // Business reports (ADR 034).
  { method: "get", path: "/admin/reports/{report}", permission: "reports:read" },
  { method: "get", path: "/admin/reports/{report}/export", permission: "reports:read" },
  // Every stored document of the portfolio (ADR 036): the list, one document, its bytes, a new version, an upload removed.
  { method: "get", path: "/admin/documents", permission: "documents:read" },
  { method: "get", path: "/admin/documents/export", permission: "documents:read" },
  { method: "get", path: "/admin/documents/{id}", permission: "documents:read" },
  { method: "get", path: "/admin/documents/{id}/download", permission: "documents:read" },
  { method: "post", path: "/admin/documents/{id}/regenerate", permission: "documents:write" },
  { method: "delete", path: "/admin/documents/{id}", permission: "documents:write" },
  // The client pipeline (ADR 041): its board and list show clients, so they need clients:read as well.
  { method: "get", path: "/admin/client-pipeline/board", permission: "pipeline:read", also: "clients:read" },
  { method: "get", path: "/admin/client-pipeline/clients", permission: "pipeline:read", also: "clients:read" },
  { method: "get", path: "/admin/client-pipeline/clients/export", permission: "pipeline:read", also: "clients:read" },
  { method: "post", path: "/admin/client-pipeline/clients/{id}/move", permission: "clients:write" },
  // E-mail templates (ADR 040).
  { method: "get", path: "/admin/email/templates", permission: "email:read" },
  { method: "get", path: "/admin/email/templates/{key}", permission: "email:read" },
  { method: "post", path: "/admin/email/templates/{key}/versions", permission: "email:write" },
  { method: "post", path: "/admin/email/templates/{key}/reset", permission: "email:write" },
  { method: "post", path: "/admin/email/templates/{key}/preview", permission: "email:read" },
  { method: "post", path: "/admin/email/templates/{key}/test", permission: "email:write" },
  // Claims (ADR 042): handling needs claims:write, paying claims:pay (separate from handling).
  { method: "get", path: "/admin/claims", permission: "claims:read" },
  { method: "get", path: "/admin/claims/handlers", permission: "claims:read" },
  { method: "get", path: "/admin/claims/{id}", permission: "claims:read" },
  { method: "post", path: "/admin/claims/{id}/assign", permission: "claims:write" },
  { method: "post", path: "/admin/claims/{id}/status", permission: "claims:write" },
  { method: "post", path: "/admin/claims/{id}/reserve", permission: "claims:write" },
  { method: "post", path: "/admin/claims/{id}/accept", permission: "claims:write" },
  { method: "post", path: "/admin/claims/{id}/reject", permission: "claims:write" },
  { method: "post", path: "/admin/claims/{id}/pay", permission: "claims:pay" },
  { method: "post", path: "/admin/claims/{id}/messages", permission: "claims:write" },
  { method: "post", path: "/admin/claims/{id}/document-requests", permission: "claims:write" },
  { method: "post", path: "/admin/claims/{id}/expert", permission: "claims:write" },
  { method: "post", path: "/admin/claims/{id}/files", permission: "claims:write" },
  { method: "get", path: "/admin/claims/{id}/files/{fileId}", permission: "claims:read" },
  // The sales pipeline (ADR 041): moving and editing a lead is checked lead by lead (api/domain/pipeline.ts).
  { method: "get", path: "/admin/pipeline/board", permission: "pipeline:read" },
  { method: "get", path: "/admin/pipeline/leads", permission: "pipeline:read" },
  { method: "get", path: "/admin/pipeline/owners", permission: "pipeline:read" },
  { method: "post", path: "/admin/pipeline/leads", permission: "pipeline:write" },
  { method: "get", path: "/admin/pipeline/leads/export", permission: "pipeline:read" },
  { method: "get", path: "/admin/pipeline/leads/{id}", permission: "pipeline:read" },
  { method: "patch", path: "/admin/pipeline/leads/{id}", permission: "pipeline:write" },
  { method: "post", path: "/admin/pipeline/leads/{id}/move", permission: "pipeline:write" },
] as const satisfies readonly AdminEndpoint[];

/** The table's entry of an endpoint; throws (at start-up) for an endpoint missing from the table. */
export function adminEndpoint(method: string, path: string): AdminEndpoint {
  const endpoint = (ADMIN_ENDPOINTS as readonly AdminEndpoint[]).find((e) => e.method === method.toLowerCase() && e.path === path);
  if (!endpoint) throw new Error(`Admin endpoint ${method.toUpperCase()} ${path} is missing from ADMIN_ENDPOINTS`);
  return endpoint;
}

/**
 * createRoute for an admin endpoint: the guard (requireAdmin with the table's permission) and the
 * bearer security requirement are added here, so a route cannot be declared without them; its
 * operationId is required.
 */
export function adminRoute<P extends string, R extends Omit<RouteConfig, "path" | "middleware" | "security"> & { path: P; operationId: string }>(
  config: R,
) {
  const endpoint = adminEndpoint(config.method, config.path);
  return createRoute({
    ...config,
    middleware: [
      requireAdmin(endpoint.permission ?? undefined, {
        temporaryPasswordAllowed: endpoint.temporaryPassword,
        also: endpoint.also,
        readsOnly: endpoint.readsOnly,
      }),
    ] as const,
    security: BEARER_SECURITY,
  });
}
