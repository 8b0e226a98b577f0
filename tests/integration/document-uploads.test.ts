// ADR 037 through the API over HTTP: a signed document uploaded to a policy or a client is stored
// (row, file under the store's folder, hash) and audited; a bad one (a text file renamed .pdf,
// empty, over the limit) gets its message and stores nothing; a comercial cannot upload. The
// certificate of insurance: one page (pdftoppm), naming the tomador, the dates and the insurer;
// refused with the reason when a due recibo is unpaid; a customer never gets another's.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, documents, policies, recibos, roles, users } from "../../api/db/schema";
import { formatIsoDate } from "../../api/contract/format";
import { madridDate } from "../../api/domain/calendar";
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "../../api/domain/uploaded-file";
import { localDocumentStore } from "../../api/services/document-store/local";
import { sha256Hex } from "../../api/services/document-store/store";
import {
  auditRows,
  call,
  createUser,
  database,
  FORBIDDEN,
  insertClient,
  json,
  login,
  PASSWORD,
  setUpAdminApi,
  superToken,
} from "../support/admin-api";
import { pdfText } from "../support/pdf-text";
import { insertTestPolicy } from "../support/policies";

const root = mkdtempSync(path.join(tmpdir(), "cotiza-subidas-"));
setUpAdminApi({ documents: localDocumentStore(root) });

const PDF = Buffer.from("%PDF-1.4\n%firmado por el tomador\n");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

const form = (title: string, content: Buffer, name: string, type = "application/pdf") => {
  const body = new FormData();
  body.set("title", title);
  body.set("file", new File([new Uint8Array(content)], name, { type }));
  return body;
};
/** Every file under the store's folder (year/month/uuid.ext). */
const storedFiles = (): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
const rowCount = async () => (await database.db.select({ id: documents.id }).from(documents)).length;
const uploadAudits = async () =>
  (await database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, "document.uploaded"))).length;
const today = () => madridDate(new Date());
const livePolicy = () => insertTestPolicy(database.db, { startDate: today(), createdAt: new Date(), line: "auto", frequency: "trimestral" });

describe("subir un documento firmado", () => {
  it("a una póliza: se guarda con su hash, se lista, se descarga igual y queda en la auditoría", async () => {
    const policy = await livePolicy();
    const answer = await json<{ id: string; kind: string; filename: string; contentType: string; sizeBytes: number }>(
      "post",
      `/admin/policies/${policy.id}/documents`,
      { token: superToken, body: form("Mandato firmado", PDF, "C:\\fakepath\\mandato firmado.pdf"), status: 201 },
    );
    expect(answer).toMatchObject({ kind: "subido", filename: "mandato-firmado.pdf", contentType: "application/pdf", sizeBytes: PDF.length });

    const [row] = await database.db.select().from(documents).where(eq(documents.id, answer.id));
    expect(row).toMatchObject({ policyId: policy.id, clientId: policy.clientId, title: "Mandato firmado", sha256: sha256Hex(PDF), storage: "local" });
    expect(row!.seriesKey).toMatch(/^subido:[0-9a-f-]{36}$/);
    expect((await readFile(path.join(root, row!.storageKey))).equals(PDF)).toBe(true);

    const [audit] = await auditRows("document.uploaded", answer.id);
    expect(audit).toMatchObject({ actorType: "admin", entity: "document" });
    expect(audit!.after).toMatchObject({ title: "Mandato firmado", sha256: sha256Hex(PDF), policyId: policy.id });

    const list = await json<{ items: Array<{ id: string }>; total: number }>("get", `/admin/policies/${policy.id}/documents`, {
      token: superToken,
      status: 200,
    });
    expect(list).toMatchObject({ total: 1, items: [{ id: answer.id }] });
    // The client's page shows the policy's uploads too.
    const ofClient = await json<{ items: Array<{ id: string }> }>("get", `/admin/clients/${policy.clientId}/documents`, {
      token: superToken,
      status: 200,
    });
    expect(ofClient.items.map((d) => d.id)).toContain(answer.id);

    const download = await call("get", `/admin/documents/${answer.id}/download`, { token: superToken });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="mandato-firmado.pdf"');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("un PNG llamado .pdf se guarda como el PNG que es", async () => {
    const clientId = await insertClient();
    const answer = await json<{ filename: string; contentType: string }>("post", `/admin/clients/${clientId}/documents`, {
      token: superToken,
      body: form("DNI escaneado", PNG, "dni.pdf"),
      status: 201,
    });
    expect(answer).toMatchObject({ filename: "dni.png", contentType: "image/png" });
  });

  it.each([
    ["un fichero de texto llamado .pdf", Buffer.from("Esto no es un PDF, aunque lo diga el nombre."), UPLOAD_MESSAGES.wrongType],
    ["un fichero vacío", Buffer.alloc(0), UPLOAD_MESSAGES.empty],
    ["un fichero de más de 10 MB", Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - PDF.length)]), UPLOAD_MESSAGES.tooLarge],
  ])("%s: 400 con el motivo, y no guarda ni fila ni fichero", async (_what, content, message) => {
    const policy = await livePolicy();
    const [rowsBefore, filesBefore, auditBefore] = [await rowCount(), storedFiles().length, await uploadAudits()];
    const response = await call("post", `/admin/policies/${policy.id}/documents`, {
      token: superToken,
      body: form("Firmado", content, "firmado.pdf"),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message, fieldErrors: { file: [message] } });
    expect(await rowCount()).toBe(rowsBefore);
    expect(storedFiles()).toHaveLength(filesBefore);
    expect(await uploadAudits()).toBe(auditBefore);
  });

  it("sin título, o a una póliza que no existe: no guarda nada", async () => {
    const policy = await livePolicy();
    const before = await rowCount();
    const untitled = await call("post", `/admin/policies/${policy.id}/documents`, { token: superToken, body: form("  ", PDF, "a.pdf") });
    expect(untitled.status).toBe(400);
    expect(((await untitled.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({ title: ["Escriba un título"] });
    expect((await call("post", "/admin/policies/99999999/documents", { token: superToken, body: form("A", PDF, "a.pdf") })).status).toBe(404);
    expect(await rowCount()).toBe(before);
  });

  it("un comercial (sin documents:write) recibe 403 y no guarda nada", async () => {
    const [comercial] = await database.db.select().from(roles).where(eq(roles.name, "comercial"));
    const user = await createUser(comercial!.id);
    const token = await login(user.email, PASSWORD);
    const policy = await livePolicy();
    const before = await rowCount();
    const refused = await call("post", `/admin/policies/${policy.id}/documents`, { token, body: form("Firmado", PDF, "a.pdf") });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN);
    expect(await rowCount()).toBe(before);
  });
});

describe("certificado de seguro", () => {
  it("una página que nombra al tomador, las fechas y la aseguradora; el mismo fichero todo el día", async () => {
    const policy = await livePolicy();
    const first = await call("get", `/admin/policies/${policy.id}/documents/certificate`, { token: superToken });
    expect(first.status, await first.clone().text()).toBe(200);
    const pdf = Buffer.from(await first.arrayBuffer());
    expect(first.headers.get("content-disposition")).toBe(`attachment; filename="certificado-seguro-${policy.number}-${today()}.pdf"`);

    const dir = mkdtempSync(path.join(tmpdir(), "cotiza-certificado-"));
    writeFileSync(path.join(dir, "certificado.pdf"), pdf);
    execFileSync("pdftoppm", ["-png", "-r", "50", path.join(dir, "certificado.pdf"), path.join(dir, "pagina")]);
    expect(readdirSync(dir).filter((f) => f.endsWith(".png"))).toHaveLength(1);

    const text = pdfText(pdf);
    const [row] = await database.db.select().from(policies).where(eq(policies.id, policy.id));
    for (const expected of [
      "Certificado de seguro",
      policy.name,
      policy.nif,
      formatIsoDate(row!.startDate),
      formatIsoDate(row!.endDate),
      "Aseguradora Meseta",
      "La prima está pagada",
    ]) {
      expect(text).toContain(expected);
    }

    const second = await call("get", `/admin/policies/${policy.id}/documents/certificate`, { token: superToken });
    expect(Buffer.from(await second.arrayBuffer()).equals(pdf)).toBe(true);
    const stored = await database.db.select().from(documents).where(eq(documents.policyId, policy.id));
    expect(stored.filter((d) => d.kind === "certificado")).toHaveLength(1);
  });

  it("con un recibo vencido sin pagar se niega y dice por qué", async () => {
    const policy = await livePolicy();
    await database.db.update(recibos).set({ status: "pendiente", paidAt: null }).where(eq(recibos.id, policy.recibos[0]!.id));
    const refused = await call("get", `/admin/policies/${policy.id}/documents/certificate`, { token: superToken });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^No se puede emitir el certificado de seguro: el recibo n\.º 1/);
  });

  it("el cliente descarga el de su póliza, nunca el de otro (404)", async () => {
    const customer = async (label: string) => {
      const email = `${label}-${Date.now().toString(36)}@example.com`;
      const { token } = await json<{ token: string }>("post", "/auth/register", {
        body: { name: "Cliente Certificado", email, password: PASSWORD },
        status: 201,
      });
      const [user] = await database.db.select().from(users).where(eq(users.email, email));
      return { token, id: user!.id };
    };
    const [owner, other] = [await customer("titular"), await customer("otro")];
    const policy = await livePolicy();
    await database.db.update(policies).set({ userId: owner.id }).where(eq(policies.id, policy.id));

    const own = await call("get", `/me/policies/${policy.id}/documents/certificate`, { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(pdfText(Buffer.from(await own.arrayBuffer()))).toContain(policy.name);

    const theirs = await call("get", `/me/policies/${policy.id}/documents/certificate`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ error: "Póliza no encontrada" });
  });
});
