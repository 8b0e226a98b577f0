// /admin/documents over the API (ADR 036): its filters and search, who may use each staff document
// endpoint (a comercial holds policies:read but not documents:read: 403 everywhere, the policy's
// PDFs included), deleting an upload (audited, soft), and that a customer never gets a document of
// another person's policy, by id, by version or by sequence (IDOR).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, documents, quotes } from "../../api/db/schema";
import { SEED_ROLE_PERMISSIONS } from "../../api/domain/permissions";
import { documentSeries } from "../../api/services/stored-documents";
import { customerWithPolicy, documentsEnv, insertUploadRow, send, staffWith, superToken, type DocumentsEnv } from "../support/documents";

let env: DocumentsEnv;
let admin: string;
let a: Awaited<ReturnType<typeof customerWithPolicy>>;
let b: Awaited<ReturnType<typeof customerWithPolicy>>;
beforeAll(async () => {
  env = await documentsEnv();
  admin = await superToken(env);
  a = await customerWithPolicy(env);
  b = await customerWithPolicy(env);
});
afterAll(async () => env?.database.close());

type Row = {
  id: string;
  kind: string;
  version: number;
  policy: { number: string } | null;
  client: { id: number; nif: string | null } | null;
  createdBy: { type: string };
};
const list = async (query: string, token = admin) => {
  const answer = await send(env, "GET", `/admin/documents?${query}`, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { items: Row[]; total: number };
};

describe("la lista de documentos", () => {
  it("filtra por póliza, cliente, tipo, fechas y quién, y busca por número de póliza o NIF", async () => {
    const ofA = await list(`policy=${a.number}`);
    expect(ofA.total).toBe(3);
    expect(ofA.items.every((i) => i.policy?.number === a.number)).toBe(true);
    expect(new Set(ofA.items.map((i) => i.kind))).toEqual(new Set(["condiciones", "ipid", "recibo"]));
    // Lower case is the same number.
    expect((await list(`policy=${a.number.toLowerCase()}`)).total).toBe(3);

    const clientId = ofA.items[0]!.client!.id;
    expect((await list(`client=${clientId}`)).items.every((i) => i.client?.id === clientId)).toBe(true);
    expect((await list(`client=${clientId}&kind=recibo`)).items.map((i) => i.kind)).toEqual(["recibo"]);

    // Search: the policy number (or its start) and the client's NIF.
    expect((await list(`q=${a.number}`)).items.every((i) => i.policy?.number === a.number)).toBe(true);
    const byNif = await list(`q=${b.nif.toLowerCase()}`);
    expect(byNif.total).toBe(3);
    expect(byNif.items.every((i) => i.policy?.number === b.number)).toBe(true);

    // Dates (Madrid days) and who issued them.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
    expect((await list(`policy=${a.number}&from=${today}&to=${today}`)).total).toBe(3);
    expect((await list(`policy=${a.number}&to=2020-01-01`)).total).toBe(0);
    expect((await list(`policy=${a.number}&by=system`)).total).toBe(3);
    expect((await list(`policy=${a.number}&by=customer`)).total).toBe(0);
    await send(env, "GET", `/me/policies/${a.policyId}/recibos/1/receipt`, a.token);
    expect((await list(`policy=${a.number}&by=customer`)).items.map((i) => i.kind)).toEqual(["justificante"]);

    // Refused filters: 400 with the field named.
    const bad = await send(env, "GET", "/admin/documents?kind=carta&from=31-02-2026", admin);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors as object).sort()).toEqual(["from", "kind"]);

    // Sorted by title and the CSV of the same selection.
    const byTitle = await list(`policy=${a.number}&sort=title&dir=asc`);
    const titles = byTitle.items.map((i) => (i as unknown as { title: string }).title);
    expect(titles).toEqual([...titles].sort((x, y) => x.localeCompare(y, "es")));
    const csv = await send(env, "GET", `/admin/documents/export?policy=${a.number}`, admin);
    expect(csv.status).toBe(200);
    const lines = csv.bytes.toString("utf8").trim().split(/\r?\n/);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain("Título;Tipo;Versión;Póliza");
  });

  it("un documento subido se elimina (documents:write): deja de listarse, no se descarga y queda auditado", async () => {
    const upload = await insertUploadRow(env.database.db, a.policyId);
    expect((await list(`policy=${a.number}&kind=subido`)).total).toBe(1);
    const reader = await staffWith(env, { "documents:read": true });
    expect((await send(env, "DELETE", `/admin/documents/${upload.id}`, reader)).status).toBe(403);
    const deleted = await send(env, "DELETE", `/admin/documents/${upload.id}`, admin);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await list(`policy=${a.number}&kind=subido`)).total).toBe(0);
    expect((await send(env, "GET", `/admin/documents/${upload.id}/download`, admin)).status).toBe(404);
    expect((await send(env, "DELETE", `/admin/documents/${upload.id}`, admin)).status).toBe(409);
    const [audit] = await env.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "document.deleted"), eq(auditLog.entityId, upload.id)));
    expect(audit?.before).toMatchObject({ id: upload.id, sha256: upload.sha256 });
    // A generated document is not deleted: it is regenerated.
    const [conditions] = await env.database.db
      .select()
      .from(documents)
      .where(eq(documents.seriesKey, documentSeries.conditions(a.policyId, 1)));
    expect((await send(env, "DELETE", `/admin/documents/${conditions!.id}`, admin)).status).toBe(409);
  });
});

describe("permisos de los documentos del equipo", () => {
  it("un comercial (policies:read sin documents:read) recibe 403 en cada endpoint de documentos, también en los PDF de la póliza", async () => {
    const comercial = await staffWith(env, SEED_ROLE_PERMISSIONS.comercial);
    expect(SEED_ROLE_PERMISSIONS.comercial["policies:read"]).toBe(true);
    const [conditions] = await env.database.db
      .select()
      .from(documents)
      .where(eq(documents.seriesKey, documentSeries.conditions(a.policyId, 1)));
    const calls: [string, string][] = [
      ["GET", "/admin/documents"],
      ["GET", "/admin/documents/export"],
      ["GET", `/admin/documents/${conditions!.id}`],
      ["GET", `/admin/documents/${conditions!.id}/download`],
      ["POST", `/admin/documents/${conditions!.id}/regenerate`],
      ["DELETE", `/admin/documents/${conditions!.id}`],
      ["GET", `/admin/policies/${a.policyId}/documents/conditions`],
      ["GET", `/admin/policies/${a.policyId}/documents/recibos/1`],
      ["GET", `/admin/policies/${a.policyId}/documents/recibos/1/receipt`],
      ["GET", `/admin/policies/${a.policyId}/documents/mandate`],
    ];
    for (const [method, p] of calls) expect((await send(env, method, p, comercial)).status, `${method} ${p}`).toBe(403);
    // The policy itself they still read.
    expect((await send(env, "GET", `/admin/policies/${a.policyId}`, comercial)).status).toBe(200);
    // With documents:read alone: the list and the policy's PDF, not the regeneration.
    const reader = await staffWith(env, { "documents:read": true });
    expect((await send(env, "GET", `/admin/policies/${a.policyId}/documents/conditions`, reader)).status).toBe(200);
    expect((await send(env, "GET", `/admin/documents/${conditions!.id}`, reader)).status).toBe(200);
    expect((await send(env, "POST", `/admin/documents/${conditions!.id}/regenerate`, reader)).status).toBe(403);
  });
});

describe("un cliente nunca recibe un documento de otra póliza (IDOR)", () => {
  it("por póliza, versión, número de recibo, justificante, mandato y cotización: 404 como si no existiera", async () => {
    const [quote] = await env.database.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.userId, a.userId));
    const paths = [
      `/me/policies/${a.policyId}/documents/conditions`,
      `/me/policies/${a.policyId}/documents/conditions?version=1`,
      `/me/policies/${a.policyId}/documents/conditions?version=2`,
      `/me/policies/${a.policyId}/recibos/1/document`,
      `/me/policies/${a.policyId}/recibos/2/document`,
      `/me/policies/${a.policyId}/recibos/1/receipt`,
      `/me/policies/${a.policyId}/documents/mandate`,
      `/quotes/${quote!.id}/document`,
    ];
    for (const p of paths) {
      const answer = await send(env, "GET", p, b.token);
      expect(answer.status, p).toBe(404);
      expect(answer.bytes.length, p).toBe(0);
    }
    // Their own, yes; and the stored rows of A's policy were not issued by B's attempts.
    expect((await send(env, "GET", `/me/policies/${b.policyId}/documents/conditions`, b.token)).status).toBe(200);
    const rowsOfA = await env.database.db.select().from(documents).where(eq(documents.policyId, a.policyId));
    expect(rowsOfA.some((r) => r.createdById === String(b.userId))).toBe(false);
    // Staff document ids are not a customer's door either.
    const [conditions] = rowsOfA.filter((r) => r.kind === "condiciones");
    expect((await send(env, "GET", `/admin/documents/${conditions!.id}/download`, b.token)).status).toBe(401);
  });
});
