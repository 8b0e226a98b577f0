// ADR 036 over the API: the documents of a sale are issued once, so the confirmation e-mail's
// attachments and every later download (the customer's, staff's) are the same bytes; regenerating
// makes version 2, which is what is downloaded from then on, while version 1 stays listed and
// downloadable; a file changed in the store is a Spanish 500 and an error log line, never another file.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, documents, outboxEmails, type EmailAttachment } from "../../api/db/schema";
import { sha256Hex } from "../../api/services/document-store/store";
import { documentSeries, STORED_DOCUMENT_UNREADABLE_MESSAGE } from "../../api/services/stored-documents";
import { addBusinessDays } from "../../api/domain/sepa";
import { madridDate } from "../../api/domain/calendar";
import { insertMandate } from "../../api/db/sepa-mandates.repo";
import { policies, recibos } from "../../api/db/schema";
import { customerWithPolicy, documentsEnv, insertUploadRow, send, superToken, type DocumentsEnv } from "../support/documents";
import { pdfText } from "../support/pdf-text";
import { insertTestPolicy } from "../support/policies";

let env: DocumentsEnv;
beforeAll(async () => {
  env = await documentsEnv();
});
afterAll(async () => env?.database.close());

const seriesRows = (seriesKey: string) =>
  env.database.db.select().from(documents).where(eq(documents.seriesKey, seriesKey)).orderBy(documents.version);

async function confirmationAttachments(number: string): Promise<EmailAttachment[]> {
  const [email] = await env.database.db
    .select()
    .from(outboxEmails)
    .where(like(outboxEmails.subject, `%${number}%`));
  expect(email, `el correo de confirmación de ${number}`).toBeDefined();
  // Issued right after the sale's commit (ADR 017): none is left pending.
  expect(email!.attachments.every((a) => "contentBase64" in a)).toBe(true);
  return email!.attachments as EmailAttachment[];
}

describe("documentos emitidos una vez", () => {
  it("el correo de la venta y cada descarga posterior son los mismos bytes, con su hash guardado", async () => {
    const sale = await customerWithPolicy(env);
    const attachments = await confirmationAttachments(sale.number);
    const attached = (prefix: string) => Buffer.from(attachments.find((a) => a.filename.startsWith(prefix))!.contentBase64, "base64");

    // Conditions v1, the policy's IPID and recibo 1: one stored row each, issued by the system.
    const [conditions] = await seriesRows(documentSeries.conditions(sale.policyId, 1));
    const [ipid] = await seriesRows(documentSeries.ipid(sale.policyId));
    const [recibo] = await seriesRows(documentSeries.recibo(sale.policyId, 1));
    for (const row of [conditions, ipid, recibo]) {
      expect(row).toBeDefined();
      expect(row!.createdByType).toBe("system");
      expect(row!.policyId).toBe(sale.policyId);
      expect(row!.clientId).not.toBeNull();
    }
    expect(sha256Hex(attached("condiciones-particulares"))).toBe(conditions!.sha256);
    expect(sha256Hex(attached("ipid-"))).toBe(ipid!.sha256);
    expect(sha256Hex(attached("recibo-"))).toBe(recibo!.sha256);

    // The customer's download, again later, and staff's: the e-mail's bytes, not a new rendering.
    const mine = await send(env, "GET", `/me/policies/${sale.policyId}/documents/conditions`, sale.token);
    expect(mine.status).toBe(200);
    expect(mine.bytes.equals(attached("condiciones-particulares"))).toBe(true);
    expect(mine.headers.get("content-disposition")).toBe(`attachment; filename="${conditions!.filename}"`);
    const again = await send(env, "GET", `/me/policies/${sale.policyId}/documents/conditions?version=1`, sale.token);
    expect(again.bytes.equals(mine.bytes)).toBe(true);
    const staff = await send(env, "GET", `/admin/policies/${sale.policyId}/documents/conditions`, await superToken(env));
    expect(staff.bytes.equals(mine.bytes)).toBe(true);
    const myRecibo = await send(env, "GET", `/me/policies/${sale.policyId}/recibos/1/document`, sale.token);
    expect(sha256Hex(myRecibo.bytes)).toBe(recibo!.sha256);
    expect(pdfText(mine.bytes)).toContain(sale.number);
    // Still one version each: downloads read, they do not issue again.
    expect(await seriesRows(documentSeries.conditions(sale.policyId, 1))).toHaveLength(1);
  });

  it("un documento que no se envió por correo se emite en su primera descarga, por quien la pide, y después se lee", async () => {
    const sale = await customerWithPolicy(env);
    const first = await send(env, "GET", `/me/policies/${sale.policyId}/recibos/1/receipt`, sale.token);
    expect(first.status).toBe(200);
    const [row] = await seriesRows(documentSeries.receipt(sale.policyId, 1));
    expect(row).toMatchObject({ kind: "justificante", createdByType: "user", createdById: String(sale.userId), createdByLabel: sale.email });
    const staff = await send(env, "GET", `/admin/policies/${sale.policyId}/documents/recibos/1/receipt`, await superToken(env));
    expect(staff.bytes.equals(first.bytes)).toBe(true);
    expect(await seriesRows(documentSeries.receipt(sale.policyId, 1))).toHaveLength(1);
  });

  it("regenerar crea la versión 2, que es la que se descarga desde entonces; la 1 sigue listada y descargable, y queda auditado", async () => {
    const sale = await customerWithPolicy(env);
    const admin = await superToken(env);
    const [v1] = await seriesRows(documentSeries.conditions(sale.policyId, 1));
    const made = await send(env, "POST", `/admin/documents/${v1!.id}/regenerate`, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const answer = made.body as { document: { id: string; version: number; sha256: string }; versions: { id: string; version: number }[] };
    expect(answer.document.version).toBe(2);
    expect(answer.versions.map((v) => v.version)).toEqual([2, 1]);

    // The customer's download (and staff's) is version 2 now: its hash is the ETag and the bytes'.
    const mine = await send(env, "GET", `/me/policies/${sale.policyId}/documents/conditions`, sale.token);
    expect(mine.headers.get("etag")).toBe(`"${answer.document.sha256}"`);
    expect(sha256Hex(mine.bytes)).toBe(answer.document.sha256);
    const staff = await send(env, "GET", `/admin/policies/${sale.policyId}/documents/conditions`, admin);
    expect(sha256Hex(staff.bytes)).toBe(answer.document.sha256);

    // Version 1 is still in the list of the policy and downloads as issued.
    const listed = await send(env, "GET", `/admin/documents?policy=${sale.number}&kind=condiciones`, admin);
    expect((listed.body.items as { id: string; version: number }[]).map((i) => i.version).sort()).toEqual([1, 2]);
    const old = await send(env, "GET", `/admin/documents/${v1!.id}/download`, admin);
    expect(old.status).toBe(200);
    expect(sha256Hex(old.bytes)).toBe(v1!.sha256);
    expect(old.headers.get("content-type")).toBe("application/pdf");

    const [audit] = await env.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "document.regenerated"), eq(auditLog.entityId, answer.document.id)));
    expect(audit).toBeDefined();
    expect(audit!.before).toMatchObject({ id: v1!.id, version: 1, sha256: v1!.sha256 });
    expect(audit!.after).toMatchObject({ id: answer.document.id, version: 2, sha256: answer.document.sha256 });
  });

  it("un archivo cambiado en el almacén no se entrega: 500 con un mensaje en español y una línea de error", async () => {
    const sale = await customerWithPolicy(env);
    const [row] = await seriesRows(documentSeries.recibo(sale.policyId, 1));
    const file = path.join(env.root, row!.storageKey);
    const original = await readFile(file);
    await writeFile(file, Buffer.concat([original, Buffer.from("manipulado")]));
    const mine = await send(env, "GET", `/me/policies/${sale.policyId}/recibos/1/document`, sale.token);
    expect(mine.status).toBe(500);
    expect(mine.body.error).toBe(STORED_DOCUMENT_UNREADABLE_MESSAGE);
    const staff = await send(env, "GET", `/admin/documents/${row!.id}/download`, await superToken(env));
    expect(staff.status).toBe(500);
    expect(env.logger.lines.some((l) => l.level === "error" && l.msg === "stored document unreadable" && l.fields?.documentId === row!.id)).toBe(
      true,
    );
    // Never rendered again in its place: still one version.
    expect(await seriesRows(documentSeries.recibo(sale.policyId, 1))).toHaveLength(1);
  });

  it("una remesa, un desistimiento o un documento subido no se regeneran (409)", async () => {
    const sale = await customerWithPolicy(env);
    const upload = await insertUploadRow(env.database.db, sale.policyId);
    const refused = await send(env, "POST", `/admin/documents/${upload.id}/regenerate`, await superToken(env));
    expect(refused.status).toBe(409);
    expect(await seriesRows(upload.seriesKey)).toHaveLength(1);
  });

  it("una remesa aparece en la lista con su fichero: los bytes de remittances.file_xml, comprobados con su hash", async () => {
    const admin = await superToken(env);
    const creditor = {
      name: "Cotiza Correduría de Seguros, S.L.",
      creditorId: "ES11ZZZB12345674",
      iban: "ES9121000418450200051332",
      bic: "CAIXESBBXXX",
    };
    const today = madridDate(new Date());
    expect((await send(env, "POST", "/admin/settings/sepa_creditor", admin, { value: creditor, effectiveFrom: today })).status).toBe(201);
    const p = await insertTestPolicy(env.database.db, { startDate: today, createdAt: new Date(), frequency: "mensual" });
    await env.database.db.update(policies).set({ paymentMethod: "sepa", iban: creditor.iban }).where(eq(policies.id, p.id));
    await env.database.db.update(recibos).set({ dueDate: today }).where(eq(recibos.id, p.recibos[1]!.id));
    await insertMandate(env.database.db, {
      policyId: p.id,
      policyNumber: p.number,
      debtorName: p.name,
      iban: creditor.iban,
      signedOn: today,
      sequenceType: "FRST",
      at: new Date(),
    });
    const made = await send(env, "POST", "/admin/payments/remittances", admin, {
      selection: { collectionDate: addBusinessDays(today, 3), dueFrom: today, dueTo: today },
      requestKey: `documentos-${p.id}`,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const remittanceId = made.body.id as number;

    const listed = await send(env, "GET", "/admin/documents?kind=remesa", admin);
    const item = (listed.body.items as { id: string; remittanceId: number | null; title: string }[]).find((i) => i.remittanceId === remittanceId);
    expect(item?.title).toMatch(new RegExp(`^Remesa SEPA ${remittanceId} · cobro \\d{2}/\\d{2}/\\d{4}$`));
    const file = await send(env, "GET", `/admin/payments/remittances/${remittanceId}/file`, admin);
    const stored = await send(env, "GET", `/admin/documents/${item!.id}/download`, admin);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("application/xml");
    expect(stored.bytes.equals(file.bytes)).toBe(true);
    const [row] = await seriesRows(documentSeries.remittance(remittanceId));
    expect(row).toMatchObject({ storage: "remittance", sha256: sha256Hex(file.bytes), createdByType: "admin" });
    // The file the bank got is not regenerated.
    expect((await send(env, "POST", `/admin/documents/${item!.id}/regenerate`, admin)).status).toBe(409);

    // Migration 0019's backfill writes the same row for a remittance made before the documents list.
    await env.database.db.delete(documents).where(eq(documents.id, row!.id));
    const migration = await readFile(path.resolve("api/db/migrations/0019_documents.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((part) => part.includes('INSERT INTO "documents"'))!;
    await env.database.db.execute(sql.raw(backfill));
    const [again] = await seriesRows(documentSeries.remittance(remittanceId));
    const { id: _a, createdAt: _b, ...written } = row!;
    const { id: _c, createdAt: _d, ...backfilled } = again!;
    expect(backfilled).toEqual(written);
  });
});
