// What the customer and the handler share on a claim (api/services/claim-thread.ts; ADR 042): the
// thread with its read marks and the handler's e-mail, a document asked for and answered by an
// upload (the request fulfilled, the file checked by content), a file added while drafting that
// stays with the declared claim, and another customer's claim reached as a missing one.
import { and, eq } from "drizzle-orm";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { claimThread } from "../../api/db/claim-thread.repo";
import { loadPolicyViews } from "../../api/db/policies.repo";
import { auditLog, outboxEmails, policies, users } from "../../api/db/schema";
import { claimDocumentRequests } from "../../api/db/schema-claims";
import { claimDeclarationSchema } from "../../api/contract/claims";
import { localDocumentStore } from "../../api/services/document-store/local";
import { declareClaim, type ClaimActor } from "../../api/services/claims";
import { addClaimFile, addDraftFile, postClaimMessage, readClaimThread, requestClaimDocument } from "../../api/services/claim-thread";
import type { StoredDocumentDeps } from "../../api/services/stored-documents";
import { createTestDatabase } from "../support/db";
import { insertTestPolicy, type TestPolicy } from "../support/policies";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode("%PDF-1.4\n%denuncia\n");

let database: DatabaseHandle;
let deps: StoredDocumentDeps;
let policy: TestPolicy;
let userId: number;
let otherUserId: number;
let claimId: number;
let now = new Date("2027-02-06T09:00:00.000Z");
const staff: ClaimActor = { actorType: "admin", actorId: 1, actorLabel: "admin@example.com" };
const customerActor = (): ClaimActor => ({ actorType: "user", actorId: userId, actorLabel: policy.email });

beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, documents: localDocumentStore(await mkdtemp(path.join(tmpdir(), "cotiza-siniestros-"))), now: () => now };
  policy = await insertTestPolicy(database.db, { startDate: "2027-01-01", createdAt: new Date("2026-12-20T10:00:00Z") });
  const made = await database.db
    .insert(users)
    .values([
      { name: policy.name, email: policy.email, passwordHash: "x" },
      { name: "Otra Persona", email: `otra-${Date.now()}@example.com`, passwordHash: "x" },
    ])
    .returning({ id: users.id });
  [userId, otherUserId] = [made[0]!.id, made[1]!.id];
  await database.db.update(policies).set({ userId }).where(eq(policies.id, policy.id));
});
afterAll(async () => {
  await database?.close();
});

describe("mientras declara", () => {
  it("una foto subida al borrador se queda con el siniestro declarado; un fichero que no es lo que dice se rechaza sin guardar nada", async () => {
    const [view] = await loadPolicyViews(database.db, { id: policy.id });
    await expect(
      addDraftFile(
        deps,
        view!,
        userId,
        { kind: "foto", file: { name: "foto.jpg", content: new TextEncoder().encode("no soy una foto") } },
        customerActor(),
      ),
    ).rejects.toMatchObject({
      status: 400,
    });
    const added = await addDraftFile(deps, view!, userId, { kind: "foto", file: { name: "salon.png", content: PNG } }, customerActor());
    expect(added.filename).toBe("salon.png");
    const declaration = claimDeclarationSchema("hogar", now).parse({
      eventType: "hogar_agua",
      occurredAt: "05/02/2027 20:30",
      place: "Calle Mayor 1, Madrid",
      description: "Se rompió el latiguillo del lavabo y el agua mojó el parqué del baño.",
      contactPhone: "600 123 456",
    });
    const { claim } = await declareClaim(database.db, { policyId: policy.id, userId, declaration }, customerActor(), now);
    claimId = claim.id;
    const thread = await claimThread(database.db, claimId);
    expect(thread.files).toEqual([expect.objectContaining({ kind: "foto", filename: "salon.png", contentType: "image/png", uploadedBy: "cliente" })]);
  });
});

describe("el hilo", () => {
  it("el tramitador escribe: el mensaje queda en el hilo, el cliente recibe un correo, y al contestar el cliente lo da por leído", async () => {
    now = new Date("2027-02-07T10:00:00.000Z");
    await postClaimMessage(database.db, claimId, { kind: "tramitador", adminId: 1 }, "¿Puede enviarnos una foto del latiguillo?", staff, now);
    const emails = await database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, policy.email), eq(outboxEmails.template, "siniestro-mensaje")));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toMatch(/^Tiene un mensaje sobre su siniestro SIN-/);

    now = new Date("2027-02-07T12:00:00.000Z");
    await readClaimThread(database.db, claimId, { kind: "cliente", userId }, now);
    await postClaimMessage(database.db, claimId, { kind: "cliente", userId }, "Se la envío esta tarde.", customerActor(), now);
    const thread = await claimThread(database.db, claimId);
    expect(thread.messages.map((m) => [m.author, m.body, m.readAt !== null])).toEqual([
      ["tramitador", "¿Puede enviarnos una foto del latiguillo?", true],
      ["cliente", "Se la envío esta tarde.", false],
    ]);
    expect(thread.messages[0]!.authorName).toBeTruthy();
  });

  it("otra persona no alcanza el siniestro: el mismo 404 que uno que no existe", async () => {
    await expect(
      postClaimMessage(database.db, claimId, { kind: "cliente", userId: otherUserId }, "Hola", customerActor(), now),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(postClaimMessage(database.db, 999_999, { kind: "cliente", userId }, "Hola", customerActor(), now)).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      addClaimFile(deps, claimId, { kind: "cliente", userId: otherUserId }, { kind: "foto", file: { name: "a.png", content: PNG } }, customerActor()),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("documentos pedidos", () => {
  let requestId: number;
  it("el tramitador pide la denuncia: queda abierta, en el historial y la auditoría, y el cliente recibe un correo que la nombra", async () => {
    requestId = (await requestClaimDocument(database.db, claimId, 1, { kind: "denuncia", note: "La copia sellada por la comisaría" }, staff, now)).id;
    const [email] = await database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, policy.email), eq(outboxEmails.template, "siniestro-documento-pedido")));
    expect(email!.body).toContain("Denuncia: La copia sellada por la comisaría");
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "claim.document_requested"), eq(auditLog.entityId, String(claimId))));
    expect(audit).toHaveLength(1);
    expect((await claimThread(database.db, claimId)).requests).toEqual([
      expect.objectContaining({ id: requestId, kind: "denuncia", fulfilledAt: null }),
    ]);
  });

  it("el cliente la envía: el fichero queda con la petición, la petición cumplida; enviarla otra vez es un 409", async () => {
    now = new Date("2027-02-08T09:00:00.000Z");
    await addClaimFile(
      deps,
      claimId,
      { kind: "cliente", userId },
      { kind: "otro", requestId, file: { name: "denuncia.pdf", content: PDF } },
      customerActor(),
    );
    const [request] = await database.db.select().from(claimDocumentRequests).where(eq(claimDocumentRequests.id, requestId));
    expect(request!.fulfilledAt?.toISOString()).toBe(now.toISOString());
    const thread = await claimThread(database.db, claimId);
    expect(thread.files.at(-1)).toMatchObject({ kind: "denuncia", requestId, filename: "denuncia.pdf", contentType: "application/pdf" });
    await expect(
      addClaimFile(
        deps,
        claimId,
        { kind: "cliente", userId },
        { kind: "otro", requestId, file: { name: "otra.pdf", content: PDF } },
        customerActor(),
      ),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("un fichero vacío o de otro tipo se rechaza con el motivo, sin guardar nada", async () => {
    const before = (await claimThread(database.db, claimId)).files.length;
    await expect(
      addClaimFile(
        deps,
        claimId,
        { kind: "tramitador", adminId: 1 },
        { kind: "informe_pericial", file: { name: "informe.pdf", content: new Uint8Array() } },
        staff,
      ),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      addClaimFile(
        deps,
        claimId,
        { kind: "tramitador", adminId: 1 },
        { kind: "informe_pericial", file: { name: "informe.pdf", content: new TextEncoder().encode("hola") } },
        staff,
      ),
    ).rejects.toMatchObject({ status: 400 });
    expect((await claimThread(database.db, claimId)).files).toHaveLength(before);
  });
});
