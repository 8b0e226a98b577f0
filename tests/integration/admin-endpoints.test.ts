// The admin endpoint table (api/routes/admin-endpoints.ts) over real HTTP: it lists the same
// operations as the OpenAPI document, each with its agreed permission, and every endpoint's guard
// answers 401 without a token or with a visitor's, 403 without the permission, 2xx with it.
import { beforeAll, describe, expect, it } from "vitest";
import { type PermissionName } from "../../api/domain/permissions";
import { ADMIN_ENDPOINTS } from "../../api/routes/admin-endpoints";
import {
  adminWith,
  allPermissions,
  call,
  createRole,
  createUser,
  database,
  FORBIDDEN,
  insertClient,
  json,
  login,
  PASSWORD,
  server,
  superToken,
  unique,
  setUpAdminApi,
} from "../support/admin-api";
import { insertTestPolicy } from "../support/policies";
import { insertUploadRow } from "../support/documents";
import { refunds } from "../../api/db/schema";
import { remitRecibos } from "../support/remittance-fixtures";
import { returnsCsv } from "../support/return-files";
import { addMonths, madridDate } from "../../api/domain/calendar";
import { addBusinessDays } from "../../api/domain/sepa";
import { insertMandate } from "../../api/db/sepa-mandates.repo";
import { documents, lifecycleJobs, outboxEmails, pipelineLeads, policies, recibos } from "../../api/db/schema";
import { untilEnded } from "../support/lifecycle-run";
import { enqueueEmail } from "../../api/services/mail";
import { desc, eq } from "drizzle-orm";
import { nifCheckLetter } from "../../api/domain/nif";
import { checkoutBody } from "../support/checkout";
import { claimDeclarationSchema } from "../../api/contract/claims";
import { acceptClaim, changeClaimStatus, declareClaim } from "../../api/services/claims";
import { AUTO } from "../support/quote-inputs";
import { documentEndpointCases } from "../support/document-endpoint-cases";

setUpAdminApi();

// ─── (1) The table and the OpenAPI document list the same admin endpoints ───────────────────

const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete"]);
const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

describe("la tabla ADMIN_ENDPOINTS", () => {
  it("lista exactamente las operaciones /admin del documento OpenAPI (salvo el inicio de sesión)", async () => {
    const doc = await json<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>("get", "/openapi.json", { status: 200 });
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/admin"))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((m) => HTTP_METHODS.has(m))
          .map((m) => keyOf(m, path)),
      )
      .filter((key) => key !== "POST /admin/auth/login");
    const listed = ADMIN_ENDPOINTS.map((e) => keyOf(e.method, e.path));

    expect(new Set(listed).size, "una operación repetida en ADMIN_ENDPOINTS").toBe(listed.length);
    expect(
      documented.filter((k) => !listed.includes(k)),
      "documentadas pero no en ADMIN_ENDPOINTS",
    ).toEqual([]);
    expect(
      listed.filter((k) => !documented.includes(k)),
      "en ADMIN_ENDPOINTS pero no documentadas",
    ).toEqual([]);
    // The login stays public and out of the table.
    expect(doc.paths["/admin/auth/login"]?.post).toBeDefined();
    expect(listed).not.toContain("POST /admin/auth/login");

    // Every guarded operation says so in the document.
    for (const e of ADMIN_ENDPOINTS) expect(doc.paths[e.path]?.[e.method]?.security, keyOf(e.method, e.path)).toEqual([{ bearerAuth: [] }]);
  });

  it("pide a cada endpoint el permiso acordado", () => {
    // Written out here on purpose: a permission changed in the table has to be changed here too.
    expect(Object.fromEntries(ADMIN_ENDPOINTS.map((e) => [keyOf(e.method, e.path), e.permission]))).toEqual({
      "POST /admin/auth/logout": null,
      "POST /admin/auth/change-password": null,
      "GET /admin/auth/me": null,
      "GET /admin/dashboard": "dashboard:read",
      "GET /admin/quotes": "policies:read",
      "GET /admin/quotes/export": "policies:read",
      "GET /admin/users": "users:read",
      "POST /admin/users": "users:write",
      "GET /admin/users/{id}": "users:read",
      "PATCH /admin/users/{id}": "users:write",
      "GET /admin/roles": "roles:read",
      "POST /admin/roles": "roles:write",
      "GET /admin/roles/{id}": "roles:read",
      "PUT /admin/roles/{id}": "roles:write",
      "DELETE /admin/roles/{id}": "roles:write",
      "GET /admin/permissions": "roles:read",
      "GET /admin/users/export": "users:read",
      "GET /admin/audit": "audit:read",
      "GET /admin/audit/export": "audit:read",
      "GET /admin/policies": "policies:read",
      "GET /admin/policies/export": "policies:read",
      "GET /admin/policies/{id}": "policies:read",
      "POST /admin/policies/quotes": "policies:write",
      "GET /admin/policies/quotes/{id}": "policies:write",
      "POST /admin/policies/quotes/{id}/price": "policies:write",
      "POST /admin/policies": "policies:write",
      "PATCH /admin/policies/{id}": "policies:write",
      "GET /admin/policies/{id}/documents/conditions": "documents:read",
      "GET /admin/policies/{id}/documents/recibos/{sequence}": "documents:read",
      "GET /admin/policies/{id}/documents/recibos/{sequence}/receipt": "documents:read",
      "POST /admin/policies/{id}/suspend": "policies:write",
      "POST /admin/policies/{id}/reactivate": "policies:write",
      "POST /admin/policies/{id}/cancel": "policies:write",
      "POST /admin/policies/{id}/stop-renewal": "policies:write",
      "POST /admin/policies/{id}/renew": "policies:write",
      "POST /admin/policies/{id}/notes": "policies:write",
      "GET /admin/policies/{id}/payments": "payments:read",
      "POST /admin/policies/{id}/recibos/{reciboId}/charge": "payments:write",
      "POST /admin/policies/{id}/recibos/{reciboId}/return": "payments:write",
      "POST /admin/policies/{id}/recibos/{reciboId}/mark-paid": "payments:write",
      "POST /admin/policies/{id}/recibos/{reciboId}/cancel": "payments:write",
      "POST /admin/policies/{id}/recibos/{reciboId}/refund": "payments:write",
      "POST /admin/lifecycle/run": "policies:write",
      "GET /admin/lifecycle/runs/{id}": "policies:read",
      "GET /admin/payments/refunds": "payments:read",
      "POST /admin/payments/refunds/{id}/mark-paid": "payments:write",
      "POST /admin/payments/returns": "payments:write",
      "GET /admin/payments/returns": "payments:read",
      "GET /admin/payments/returns/{id}": "payments:read",
      "GET /admin/payments/recibos": "payments:read",
      "GET /admin/payments/recibos/export": "payments:read",
      "GET /admin/payments/recibos/{id}": "payments:read",
      "GET /admin/payments/card-retry": "payments:write",
      "POST /admin/payments/card-retry": "payments:write",
      "GET /admin/payments/reconciliation": "payments:read",
      "GET /admin/clients": "clients:read",
      "GET /admin/clients/export": "clients:read",
      "GET /admin/clients/{id}": "clients:read",
      "PATCH /admin/clients/{id}": "clients:write",
      "POST /admin/clients/{id}/notes": "clients:write",
      "GET /admin/clients/{id}/gdpr-export": "clients:write",
      "POST /admin/clients/{id}/erase": "clients:write",
      "GET /admin/guarantees": "guarantees:read",
      "GET /admin/guarantees/export": "guarantees:read",
      "GET /admin/guarantees/{id}": "guarantees:read",
      "POST /admin/guarantees": "guarantees:write",
      "PATCH /admin/guarantees/{id}": "guarantees:write",
      "POST /admin/guarantees/{id}/prices": "guarantees:write",
      "POST /admin/guarantees/{id}/activate": "guarantees:write",
      "POST /admin/guarantees/{id}/deactivate": "guarantees:write",
      "GET /admin/payments/remittances": "payments:read",
      "POST /admin/payments/remittances/preview": "payments:write",
      "POST /admin/payments/remittances": "payments:write",
      "GET /admin/payments/remittances/{id}": "payments:read",
      "GET /admin/payments/remittances/{id}/file": "payments:read",
      "GET /admin/policies/{id}/documents/mandate": "documents:read",
      "GET /admin/settings": "settings:read",
      "GET /admin/settings/{key}": "settings:read",
      "POST /admin/settings/{key}": "settings:write",
      "DELETE /admin/settings/{key}/versions/{id}": "settings:write",
      "GET /admin/reports/{report}": "reports:read",
      "GET /admin/reports/{report}/export": "reports:read",
      "GET /admin/documents": "documents:read",
      "GET /admin/documents/export": "documents:read",
      "GET /admin/documents/{id}": "documents:read",
      "GET /admin/documents/{id}/download": "documents:read",
      "POST /admin/documents/{id}/regenerate": "documents:write",
      "DELETE /admin/documents/{id}": "documents:write",
      "GET /admin/emails": "email:read",
      "GET /admin/emails/export": "email:read",
      "GET /admin/emails/{id}": "email:read",
      "GET /admin/emails/{id}/html": "email:read",
      "POST /admin/emails/{id}/resend": "email:write",
      "POST /admin/emails/{id}/cancel": "email:write",
      "GET /admin/policies/{id}/documents": "documents:read",
      "POST /admin/policies/{id}/documents": "documents:write",
      "GET /admin/policies/{id}/documents/certificate": "documents:read",
      "GET /admin/clients/{id}/documents": "documents:read",
      "POST /admin/clients/{id}/documents": "documents:write",
      "GET /admin/email/templates": "email:read",
      "GET /admin/email/templates/{key}": "email:read",
      "POST /admin/email/templates/{key}/versions": "email:write",
      "POST /admin/email/templates/{key}/reset": "email:write",
      "POST /admin/email/templates/{key}/preview": "email:read",
      "POST /admin/email/templates/{key}/test": "email:write",
      "GET /admin/pipeline/board": "pipeline:read",
      "GET /admin/client-pipeline/board": "pipeline:read",
      "GET /admin/client-pipeline/clients": "pipeline:read",
      "GET /admin/client-pipeline/clients/export": "pipeline:read",
      "POST /admin/client-pipeline/clients/{id}/move": "clients:write",
      "GET /admin/pipeline/leads": "pipeline:read",
      "GET /admin/pipeline/owners": "pipeline:read",
      "POST /admin/pipeline/leads": "pipeline:write",
      "GET /admin/pipeline/leads/export": "pipeline:read",
      "GET /admin/pipeline/leads/{id}": "pipeline:read",
      "PATCH /admin/pipeline/leads/{id}": "pipeline:write",
      "POST /admin/pipeline/leads/{id}/move": "pipeline:write",
      "GET /admin/claims": "claims:read",
      "GET /admin/claims/handlers": "claims:read",
      "GET /admin/claims/{id}": "claims:read",
      "POST /admin/claims/{id}/assign": "claims:write",
      "POST /admin/claims/{id}/status": "claims:write",
      "POST /admin/claims/{id}/reserve": "claims:write",
      "POST /admin/claims/{id}/accept": "claims:write",
      "POST /admin/claims/{id}/reject": "claims:write",
      "POST /admin/claims/{id}/pay": "claims:pay",
      "POST /admin/claims/{id}/messages": "claims:write",
      "POST /admin/claims/{id}/document-requests": "claims:write",
      "POST /admin/claims/{id}/expert": "claims:write",
      "POST /admin/claims/{id}/files": "claims:write",
      "GET /admin/claims/{id}/files/{fileId}": "claims:read",
    });
    // The client pipeline shows clients: its reads need clients:read as well.
    expect(ADMIN_ENDPOINTS.filter((e) => "also" in e).map((e) => [keyOf(e.method, e.path), "also" in e ? e.also : null])).toEqual([
      ["GET /admin/client-pipeline/board", "clients:read"],
      ["GET /admin/client-pipeline/clients", "clients:read"],
      ["GET /admin/client-pipeline/clients/export", "clients:read"],
    ]);
  });
});

// ─── (2) The guard of every admin endpoint ──────────────────────────────────────────────────

type Endpoint = (typeof ADMIN_ENDPOINTS)[number];
// Distributes over the union, so each key pairs one endpoint's method with its own path.
type KeyOf<E> = E extends { method: infer M extends string; path: infer P extends string } ? `${Uppercase<M>} ${P}` : never;
type EndpointKey = KeyOf<Endpoint>;

type Fixtures = {
  emptyRoleId: number;
  /** A user in a role with no permission at all (the target of user changes). */
  plainUserId: number;
  plainUserEmail: string;
  /** A client without policies (a prospect). */
  clientId: number;
};
/** The request that succeeds for an admin holding the endpoint's permission (and nothing else). */
type Call = { path: string; body?: unknown; expect: number; token?: string };

async function unassignedLead(): Promise<number> {
  const [lead] = await database.db
    .insert(pipelineLeads)
    .values({ name: unique("Oportunidad") })
    .returning({ id: pipelineLeads.id });
  return lead!.id;
}

/** A covered home claim (1.000 € of water damage, declared yesterday), moved on to `status` by staff; its id. */
async function claimIn(status: "abierto" | "en_revision" | "aceptado"): Promise<number> {
  const now = new Date();
  const start = madridDate(new Date(now.getTime() - 40 * 86_400_000));
  const policy = await insertTestPolicy(database.db, { startDate: start, createdAt: new Date(now.getTime() - 41 * 86_400_000) });
  const yesterday = new Date(now.getTime() - 86_400_000);
  const typed = `${madridDate(yesterday).split("-").reverse().join("/")} 10:00`;
  const declaration = claimDeclarationSchema("hogar", now).parse({
    eventType: "hogar_agua",
    occurredAt: typed,
    place: "Calle Mayor 1, Madrid",
    description: "Una fuga del lavabo ha mojado el suelo del baño y del pasillo.",
    amountClaimedCents: "1.000",
    contactPhone: "600 123 456",
  });
  const staff = { actorType: "admin" as const, actorId: 1, actorLabel: "prueba" };
  const { claim } = await declareClaim(database.db, { policyId: policy.id, userId: null, declaration }, staff, now);
  if (status !== "abierto") await changeClaimStatus(database.db, claim.id, { status: "en_revision" }, staff, now);
  if (status === "aceptado") await acceptClaim(database.db, claim.id, { acceptedCents: 100_000 }, staff, now);
  return claim.id;
}

/** The perito's report as an upload's multipart body. */
function expertReport(): FormData {
  const form = new FormData();
  form.set("kind", "informe_pericial");
  form.set("file", new File(["%PDF-1.4\n%informe\n"], "informe.pdf", { type: "application/pdf" }));
  return form;
}

const PRUEBA_DRAFT = { subject: "Prueba", text: "Hola, {{nombre_tomador}}:", html: "<p>Hola, {{nombre_tomador}}:</p>" };

// A Record over every key of the table: an endpoint added there without a case here does not compile.
const CASES: Record<EndpointKey, (fx: Fixtures) => Promise<Call>> = {
  "POST /admin/auth/logout": async (fx) => ({ path: "/admin/auth/logout", expect: 204, token: await login(fx.plainUserEmail) }),
  "POST /admin/auth/change-password": async () => {
    const user = await createUser((await createRole({})).id);
    return {
      path: "/admin/auth/change-password",
      body: { currentPassword: PASSWORD, newPassword: "Otra-Clave-Muy-Larga-77" },
      expect: 200,
      token: await login(user.email),
    };
  },
  "GET /admin/auth/me": async () => ({ path: "/admin/auth/me", expect: 200 }),
  "GET /admin/dashboard": async () => ({ path: "/admin/dashboard", expect: 200 }),
  "GET /admin/quotes": async () => ({ path: "/admin/quotes?waiting=true&line=auto&dir=asc", expect: 200 }),
  "GET /admin/quotes/export": async () => ({ path: "/admin/quotes/export?status=caducada", expect: 200 }),
  "GET /admin/users": async () => ({ path: "/admin/users?q=a&page=1&pageSize=5", expect: 200 }),
  "POST /admin/users": async (fx) => {
    const username = unique("nuevo");
    return { path: "/admin/users", body: { username, email: `${username}@cotiza.test`, password: PASSWORD, roleId: fx.emptyRoleId }, expect: 201 };
  },
  "GET /admin/users/{id}": async (fx) => ({ path: `/admin/users/${fx.plainUserId}`, expect: 200 }),
  "PATCH /admin/users/{id}": async (fx) => ({ path: `/admin/users/${fx.plainUserId}`, body: { active: true }, expect: 200 }),
  "GET /admin/roles": async () => ({ path: "/admin/roles", expect: 200 }),
  "POST /admin/roles": async () => ({ path: "/admin/roles", body: { name: unique("nuevo-rol"), description: "", permissions: {} }, expect: 201 }),
  "GET /admin/roles/{id}": async (fx) => ({ path: `/admin/roles/${fx.emptyRoleId}`, expect: 200 }),
  "PUT /admin/roles/{id}": async () => {
    const role = await createRole({});
    return { path: `/admin/roles/${role.id}`, body: { name: unique("renombrado"), description: "Nueva", permissions: {} }, expect: 200 };
  },
  "DELETE /admin/roles/{id}": async () => ({ path: `/admin/roles/${(await createRole({})).id}`, expect: 204 }),
  "GET /admin/permissions": async () => ({ path: "/admin/permissions", expect: 200 }),
  "GET /admin/users/export": async () => ({ path: "/admin/users/export?sort=email&dir=desc", expect: 200 }),
  "GET /admin/audit": async () => ({ path: "/admin/audit?entity=role&page=1&pageSize=10", expect: 200 }),
  "GET /admin/audit/export": async () => ({ path: "/admin/audit/export?entity=role", expect: 200 }),
  // Each policy case gets a policy of its own in the state its action needs (dates relative to today).
  "GET /admin/policies": async () => ({ path: "/admin/policies?q=COT-2099&sort=endDate", expect: 200 }),
  "GET /admin/policies/export": async () => ({ path: "/admin/policies/export?status=en_vigor", expect: 200 }),
  "GET /admin/policies/{id}": async () => ({ path: `/admin/policies/${(await livePolicy()).id}`, expect: 200 }),
  "POST /admin/policies/quotes": async () => ({ path: "/admin/policies/quotes", body: { line: "auto", inputs: AUTO }, expect: 201 }),
  "GET /admin/policies/quotes/{id}": async () => ({ path: `/admin/policies/quotes/${await staffQuote()}`, expect: 200 }),
  "POST /admin/policies/quotes/{id}/price": async () => ({
    path: `/admin/policies/quotes/${await staffQuote()}/price`,
    body: { plan: "terceros", optionalGuarantees: [], frequency: "anual" },
    expect: 200,
  }),
  // Each try sells the quote again with a key of its own: the first allowed one issues the policy.
  "POST /admin/policies": async () => ({ path: "/admin/policies", body: { quoteId: await staffQuote(), ...checkoutBody(nextNif()) }, expect: 201 }),
  "GET /admin/policies/{id}/documents/conditions": async () => ({
    path: `/admin/policies/${(await livePolicy()).id}/documents/conditions`,
    expect: 200,
  }),
  "GET /admin/policies/{id}/documents/recibos/{sequence}": async () => ({
    path: `/admin/policies/${(await livePolicy()).id}/documents/recibos/2`,
    expect: 200,
  }),
  "GET /admin/policies/{id}/documents/recibos/{sequence}/receipt": async () => ({
    path: `/admin/policies/${(await livePolicy()).id}/documents/recibos/1/receipt`,
    expect: 200,
  }),
  "PATCH /admin/policies/{id}": async () => ({
    path: `/admin/policies/${(await livePolicy()).id}`,
    body: { iban: "ES91 2100 0418 4502 0005 1332" },
    expect: 200,
  }),
  "POST /admin/policies/{id}/suspend": async () => ({
    path: `/admin/policies/${(await livePolicy()).id}/suspend`,
    body: { reason: "Prueba de permisos" },
    expect: 200,
  }),
  "POST /admin/policies/{id}/reactivate": async () => ({ path: `/admin/policies/${(await livePolicy("suspendida")).id}/reactivate`, expect: 200 }),
  "POST /admin/policies/{id}/cancel": async () => ({
    path: `/admin/policies/${(await livePolicy()).id}/cancel`,
    body: { reason: "peticion_cliente", effectiveDate: today() },
    expect: 200,
  }),
  "POST /admin/policies/{id}/stop-renewal": async () => ({
    path: `/admin/policies/${(await livePolicy()).id}/stop-renewal`,
    body: { by: "aseguradora" },
    expect: 200,
  }),
  // Ten months into the term: the renewal window is open.
  "POST /admin/policies/{id}/renew": async () => ({
    path: `/admin/policies/${(await livePolicy("en_vigor", addMonths(today(), -11))).id}/renew`,
    expect: 200,
  }),
  "POST /admin/policies/{id}/notes": async () => ({
    path: `/admin/policies/${(await livePolicy()).id}/notes`,
    body: { body: "Llamó el cliente" },
    expect: 200,
  }),
  "GET /admin/policies/{id}/payments": async () => ({ path: `/admin/policies/${(await livePolicy()).id}/payments`, expect: 200 }),
  "POST /admin/policies/{id}/recibos/{reciboId}/charge": async () => reciboCall("charge"),
  "POST /admin/policies/{id}/recibos/{reciboId}/return": async () => reciboCall("return", { reason: "Devuelto por el banco" }),
  "POST /admin/policies/{id}/recibos/{reciboId}/mark-paid": async () => reciboCall("mark-paid", { reference: "TRF-0001" }),
  "POST /admin/policies/{id}/recibos/{reciboId}/cancel": async () => reciboCall("cancel", {}),
  "POST /admin/policies/{id}/recibos/{reciboId}/refund": async () => reciboCall("refund", undefined, 1),
  "POST /admin/lifecycle/run": async () => ({ path: "/admin/lifecycle/run", expect: 202 }),
  // The run the case above started, once it has ended (so that it works on nothing the cases after it use).
  "GET /admin/lifecycle/runs/{id}": async () => {
    const [last] = await database.db.select().from(lifecycleJobs).orderBy(desc(lifecycleJobs.id)).limit(1);
    expect(last, "the run started by POST /admin/lifecycle/run").toBeDefined();
    return { path: `/admin/lifecycle/runs/${(await untilEnded(server.url, superToken, last!.id)).id}`, expect: 200 };
  },
  "GET /admin/payments/refunds": async () => ({ path: "/admin/payments/refunds?status=pendiente", expect: 200 }),
  "POST /admin/payments/refunds/{id}/mark-paid": async () => {
    // A refund owed by transfer (a SEPA recibo's extorno), as the lifecycle writes it.
    const p = await livePolicy();
    const [refund] = await database.db
      .insert(refunds)
      .values({
        policyId: p.id,
        reciboId: p.recibos[0]!.id,
        amountCents: 1_000,
        cause: "anulacion",
        reason: "prueba",
        method: "sepa",
        idempotencyKey: unique("extorno"),
      })
      .returning();
    return { path: `/admin/payments/refunds/${refund!.id}/mark-paid`, body: { reference: "TRF-2026-0001" }, expect: 200 };
  },
  // The bank's return files (ADR 030): each import a file of its own, for a recibo remitted for it.
  "POST /admin/payments/returns": async () => ({ path: "/admin/payments/returns", body: await returnFileBody(), expect: 200 }),
  "GET /admin/payments/returns": async () => ({ path: "/admin/payments/returns", expect: 200 }),
  "GET /admin/payments/returns/{id}": async () => {
    const imported = await json<{ import: { id: number } }>("post", "/admin/payments/returns", {
      body: await returnFileBody(),
      token: superToken,
      status: 200,
    });
    return { path: `/admin/payments/returns/${imported.import.id}`, expect: 200 };
  },
  "GET /admin/payments/recibos": async () => ({ path: "/admin/payments/recibos?status=pendiente&line=hogar&sort=amount", expect: 200 }),
  "GET /admin/payments/recibos/export": async () => ({ path: "/admin/payments/recibos/export?method=card", expect: 200 }),
  "GET /admin/payments/recibos/{id}": async () => ({ path: `/admin/payments/recibos/${(await livePolicy()).recibos[0]!.id}`, expect: 200 }),
  "GET /admin/payments/card-retry": async () => ({ path: "/admin/payments/card-retry?line=auto", expect: 200 }),
  // A selection that cannot match (amounts no recibo has): the run answers 409 with the permission, 403 without it.
  "POST /admin/payments/card-retry": async () => ({
    path: "/admin/payments/card-retry",
    body: { filters: { amountMin: 1, amountMax: 1 }, asOf: new Date().toISOString(), expectedCount: 1, expectedTotalCents: 1 },
    expect: 409,
  }),
  "GET /admin/payments/reconciliation": async () => ({ path: "/admin/payments/reconciliation", expect: 200 }),
  "GET /admin/clients": async () => ({ path: "/admin/clients?q=cliente&stage=prospecto&inForce=false", expect: 200 }),
  "GET /admin/clients/export": async () => ({ path: "/admin/clients/export?sort=createdAt&dir=desc", expect: 200 }),
  "GET /admin/clients/{id}": async (fx) => ({ path: `/admin/clients/${fx.clientId}`, expect: 200 }),
  "PATCH /admin/clients/{id}": async (fx) => ({ path: `/admin/clients/${fx.clientId}`, body: { city: "Soria" }, expect: 200 }),
  "POST /admin/clients/{id}/notes": async (fx) => ({ path: `/admin/clients/${fx.clientId}/notes`, body: { body: "Llamar el lunes" }, expect: 201 }),
  "GET /admin/clients/{id}/gdpr-export": async (fx) => ({ path: `/admin/clients/${fx.clientId}/gdpr-export`, expect: 200 }),
  // A prospect of its own: erasing it is allowed at once, and only once.
  "POST /admin/clients/{id}/erase": async () => ({ path: `/admin/clients/${await insertClient()}/erase`, expect: 200 }),
  // The guarantee catalogue: each write case on a guarantee of its own.
  "GET /admin/guarantees": async () => ({ path: "/admin/guarantees?line=auto&state=activa&q=lunas&sort=name", expect: 200 }),
  "GET /admin/guarantees/export": async () => ({ path: "/admin/guarantees/export?line=hogar", expect: 200 }),
  "GET /admin/guarantees/{id}": async () => ({ path: `/admin/guarantees/${await newGuarantee()}`, expect: 200 }),
  "POST /admin/guarantees": async () => ({ path: "/admin/guarantees", body: guaranteeBody(), expect: 201 }),
  "PATCH /admin/guarantees/{id}": async () => ({ path: `/admin/guarantees/${await newGuarantee()}`, body: { name: "Nombre cambiado" }, expect: 200 }),
  "POST /admin/guarantees/{id}/prices": async () => ({
    path: `/admin/guarantees/${await newGuarantee()}/prices`,
    body: { priceType: "percent", priceValue: 500, validFrom: today() },
    expect: 201,
  }),
  "POST /admin/guarantees/{id}/activate": async () => ({ path: `/admin/guarantees/${await newGuarantee(false)}/activate`, expect: 200 }),
  "POST /admin/guarantees/{id}/deactivate": async () => ({ path: `/admin/guarantees/${await newGuarantee()}/deactivate`, expect: 200 }),
  // SEPA remittances (ADR 029): each write on a SEPA policy of its own.
  "GET /admin/payments/remittances": async () => ({ path: "/admin/payments/remittances?page=1", expect: 200 }),
  "POST /admin/payments/remittances/preview": async () => ({
    path: "/admin/payments/remittances/preview",
    body: { collectionDate: collectionDate() },
    expect: 200,
  }),
  "POST /admin/payments/remittances": async () => ({ path: "/admin/payments/remittances", body: await remittanceBody(), expect: 201 }),
  "GET /admin/payments/remittances/{id}": async () => ({ path: `/admin/payments/remittances/${await newRemittance()}`, expect: 200 }),
  "GET /admin/payments/remittances/{id}/file": async () => ({ path: `/admin/payments/remittances/${await newRemittance()}/file`, expect: 200 }),
  "GET /admin/policies/{id}/documents/mandate": async () => {
    const body = await remittanceBody();
    return { path: `/admin/policies/${body.policyId}/documents/mandate`, expect: 200 };
  },
  "GET /admin/settings": async () => ({ path: "/admin/settings", expect: 200 }),
  "GET /admin/settings/{key}": async () => ({ path: "/admin/settings/clea_bp", expect: 200 }),
  "POST /admin/settings/{key}": async () => ({
    path: "/admin/settings/return_fee_cents",
    body: { value: 0, effectiveFrom: "2099-01-01" },
    expect: 201,
  }),
  "DELETE /admin/settings/{key}/versions/{id}": async () => ({
    path: `/admin/settings/return_fee_cents/versions/${await scheduledFeeVersion()}`,
    expect: 200,
  }),
  "GET /admin/reports/{report}": async () => ({ path: "/admin/reports/recibos?from=2026-01-01&to=2026-01-31", expect: 200 }),
  "GET /admin/reports/{report}/export": async () => ({
    path: "/admin/reports/recibos/export?from=2026-01-01&to=2026-01-31&table=cobros",
    expect: 200,
  }),
  // Stored documents (ADR 036): a policy's conditions issued by a download, or an upload's row.
  "GET /admin/documents": async () => ({ path: "/admin/documents?kind=condiciones&sort=title", expect: 200 }),
  "GET /admin/documents/export": async () => ({ path: "/admin/documents/export?by=system", expect: 200 }),
  "GET /admin/documents/{id}": async () => ({ path: `/admin/documents/${await issuedConditions()}`, expect: 200 }),
  "POST /admin/documents/{id}/regenerate": async () => ({ path: `/admin/documents/${await issuedConditions()}/regenerate`, expect: 200 }),
  "DELETE /admin/documents/{id}": async () => ({
    path: `/admin/documents/${(await insertUploadRow(database.db, (await livePolicy()).id)).id}`,
    expect: 200,
  }),
  // The client pipeline (ADR 041).
  "GET /admin/client-pipeline/board": async () => ({ path: "/admin/client-pipeline/board?line=auto&stale=false", expect: 200 }),
  "GET /admin/client-pipeline/clients": async () => ({ path: "/admin/client-pipeline/clients?stage=prospecto&sort=premium", expect: 200 }),
  "GET /admin/client-pipeline/clients/export": async () => ({ path: "/admin/client-pipeline/clients/export?minAgeDays=0", expect: 200 }),
  "POST /admin/client-pipeline/clients/{id}/move": async (fx) => ({
    path: `/admin/client-pipeline/clients/${fx.clientId}/move`,
    body: { stage: "en_riesgo", reason: "Prueba de permisos" },
    expect: 200,
  }),
  // The outbox (ADR 039): a message queued here, pending (cancel) or sent (resend).
  "GET /admin/emails": async () => ({ path: "/admin/emails?status=pendiente&sort=to", expect: 200 }),
  "GET /admin/emails/export": async () => ({ path: "/admin/emails/export?template=prueba", expect: 200 }),
  "GET /admin/emails/{id}": async () => ({ path: `/admin/emails/${await queuedEmail()}`, expect: 200 }),
  "GET /admin/emails/{id}/html": async () => ({ path: `/admin/emails/${await queuedEmail()}/html`, expect: 200 }),
  "POST /admin/emails/{id}/resend": async () => ({ path: `/admin/emails/${await queuedEmail("enviado")}/resend`, expect: 201 }),
  "POST /admin/emails/{id}/cancel": async () => ({ path: `/admin/emails/${await queuedEmail()}/cancel`, expect: 200 }),
  ...documentEndpointCases(() => livePolicy()),
  "GET /admin/pipeline/board": async () => ({ path: "/admin/pipeline/board?owner=me&line=auto&minAgeDays=0&stale=false", expect: 200 }),
  "GET /admin/pipeline/leads": async () => ({ path: "/admin/pipeline/leads?q=ana&sort=nextAction&stage=nuevo", expect: 200 }),
  "GET /admin/pipeline/owners": async () => ({ path: "/admin/pipeline/owners", expect: 200 }),
  "POST /admin/pipeline/leads": async () => ({ path: "/admin/pipeline/leads", body: { name: "Ana Prueba", phone: "600123456" }, expect: 201 }),
  "GET /admin/pipeline/leads/export": async () => ({ path: "/admin/pipeline/leads/export?sort=premium", expect: 200 }),
  "GET /admin/pipeline/leads/{id}": async () => ({ path: `/admin/pipeline/leads/${await unassignedLead()}`, expect: 200 }),
  // An unassigned lead: pipeline:write alone may work it (moving it takes it).
  "PATCH /admin/pipeline/leads/{id}": async () => ({
    path: `/admin/pipeline/leads/${await unassignedLead()}`,
    body: { notes: "Llamar" },
    expect: 200,
  }),
  "POST /admin/pipeline/leads/{id}/move": async () => ({
    path: `/admin/pipeline/leads/${await unassignedLead()}/move`,
    body: { stage: "contactado" },
    expect: 200,
  }),
  "GET /admin/claims": async () => ({ path: "/admin/claims?status=abierto&line=hogar&handler=none&minAgeDays=0&sort=reserve&q=SIN-", expect: 200 }),
  "GET /admin/claims/handlers": async () => ({ path: "/admin/claims/handlers", expect: 200 }),
  "GET /admin/claims/{id}": async () => ({ path: `/admin/claims/${await claimIn("abierto")}`, expect: 200 }),
  "POST /admin/claims/{id}/assign": async () => ({ path: `/admin/claims/${await claimIn("abierto")}/assign`, body: { handlerId: 1 }, expect: 200 }),
  "POST /admin/claims/{id}/status": async () => ({
    path: `/admin/claims/${await claimIn("abierto")}/status`,
    body: { status: "en_revision" },
    expect: 200,
  }),
  "POST /admin/claims/{id}/reserve": async () => ({
    path: `/admin/claims/${await claimIn("abierto")}/reserve`,
    body: { reserveCents: "1.200", reason: "Presupuesto del fontanero" },
    expect: 200,
  }),
  "POST /admin/claims/{id}/accept": async () => ({
    path: `/admin/claims/${await claimIn("en_revision")}/accept`,
    body: { acceptedCents: 90_000 },
    expect: 200,
  }),
  "POST /admin/claims/{id}/reject": async () => ({
    path: `/admin/claims/${await claimIn("abierto")}/reject`,
    body: { reason: "La fuga viene de una tubería de la comunidad, que no es suya." },
    expect: 200,
  }),
  "POST /admin/claims/{id}/pay": async () => ({
    path: `/admin/claims/${await claimIn("aceptado")}/pay`,
    body: { iban: "ES91 2100 0418 4502 0005 1332" },
    expect: 200,
  }),
  "POST /admin/claims/{id}/messages": async () => ({
    path: `/admin/claims/${await claimIn("abierto")}/messages`,
    body: { body: "Hola, ¿nos puedes enviar una foto del parqué?" },
    expect: 200,
  }),
  "POST /admin/claims/{id}/document-requests": async () => ({
    path: `/admin/claims/${await claimIn("abierto")}/document-requests`,
    body: { kind: "factura", note: "El presupuesto del fontanero" },
    expect: 200,
  }),
  "POST /admin/claims/{id}/expert": async () => ({
    path: `/admin/claims/${await claimIn("en_revision")}/expert`,
    body: { name: "Peritaciones Levante", phone: "600 111 222" },
    expect: 200,
  }),
  "POST /admin/claims/{id}/files": async () => ({ path: `/admin/claims/${await claimIn("abierto")}/files`, body: expertReport(), expect: 201 }),
  "GET /admin/claims/{id}/files/{fileId}": async () => {
    const id = await claimIn("abierto");
    const claim = await json<{ thread: { files: { id: number }[] } }>("post", `/admin/claims/${id}/files`, {
      token: superToken,
      body: expertReport(),
      status: 201,
    });
    return { path: `/admin/claims/${id}/files/${claim.thread.files[0]!.id}`, expect: 200 };
  },
  "GET /admin/email/templates": async () => ({ path: "/admin/email/templates", expect: 200 }),
  "GET /admin/email/templates/{key}": async () => ({ path: "/admin/email/templates/no-renovacion", expect: 200 }),
  "POST /admin/email/templates/{key}/versions": async () => ({ path: "/admin/email/templates/prueba/versions", body: PRUEBA_DRAFT, expect: 201 }),
  "POST /admin/email/templates/{key}/reset": async () => ({ path: "/admin/email/templates/prueba/reset", expect: 201 }),
  "POST /admin/email/templates/{key}/preview": async () => ({ path: "/admin/email/templates/prueba/preview", body: PRUEBA_DRAFT, expect: 200 }),
  "POST /admin/email/templates/{key}/test": async () => ({ path: "/admin/email/templates/prueba/test", expect: 201 }),
};

const pairKey = (e: { permission: string; also: string }) => `${e.permission}+${e.also}`;

/** A message in the outbox, pending or already sent; its id. */
async function queuedEmail(status: "pendiente" | "enviado" = "pendiente"): Promise<number> {
  const id = await enqueueEmail(
    database.db,
    { template: "prueba", to: "permisos@cotiza.test", subject: "Prueba de permisos", text: "Hola." },
    new Date(),
  );
  if (status === "enviado") await database.db.update(outboxEmails).set({ status, sentAt: new Date(), attempts: 1 }).where(eq(outboxEmails.id, id));
  return id;
}

/** A fresh policy's conditions, issued into the store by a staff download; its document id. */
async function issuedConditions(): Promise<string> {
  const p = await livePolicy();
  expect((await call("get", `/admin/policies/${p.id}/documents/conditions`, { token: superToken })).status).toBe(200);
  const [row] = await database.db.select({ id: documents.id }).from(documents).where(eq(documents.policyId, p.id));
  return row!.id;
}
const collectionDate = () => addBusinessDays(madridDate(new Date()), 3);
/** A SEPA policy of its own with its recibo 2 due now, and the request that remits it. */
async function remittanceBody() {
  const p = await insertTestPolicy(database.db, { startDate: today(), createdAt: new Date(), frequency: "mensual" });
  await database.db.update(policies).set({ paymentMethod: "sepa", iban: "ES9121000418450200051332" }).where(eq(policies.id, p.id));
  await database.db.update(recibos).set({ dueDate: today() }).where(eq(recibos.id, p.recibos[1]!.id));
  await insertMandate(database.db, {
    policyId: p.id,
    policyNumber: p.number,
    debtorName: p.name,
    iban: "ES9121000418450200051332",
    signedOn: today(),
    sequenceType: "FRST",
    at: new Date(),
  });
  return {
    selection: { collectionDate: collectionDate(), dueFrom: today(), dueTo: today() },
    requestKey: `permisos-${p.id}-${Date.now()}`,
    policyId: p.id,
  };
}
const newRemittance = async () =>
  (await json<{ id: number }>("post", "/admin/payments/remittances", { token: superToken, body: await remittanceBody(), status: 201 })).id;

let guarantees = 0;
const guaranteeBody = (active = true) => ({
  line: "auto",
  code: `permisos_${++guarantees}_${Date.now().toString(36)}`,
  name: "Garantía de prueba de permisos",
  description: "Una garantía creada por la prueba de permisos.",
  includedIn: [],
  optionalIn: ["terceros"],
  priceType: "fixed",
  priceValue: 1500,
  active,
});
const newGuarantee = async (active = true) =>
  (await json<{ id: number }>("post", "/admin/guarantees", { token: superToken, body: guaranteeBody(active), status: 201 })).id;

const today = () => madridDate(new Date());
/** A change of a setting scheduled far ahead, which may still be withdrawn (ADR 038). */
const scheduledFeeVersion = async () =>
  (
    await json<{ history: { id: number }[] }>("post", "/admin/settings/return_fee_cents", {
      token: superToken,
      body: { value: 150, effectiveFrom: "2099-06-01" },
      status: 201,
    })
  ).history[0]!.id;
const staffQuote = async () =>
  (await json<{ id: string }>("post", "/admin/policies/quotes", { token: superToken, body: { line: "auto", inputs: AUTO }, status: 201 })).id;
let nifs = 0;
const nextNif = () => {
  const digits = String(61_000_000 + ++nifs);
  return `${digits}${nifCheckLetter(digits)}`;
};
const livePolicy = (status: "en_vigor" | "suspendida" = "en_vigor", startDate = today()) =>
  insertTestPolicy(database.db, { startDate, createdAt: new Date(), status, frequency: "trimestral" });
/** A one-line CSV returning recibo 2 of a fresh policy, remitted for it. */
async function returnFileBody() {
  const p = await livePolicy();
  const remittance = await remitRecibos(database.db, [p.recibos.find((r) => r.sequence === 2)!.id]);
  const csv = returnsCsv([{ endToEndId: remittance.items[0]!.endToEndId, code: "AM04" }]);
  return { fileName: "devoluciones.csv", contentBase64: Buffer.from(csv).toString("base64") };
}
/** A recibo action on a fresh policy: recibo 2 (pending) by default, or the paid recibo 1. */
async function reciboCall(action: string, body?: unknown, sequence = 2): Promise<Call> {
  const p = await livePolicy();
  const recibo = p.recibos.find((r) => r.sequence === sequence)!;
  return { path: `/admin/policies/${p.id}/recibos/${recibo.id}/${action}`, body, expect: 200 };
}

describe("la protección de cada endpoint de administración", () => {
  let fx: Fixtures;
  let visitorToken: string;
  /** For each permission: an admin holding only it, and one holding everything but it. */
  // Keyed by a permission, or by the pair of an endpoint that demands two (pairKey).
  const onlyToken = new Map<string, string>();
  const allButToken = new Map<PermissionName, string>();
  let noPermissionToken: string;

  beforeAll(async () => {
    const emptyRole = await createRole({});
    const plain = await createUser(emptyRole.id);
    fx = { emptyRoleId: emptyRole.id, plainUserId: plain.id, plainUserEmail: plain.email, clientId: await insertClient() };
    noPermissionToken = await login(plain.email);

    const email = `${unique("visitante")}@example.com`;
    const registered = await json<{ token: string }>("post", "/auth/register", {
      body: { name: "Visitante de Prueba", email, password: PASSWORD },
      status: 201,
    });
    visitorToken = registered.token;

    const needed = [...new Set(ADMIN_ENDPOINTS.map((e) => e.permission).filter((p): p is NonNullable<typeof p> => p !== null))];
    for (const permission of needed) {
      onlyToken.set(permission, (await adminWith({ [permission]: true })).token);
      allButToken.set(permission, (await adminWith({ ...allPermissions(), [permission]: false })).token);
    }
    // An endpoint that demands two permissions: the pair alone opens it.
    for (const e of ADMIN_ENDPOINTS) if ("also" in e) onlyToken.set(pairKey(e), (await adminWith({ [e.permission]: true, [e.also]: true })).token);
  });

  it("cada endpoint de la tabla tiene su caso de prueba", () => {
    for (const e of ADMIN_ENDPOINTS) expect(CASES[keyOf(e.method, e.path) as EndpointKey], keyOf(e.method, e.path)).toBeTypeOf("function");
  });

  for (const endpoint of ADMIN_ENDPOINTS) {
    const key = keyOf(endpoint.method, endpoint.path) as EndpointKey;
    const what = endpoint.permission ? `solo con ${endpoint.permission}` : "con cualquier sesión de administrador";
    it(`${key}: 401 sin token y con token de visitante, 403 sin el permiso, 2xx ${what}`, async () => {
      const request = await CASES[key](fx);
      const send = (token: string | null) => call(endpoint.method, request.path, { token, body: request.body });

      const anonymous = await send(null);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: "Sesión no válida o caducada" });
      expect((await send(visitorToken)).status).toBe(401);
      expect((await send(`${superToken.slice(0, -2)}xx`)).status).toBe(401);

      if (endpoint.permission) {
        const denied = await send(allButToken.get(endpoint.permission)!);
        expect(denied.status).toBe(403);
        expect(await denied.json()).toEqual(FORBIDDEN);
      }
      if ("also" in endpoint) {
        const deniedAlso = await send(allButToken.get(endpoint.also)!);
        expect(deniedAlso.status).toBe(403);
        expect((await send(onlyToken.get(endpoint.permission)!)).status, "solo con el primer permiso").toBe(403);
      }

      const token =
        request.token ??
        ("also" in endpoint ? onlyToken.get(pairKey(endpoint))! : endpoint.permission ? onlyToken.get(endpoint.permission)! : noPermissionToken);
      const allowed = await send(token);
      expect(allowed.status, await allowed.clone().text()).toBe(request.expect);
    });
  }
});
