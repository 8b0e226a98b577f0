// The staff's side of a claim's thread over HTTP (issue 26, ADR 042): opening a claim shows the
// thread and, for whoever handles it, marks the customer's messages read (a reader does not);
// writing to the customer, asking for a document (not on a closed claim), appointing a perito
// (the claim moves to peritación when it may, recorded and audited; not on a rejected claim), the
// handler's files (checked by content) and their download. claims:read reads but changes nothing
// (403); an unknown claim or file is a 404.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminClaim } from "../../api/contract/admin-claims";
import { claimDeclarationSchema } from "../../api/contract/claims";
import { madridDate } from "../../api/domain/calendar";
import { outboxEmails, policies, users } from "../../api/db/schema";
import { claimEvents } from "../../api/db/schema-claims";
import { appointClaimExpert, changeClaimStatus, declareClaim, rejectClaim, type ClaimActor } from "../../api/services/claims";
import { postClaimMessage } from "../../api/services/claim-thread";
import { adminWith, auditRows, call, database, FORBIDDEN, json, setUpAdminApi } from "../support/admin-api";
import { insertTestPolicy } from "../support/policies";

setUpAdminApi();

const staff: ClaimActor = { actorType: "admin", actorId: 1, actorLabel: "prueba" };
const PDF = "%PDF-1.4\n%informe del perito\n";

/** A covered home claim declared today on a policy of 40 days (with a user account for the customer's messages); its id and owner. */
async function declared(): Promise<{ id: number; userId: number }> {
  const now = new Date();
  const policy = await insertTestPolicy(database.db, {
    startDate: madridDate(new Date(now.getTime() - 40 * 86_400_000)),
    createdAt: new Date(now.getTime() - 41 * 86_400_000),
  });
  const [user] = await database.db
    .insert(users)
    .values({ name: policy.name, email: `cliente-${policy.id}-${Date.now()}@example.com`, passwordHash: "x" })
    .returning({ id: users.id });
  await database.db.update(policies).set({ userId: user!.id }).where(eq(policies.id, policy.id));
  const declaration = claimDeclarationSchema("hogar", now).parse({
    eventType: "hogar_agua",
    occurredAt: `${madridDate(new Date(now.getTime() - 86_400_000))
      .split("-")
      .reverse()
      .join("/")} 10:00`,
    place: "Calle Mayor 1, Madrid",
    description: "Una fuga del lavabo ha mojado el suelo del baño y del pasillo.",
    amountClaimedCents: "1.000",
    contactPhone: "600 123 456",
    contactEmail: "cliente.siniestro@example.com",
  });
  const { claim } = await declareClaim(database.db, { policyId: policy.id, userId: null, declaration }, staff, now);
  return { id: claim.id, userId: claim.userId! };
}

function upload(kind: string | null, name: string, content: string): FormData {
  const form = new FormData();
  if (kind !== null) form.set("kind", kind);
  form.set("file", new File([content], name));
  return form;
}

describe("el hilo del siniestro para el personal", () => {
  it("al abrirlo quien tramita, los mensajes del cliente quedan leídos (quien solo lee no los marca); escribir le manda un correo", async () => {
    const handler = await adminWith({ "claims:read": true, "claims:write": true });
    const reader = await adminWith({ "claims:read": true });
    const { id, userId } = await declared();
    await postClaimMessage(
      database.db,
      id,
      { kind: "cliente", userId },
      "¿Cuándo vendrá el perito?",
      { actorType: "user", actorId: userId, actorLabel: "cliente" },
      new Date(),
    );

    const read = await json<AdminClaim>("get", `/admin/claims/${id}`, { token: reader.token, status: 200 });
    expect(read.can).toEqual({ write: false, pay: false });
    expect(read.thread.messages).toEqual([expect.objectContaining({ author: "cliente", body: "¿Cuándo vendrá el perito?", readAt: null })]);

    const opened = await json<AdminClaim>("get", `/admin/claims/${id}`, { token: handler.token, status: 200 });
    expect(opened.thread.messages[0]!.readAt).not.toBeNull();

    expect(await json("post", `/admin/claims/${id}/messages`, { token: reader.token, body: { body: "Hola" }, status: 403 })).toEqual(FORBIDDEN);
    const refused = await json<{ fieldErrors: Record<string, string[]> }>("post", `/admin/claims/${id}/messages`, {
      token: handler.token,
      body: { body: "   " },
      status: 400,
    });
    expect(refused.fieldErrors.body).toEqual(["Escribe el mensaje"]);
    const written = await json<AdminClaim>("post", `/admin/claims/${id}/messages`, {
      token: handler.token,
      body: { body: "Mañana por la mañana, entre las 9 y las 11." },
      status: 200,
    });
    expect(written.thread.messages.map((m) => [m.author, m.body])).toEqual([
      ["cliente", "¿Cuándo vendrá el perito?"],
      ["tramitador", "Mañana por la mañana, entre las 9 y las 11."],
    ]);
    const mails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.to, "cliente.siniestro@example.com"));
    expect(mails.map((m) => m.template)).toContain("siniestro-mensaje");
    await json("post", "/admin/claims/987654/messages", { token: handler.token, body: { body: "Hola" }, status: 404 });
  });

  it("pedir un documento: queda abierto en el hilo, con su correo; en un siniestro cerrado, 409", async () => {
    const handler = await adminWith({ "claims:read": true, "claims:write": true });
    const { id } = await declared();
    const bad = await json<{ fieldErrors: Record<string, string[]> }>("post", `/admin/claims/${id}/document-requests`, {
      token: handler.token,
      body: { kind: "pasaporte" },
      status: 400,
    });
    expect(bad.fieldErrors.kind).toEqual(["Elige el tipo de documento"]);
    const asked = await json<AdminClaim>("post", `/admin/claims/${id}/document-requests`, {
      token: handler.token,
      body: { kind: "factura", note: "El presupuesto del fontanero" },
      status: 200,
    });
    expect(asked.thread.requests).toEqual([expect.objectContaining({ kind: "factura", note: "El presupuesto del fontanero", fulfilledAt: null })]);
    expect(asked.history[0]).toMatchObject({ event: "documento_pedido" });

    await rejectClaim(database.db, id, { reason: "La fuga viene de la comunidad de propietarios, no de su vivienda." }, staff, new Date());
    await changeClaimStatus(database.db, id, { status: "cerrado" }, staff, new Date());
    const closed = await json<{ error: string }>("post", `/admin/claims/${id}/document-requests`, {
      token: handler.token,
      body: { kind: "factura" },
      status: 409,
    });
    expect(closed.error).toContain("cerrado");
  });
});

describe("el perito", () => {
  it("designarlo lo muestra en el siniestro, lo pasa a peritación si el estado lo permite y queda auditado; sin teléfono ni correo, 400; rechazado, 409", async () => {
    const handler = await adminWith({ "claims:read": true, "claims:write": true });
    const { id } = await declared();
    const noContact = await json<{ fieldErrors: Record<string, string[]> }>("post", `/admin/claims/${id}/expert`, {
      token: handler.token,
      body: { name: "Peritaciones Levante" },
      status: 400,
    });
    expect(noContact.fieldErrors.phone).toEqual(["Escribe un teléfono o un correo electrónico del perito"]);

    // Abierto: recorded, but the machine does not let it go straight to peritación.
    const atOpen = await json<AdminClaim>("post", `/admin/claims/${id}/expert`, {
      token: handler.token,
      body: { name: "Peritaciones Levante", email: "levante@peritos.example", note: "Visita el lunes" },
      status: 200,
    });
    expect(atOpen.status).toBe("abierto");
    expect(atOpen.expert).toMatchObject({ name: "Peritaciones Levante", email: "levante@peritos.example", phone: null, note: "Visita el lunes" });

    await changeClaimStatus(database.db, id, { status: "en_revision" }, staff, new Date());
    const moved = await json<AdminClaim>("post", `/admin/claims/${id}/expert`, {
      token: handler.token,
      body: { name: "Ana Perito", phone: "600 111 222" },
      status: 200,
    });
    expect(moved).toMatchObject({ status: "peritacion", expert: { name: "Ana Perito", phone: "600111222", email: null } });
    expect(moved.history[0]).toMatchObject({ event: "perito", summary: expect.stringContaining("Ana Perito") });
    const audits = await auditRows("claim.expert_appointed", id);
    expect(audits).toHaveLength(2);
    expect(audits.at(-1)).toMatchObject({ before: { status: "en_revision" }, after: expect.objectContaining({ status: "peritacion" }) });

    await rejectClaim(database.db, id, { reason: "La fuga viene de la comunidad de propietarios, no de su vivienda." }, staff, new Date());
    await expect(appointClaimExpert(database.db, id, { name: "Otro Perito", phone: "600 333 444" }, staff, new Date())).rejects.toMatchObject({
      status: 409,
    });
    const events = await database.db
      .select()
      .from(claimEvents)
      .where(and(eq(claimEvents.claimId, id), eq(claimEvents.event, "perito")));
    expect(events).toHaveLength(2);
  });
});

describe("los ficheros del tramitador", () => {
  it("el informe del perito se sube y se descarga; un fichero que no es lo que dice, 400 sin guardar nada; un siniestro o fichero que no existe, 404", async () => {
    const handler = await adminWith({ "claims:read": true, "claims:write": true });
    const reader = await adminWith({ "claims:read": true });
    const { id } = await declared();
    const fake = await json<{ fieldErrors: Record<string, string[]> }>("post", `/admin/claims/${id}/files`, {
      token: handler.token,
      body: upload("informe_pericial", "informe.pdf", "no soy un PDF"),
      status: 400,
    });
    expect(Object.keys(fake.fieldErrors)).toEqual(["file"]);
    const noKind = await json<{ fieldErrors: Record<string, string[]> }>("post", `/admin/claims/${id}/files`, {
      token: handler.token,
      body: upload(null, "informe.pdf", PDF),
      status: 400,
    });
    expect(noKind.fieldErrors.kind).toEqual(["Elige el tipo de documento"]);
    expect(
      (await call("post", `/admin/claims/${id}/files`, { token: reader.token, body: upload("informe_pericial", "informe.pdf", PDF) })).status,
    ).toBe(403);

    const added = await json<AdminClaim>("post", `/admin/claims/${id}/files`, {
      token: handler.token,
      body: upload("informe_pericial", "informe.pdf", PDF),
      status: 201,
    });
    expect(added.thread.files).toEqual([expect.objectContaining({ kind: "informe_pericial", filename: "informe.pdf", uploadedBy: "tramitador" })]);
    const fileId = added.thread.files[0]!.id;

    const download = await call("get", `/admin/claims/${id}/files/${fileId}`, { token: reader.token });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(await download.text()).toBe(PDF);

    const other = await declared();
    expect((await call("get", `/admin/claims/${other.id}/files/${fileId}`, { token: reader.token })).status).toBe(404);
    expect((await call("get", `/admin/claims/${id}/files/987654`, { token: reader.token })).status).toBe(404);
    expect((await call("get", "/admin/claims/987654", { token: reader.token })).status).toBe(404);
    await json("post", "/admin/claims/987654/files", { token: handler.token, body: upload("informe_pericial", "informe.pdf", PDF), status: 404 });
  });
});
