import { hasPermission, type PermissionName } from "../../api/contract/permissions";

/**
 * The one table of back-office routes: the permission each route's loader needs to show the page
 * and the one its action needs to change anything. Keys are Remix route ids (flat routes: the
 * file name under app/routes without its extension). `null` means any signed-in admin.
 *
 * Every admin loader and action calls `requireRoutePermission(request, context, id, kind)`
 * (admin-auth.server.ts), which reads this table; a test lists app/routes/admin*.tsx and fails
 * when a route file is missing here or an entry has no file. /admin/login (routes/admin_.login)
 * is public and deliberately absent. The API checks the same permissions on its side: this table
 * decides what the web shows and where it sends people, the API is the real protection.
 */
export type RoutePermissions = { loader: PermissionName | null; action: PermissionName | null };

export const ADMIN_ROUTE_PERMISSIONS = {
  // The layout: a valid admin session; each child adds its own permission.
  "routes/admin": { loader: null, action: null },
  // The dashboard opens for any admin; its counts need dashboard:read (without it, a welcome only).
  "routes/admin._index": { loader: null, action: null },
  // Changing one's own password needs no permission.
  "routes/admin.settings": { loader: null, action: null },
  // Any /admin address no page takes: a 404 inside the layout.
  "routes/admin.$": { loader: null, action: null },
  "routes/admin.logout": { loader: null, action: null },
  // The list has no form of its own: its action permission is the one its links to change users
  // ("Gestionar", "Nuevo usuario") need; the new-user form is at /admin/users/new.
  "routes/admin.users._index": { loader: "users:read", action: "users:write" },
  "routes/admin.users.new": { loader: "users:write", action: "users:write" },
  "routes/admin.users[.]csv": { loader: "users:read", action: null },
  "routes/admin.users.$id": { loader: "users:read", action: "users:write" },
  "routes/admin.roles._index": { loader: "roles:read", action: "roles:write" },
  "routes/admin.roles.new": { loader: "roles:write", action: "roles:write" },
  "routes/admin.roles.$id": { loader: "roles:read", action: "roles:write" },
  "routes/admin.permissions": { loader: "roles:read", action: null },
  "routes/admin.audit": { loader: "audit:read", action: null },
  "routes/admin.audit[.]csv": { loader: "audit:read", action: null },
  // Clients (tomadores). Editing, notes, the data file and erasure need clients:write (ADR 012).
  // The sales pipeline's leads (ADR 041): the API decides lead by lead who may move or edit one.
  "routes/admin.pipeline.nueva": { loader: "pipeline:write", action: "pipeline:write" },
  "routes/admin.pipeline.$id": { loader: "pipeline:read", action: "pipeline:write" },
  "routes/admin.clients._index": { loader: "clients:read", action: null },
  "routes/admin.clients[.]csv": { loader: "clients:read", action: null },
  "routes/admin.clients.$id._index": { loader: "clients:read", action: "clients:write" },
  "routes/admin.clients.$id.edit": { loader: "clients:write", action: "clients:write" },
  "routes/admin.clients.$id.export": { loader: "clients:write", action: null },
  // Policies: reading needs policies:read; the list's action is the daily run, the detail's are
  // the lifecycle actions and notes (policies:write), the payments page's the recibos' (payments:write).
  "routes/admin.policies._index": { loader: "policies:read", action: "policies:write" },
  "routes/admin.policies[.]csv": { loader: "policies:read", action: null },
  "routes/admin.policies.$id._index": { loader: "policies:read", action: "policies:write" },
  "routes/admin.policies.$id.payments": { loader: "payments:read", action: "payments:write" },
  "routes/admin.policies.$id.edit": { loader: "policies:write", action: "policies:write" },
  // The bank's return files (ADR 030): importing one needs payments:write.
  "routes/admin.payments.returns._index": { loader: "payments:read", action: "payments:write" },
  "routes/admin.payments.returns.$id": { loader: "payments:read", action: null },
  // What does not match between charges, recibos and remittances (ADR 027); read-only.
  "routes/admin.payments.reconciliation": { loader: "payments:read", action: null },
  // Selling by phone: quoting and issuing both need policies:write.
  "routes/admin.policies.new": { loader: "policies:write", action: "policies:write" },
  // The policy's PDFs (particular conditions, each recibo): documents:read (ADR 036), as the API asks.
  "routes/admin.policies.$id.documentos.condiciones": { loader: "documents:read", action: null },
  "routes/admin.policies.$id.documentos.recibo.$sequence": { loader: "documents:read", action: null },
  // Payments (ADR 028): every recibo, one recibo's history; the card retry of a selection needs payments:write.
  "routes/admin.payments._index": { loader: "payments:read", action: null },
  "routes/admin.payments[.]csv": { loader: "payments:read", action: null },
  "routes/admin.payments.$id": { loader: "payments:read", action: null },
  "routes/admin.payments.reintentar": { loader: "payments:write", action: "payments:write" },
  "routes/admin.policies.$id.documentos.justificante.$sequence": { loader: "documents:read", action: null },
  // The guarantee catalogue (ADR 016): reading needs guarantees:read; creating, editing, a new
  // price and (de)activating need guarantees:write.
  "routes/admin.guarantees._index": { loader: "guarantees:read", action: null },
  "routes/admin.guarantees[.]csv": { loader: "guarantees:read", action: null },
  "routes/admin.guarantees.new": { loader: "guarantees:write", action: "guarantees:write" },
  "routes/admin.guarantees.$id._index": { loader: "guarantees:read", action: "guarantees:write" },
  "routes/admin.guarantees.$id.edit": { loader: "guarantees:write", action: "guarantees:write" },
  // Refunds owed to customers (extornos): recording a transfer needs payments:write.
  "routes/admin.payments.refunds": { loader: "payments:read", action: "payments:write" },
  // SEPA remittances (ADR 029): reading needs payments:read, generating one payments:write; the
  // creditor they are made for is a business setting (settings:read, settings:write to change it).
  "routes/admin.payments.remittances._index": { loader: "payments:read", action: null },
  "routes/admin.payments.remittances.new": { loader: "payments:write", action: "payments:write" },
  "routes/admin.payments.remittances.$id": { loader: "payments:read", action: null },
  "routes/admin.payments.remittances.$id.fichero": { loader: "payments:read", action: null },
  // The old creditor page redirects to the "Cobros y recibos" group of the business settings (ADR 038).
  "routes/admin.settings.sepa": { loader: "settings:read", action: null },
  // Business settings by effective date (ADR 038): each group's page; changing needs settings:write.
  "routes/admin.settings_.$group": { loader: "settings:read", action: "settings:write" },
  // Business reports (ADR 034): superadmin, gestor and auditor.
  "routes/admin.reports._index": { loader: "reports:read", action: null },
  "routes/admin.reports[.]csv": { loader: "reports:read", action: null },
  "routes/admin.policies.$id.documentos.mandato": { loader: "documents:read", action: null },
  // Stored documents (ADR 036): reading and downloading need documents:read; regenerating and deleting documents:write.
  "routes/admin.documents._index": { loader: "documents:read", action: null },
  "routes/admin.documents[.]csv": { loader: "documents:read", action: null },
  "routes/admin.documents.$id._index": { loader: "documents:read", action: "documents:write" },
  "routes/admin.documents.$id.descargar": { loader: "documents:read", action: null },
  // Documents of a policy or a client (ADR 037): uploading needs documents:write; the certificate
  // and a stored document's download, documents:read.
  "routes/admin.policies.$id.documentos.subir": { loader: "documents:write", action: "documents:write" },
  "routes/admin.clients.$id.documentos.subir": { loader: "documents:write", action: "documents:write" },
  "routes/admin.policies.$id.documentos.certificado": { loader: "documents:read", action: null },
  // Quotes (ADR 035): read by whoever reads the policies they lead to; nothing to change here.
  "routes/admin.quotes._index": { loader: "policies:read", action: null },
  "routes/admin.quotes[.]csv": { loader: "policies:read", action: null },
  // The outbox (ADR 039): reading, the CSV and a message's HTML need email:read; resend and cancel email:write.
  "routes/admin.email._index": { loader: "email:read", action: null },
  "routes/admin.email[.]csv": { loader: "email:read", action: null },
  "routes/admin.email.$id._index": { loader: "email:read", action: "email:write" },
  "routes/admin.email.$id.html": { loader: "email:read", action: null },
  // E-mail templates (ADR 040): reading and the saved template's preview need email:read; saving,
  // going back to the default, the preview of an unsaved draft and the test send, email:write.
  "routes/admin.email.plantillas._index": { loader: "email:read", action: null },
  "routes/admin.email.plantillas.$key._index": { loader: "email:read", action: "email:write" },
  "routes/admin.email.plantillas.$key.vista-previa": { loader: "email:read", action: "email:write" },
  // The pipelines (ADR 041): the boards and their lists need pipeline:read (the client ones also
  // clients:read, checked by their loaders and by the sidebar's `alsoNeeds`); moving a lead needs
  // pipeline:write (the API decides whose), moving a client clients:write.
  "routes/admin.pipeline._index": { loader: "pipeline:read", action: "pipeline:write" },
  "routes/admin.pipeline.lista": { loader: "pipeline:read", action: null },
  "routes/admin.pipeline.lista[.]csv": { loader: "pipeline:read", action: null },
  "routes/admin.client-pipeline._index": { loader: "pipeline:read", action: "clients:write" },
  "routes/admin.client-pipeline.lista": { loader: "pipeline:read", action: null },
  "routes/admin.client-pipeline.lista[.]csv": { loader: "pipeline:read", action: null },
  // Claims (issue 26, ADR 042): reading needs claims:read; handling claims:write; paying the
  // indemnity claims:pay, on its own page (whoever pays need not handle). A file's download, claims:read.
  "routes/admin.claims._index": { loader: "claims:read", action: null },
  "routes/admin.claims.$id._index": { loader: "claims:read", action: "claims:write" },
  "routes/admin.claims.$id.subir": { loader: "claims:write", action: "claims:write" },
  "routes/admin.claims.$id.pagar": { loader: "claims:pay", action: "claims:pay" },
  "routes/admin.claims.$id.ficheros.$fileId": { loader: "claims:read", action: null },
} as const satisfies Record<string, RoutePermissions>;

export type AdminRouteId = keyof typeof ADMIN_ROUTE_PERMISSIONS;

export function isAdminRouteId(id: string): id is AdminRouteId {
  return Object.prototype.hasOwnProperty.call(ADMIN_ROUTE_PERMISSIONS, id);
}

/** The permission a route's loader or action needs (null: any signed-in admin). */
export function routePermission(routeId: AdminRouteId, kind: "loader" | "action"): PermissionName | null {
  return ADMIN_ROUTE_PERMISSIONS[routeId][kind];
}

/** Whether an admin with `permissions` may run that loader or action. */
export function canOpen(
  permissions: Record<string, boolean> | null | undefined,
  routeId: AdminRouteId,
  kind: "loader" | "action" = "loader",
): boolean {
  const needed = routePermission(routeId, kind);
  return needed === null || hasPermission(permissions, needed);
}

/** The sidebar's groups, in order: what staff look for together (the «Panel» stands alone above them). */
export const ADMIN_SECTION_GROUPS = ["Cartera", "Ventas", "Cobros", "Correo e informes", "Administración"] as const;
export type AdminSectionGroup = (typeof ADMIN_SECTION_GROUPS)[number];

/** The sections of the back-office sidebar, in order and by group, with the route that decides each one. */
export const ADMIN_SECTIONS = [
  { label: "Panel", to: "/admin", routeId: "routes/admin._index", end: true, group: null },
  { label: "Clientes", to: "/admin/clients", routeId: "routes/admin.clients._index", end: false, group: "Cartera" },
  { label: "Pólizas", to: "/admin/policies", routeId: "routes/admin.policies._index", end: false, group: "Cartera" },
  { label: "Cotizaciones", to: "/admin/quotes", routeId: "routes/admin.quotes._index", end: false, group: "Cartera" },
  { label: "Siniestros", to: "/admin/claims", routeId: "routes/admin.claims._index", end: false, group: "Cartera" },
  { label: "Documentos", to: "/admin/documents", routeId: "routes/admin.documents._index", end: false, group: "Cartera" },
  // The pipelines (issue 23).
  { label: "Embudo comercial", to: "/admin/pipeline", routeId: "routes/admin.pipeline._index", end: false, group: "Ventas" },
  {
    label: "Embudo de clientes",
    to: "/admin/client-pipeline",
    routeId: "routes/admin.client-pipeline._index",
    end: false,
    group: "Ventas",
    alsoNeeds: "clients:read",
  },
  // The money side (issue 22): every recibo, the SEPA remittances, the bank's returns, the refunds owed.
  { label: "Pagos", to: "/admin/payments", routeId: "routes/admin.payments._index", end: false, group: "Cobros" },
  { label: "Remesas SEPA", to: "/admin/payments/remittances", routeId: "routes/admin.payments.remittances._index", end: false, group: "Cobros" },
  { label: "Devoluciones", to: "/admin/payments/returns", routeId: "routes/admin.payments.returns._index", end: false, group: "Cobros" },
  { label: "Extornos", to: "/admin/payments/refunds", routeId: "routes/admin.payments.refunds", end: false, group: "Cobros" },
  { label: "Correo", to: "/admin/email", routeId: "routes/admin.email._index", end: false, group: "Correo e informes" },
  { label: "Informes", to: "/admin/reports", routeId: "routes/admin.reports._index", end: false, group: "Correo e informes" },
  { label: "Garantías", to: "/admin/guarantees", routeId: "routes/admin.guarantees._index", end: false, group: "Administración" },
  { label: "Usuarios", to: "/admin/users", routeId: "routes/admin.users._index", end: false, group: "Administración" },
  { label: "Roles", to: "/admin/roles", routeId: "routes/admin.roles._index", end: false, group: "Administración" },
  { label: "Permisos", to: "/admin/permissions", routeId: "routes/admin.permissions", end: false, group: "Administración" },
  { label: "Auditoría", to: "/admin/audit", routeId: "routes/admin.audit", end: false, group: "Administración" },
  { label: "Configuración", to: "/admin/settings", routeId: "routes/admin.settings", end: false, group: "Administración" },
] as const satisfies readonly {
  label: string;
  to: string;
  routeId: AdminRouteId;
  end: boolean;
  group: AdminSectionGroup | null;
  alsoNeeds?: PermissionName;
}[];

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/**
 * The one section a path belongs to: the longest section address it starts with (so
 * /admin/payments/remittances/7 is "Remesas SEPA", not also "Pagos"); `end` sections match exactly.
 */
export function activeSectionTo(sections: readonly Pick<AdminSection, "to" | "end">[], pathname: string): string | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  const matches = sections.filter((s) => path === s.to || (!s.end && path.startsWith(`${s.to}/`)));
  return matches.reduce<string | null>((best, s) => (best === null || s.to.length > best.length ? s.to : best), null);
}

/** Only the sections the admin may open (the sidebar never offers a page that would refuse them). */
export function visibleSections(permissions: Record<string, boolean> | null | undefined): AdminSection[] {
  return ADMIN_SECTIONS.filter(
    (section) => canOpen(permissions, section.routeId, "loader") && (!("alsoNeeds" in section) || hasPermission(permissions, section.alsoNeeds)),
  );
}

/** Sections grouped for the sidebar, in order; a group none of whose sections the admin may open is left out. */
export function groupSections<S extends { group: AdminSectionGroup | null }>(
  sections: readonly S[],
): { group: AdminSectionGroup | null; sections: S[] }[] {
  const groups: { group: AdminSectionGroup | null; sections: S[] }[] = [];
  for (const section of sections) {
    const last = groups[groups.length - 1];
    if (last && last.group === section.group) last.sections.push(section);
    else groups.push({ group: section.group, sections: [section] });
  }
  return groups;
}
