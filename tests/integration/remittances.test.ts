// SEPA over real HTTP (ADR 029): the mandate made at the sale and again on a change of IBAN; the
// creditor settings; a remittance of FRST and RCUR debits whose pain.008 file validates against
// the ISO 20022 schema (xmllint), reads back to its rows and rebuilds byte for byte with the
// library, downloads byte for byte; the same request twice, two requests racing, bad inputs; and
// the daily run settling the remitted recibos once the bank's return deadline has passed.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, policies, policyHistory, recibos, remittanceItems, remittances, sepaMandates } from "../../api/db/schema";
import { overwriteSetting } from "../support/settings";
import { insertMandate } from "../../api/db/sepa-mandates.repo";
import { runLifecycleDay } from "../../api/services/daily-run";
import { TestGateway } from "../../api/services/payments";
import { buildPain008, type Pain008Item } from "../../api/services/sepa/pain008";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { call, checkout, checkoutBody, createQuote, database, download, registerVisitor, setUpCheckoutApi, SEPA } from "../support/checkout";
import { insertTestPolicy, reciboRows } from "../support/policies";
import { HOGAR } from "../support/quote-inputs";
import { pdfText } from "../support/pdf-text";
import { memoryLogger } from "../support/server";

const XSD = join(__dirname, "../../api/services/sepa/pain.008.001.02.xsd");
const CREDITOR = { name: "Cotiza Correduría de Seguros, S.L.", creditorId: "ES11ZZZB12345674", iban: "ES9121000418450200051332", bic: "CAIXESBBXXX" };
const NEW_IBAN = "ES7921000813610123456789";

// Tuesday 10 March 2026, 10:00 in Madrid; the tests move it forward.
let now = new Date("2026-03-10T09:00:00.000Z");
setUpCheckoutApi(() => now);

let staff = "";
async function admin(method: string, path: string, body?: unknown) {
  if (!staff)
    staff = (await call("POST", "/admin/auth/login", { body: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD } })).body.token as string;
  return call(method, path, { body, token: staff });
}

/** A card test policy turned SEPA with its mandate: monthly recibos from 11 March, the first collected. */
async function sepaPolicy(sequenceType: "FRST" | "RCUR", name: string) {
  const p = await insertTestPolicy(database.db, { startDate: "2026-03-11", createdAt: now, frequency: "mensual", name });
  await database.db
    .update(policies)
    .set({ paymentMethod: "sepa", iban: "ES9121000418450200051332", paymentMandate: null })
    .where(eq(policies.id, p.id));
  await insertMandate(database.db, {
    policyId: p.id,
    policyNumber: p.number,
    debtorName: name,
    iban: "ES9121000418450200051332",
    signedOn: "2026-03-10",
    sequenceType,
    at: now,
  });
  return p;
}

const remittanceCount = async () => Number((await database.db.select({ n: count() }).from(remittances))[0]!.n);
const tag = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, "g"))].map((m) => m[1]!);
const blocks = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, "g"))].map((m) => m[1]!);

function xmllint(xml: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "remesa-")), "remesa.xml");
  writeFileSync(file, xml);
  return execFileSync("xmllint", ["--noout", "--schema", XSD, file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

let sold: { id: number; number: string };
let soldOwner = "";
let frst: Awaited<ReturnType<typeof sepaPolicy>>;
let rcur: Awaited<ReturnType<typeof sepaPolicy>>;
let remittanceId = 0;
const selection = { collectionDate: "2026-06-15" };

describe("mandatos SEPA", () => {
  it("la venta con domiciliación crea el mandato FRST de la póliza en su misma transacción", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("hogar", HOGAR, visitor.token);
    const answer = await checkout(
      quote.id,
      checkoutBody(visitor.nif, { plan: "basico", frequency: "trimestral", payment: SEPA }, "hogar"),
      visitor.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    sold = answer.body as unknown as { id: number; number: string };
    soldOwner = visitor.token;
    const mandates = await database.db.select().from(sepaMandates).where(eq(sepaMandates.policyId, sold.id));
    expect(mandates).toEqual([
      expect.objectContaining({
        reference: `COT-${sold.number}-1`,
        iban: "ES9121000418450200051332",
        signedOn: "2026-03-10",
        status: "activo",
        // Its first debit is recibo 1, in the next remittance (ADR 033).
        sequenceType: "FRST",
      }),
    ]);
  });

  it("un cambio de IBAN sustituye el mandato por uno nuevo (-2, FRST) y lo audita", async () => {
    const changed = await admin("PATCH", `/admin/policies/${sold.id}`, { iban: NEW_IBAN });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const mandates = await database.db.select().from(sepaMandates).where(eq(sepaMandates.policyId, sold.id)).orderBy(asc(sepaMandates.id));
    expect(mandates.map((m) => [m.reference, m.status, m.sequenceType, m.iban])).toEqual([
      [`COT-${sold.number}-1`, "sustituido", "FRST", "ES9121000418450200051332"],
      [`COT-${sold.number}-2`, "activo", "FRST", NEW_IBAN],
    ]);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "policy.updated"), eq(auditLog.entityId, String(sold.id))));
    expect(audit!.after).toMatchObject({ mandate: `COT-${sold.number}-2` });
  });
});

describe("la orden de domiciliación en PDF", () => {
  it("el tomador la descarga con su IBAN completo; otro visitante recibe un 404; el personal, la misma", async () => {
    const own = await download(`/me/policies/${sold.id}/documents/mandate`, { token: soldOwner });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-disposition")).toBe(`attachment; filename="mandato-sepa-COT-${sold.number}-2.pdf"`);
    const text = pdfText(own.bytes);
    expect(text).toContain("Orden de domiciliación de adeudo directo SEPA");
    expect(text).toContain(`COT-${sold.number}-2`);
    expect(text).toContain("ES79 2100 0813 6101 2345 6789");
    expect(text).toContain("ES11ZZZB12345674");
    expect(text).toContain("Recurrente");
    const other = await registerVisitor();
    expect((await download(`/me/policies/${sold.id}/documents/mandate`, { token: other.token })).status).toBe(404);
    const staffCopy = await download(`/admin/policies/${sold.id}/documents/mandate`, { token: staff });
    expect(staffCopy.status).toBe(200);
    expect(pdfText(staffCopy.bytes)).toContain(`COT-${sold.number}-2`);
  });
});

describe("acreedor SEPA (un ajuste con fecha de efecto, ADR 038)", () => {
  const today = async () => (await admin("GET", "/admin/settings")).body.today as string;

  it("rechaza un identificador de acreedor, un IBAN o un BIC mal escritos, campo a campo, sin cambiar nada", async () => {
    const bad = await admin("POST", "/admin/settings/sepa_creditor", {
      value: { name: "Cotiza", creditorId: "ES12ZZZB12345674", iban: "ES00 1234", bic: "CAIX" },
      effectiveFrom: await today(),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fieldErrors!).sort()).toEqual(["bic", "creditorId", "iban"]);
    expect(bad.body.fieldErrors!.creditorId![0]).toMatch(/identificador de acreedor no es válido/);
    expect((await admin("GET", "/admin/settings/sepa_creditor")).body.value).toEqual(CREDITOR);
  });

  it("guarda uno válido normalizado, con el antes y el después en la auditoría", async () => {
    const day = await today();
    const renamed = await admin("POST", "/admin/settings/sepa_creditor", {
      value: { ...CREDITOR, name: "Cotiza Seguros, S.L.", creditorId: "es11 zzz b12345674", iban: "ES91 2100 0418 4502 0005 1332" },
      effectiveFrom: day,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(201);
    expect(renamed.body.value).toEqual({ ...CREDITOR, name: "Cotiza Seguros, S.L." });
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "setting.version_created"));
    expect(audit).toMatchObject({
      entityId: "sepa_creditor",
      before: { value: CREDITOR },
      after: { value: { ...CREDITOR, name: "Cotiza Seguros, S.L." }, effectiveFrom: day },
    });
    expect((await admin("POST", "/admin/settings/sepa_creditor", { value: CREDITOR, effectiveFrom: day })).status).toBe(201);
  });
});

describe("remesas", () => {
  it("una fecha de cobro pasada, de hoy o no hábil, o una selección vacía: 400 en castellano y nada escrito", async () => {
    frst = await sepaPolicy("FRST", "Íñigo Peña Ruiz");
    rcur = await sepaPolicy("RCUR", "Ana Gómez");
    for (const collectionDate of ["2026-03-09", "2026-03-10"]) {
      const answer = await admin("POST", "/admin/payments/remittances", { selection: { collectionDate }, requestKey: `mala-${collectionDate}` });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(
        "La fecha de cobro debe ser un día hábil posterior a hoy: como pronto el 11/03/2026 (el banco necesita un día hábil)",
      );
    }
    const weekend = await admin("POST", "/admin/payments/remittances/preview", { collectionDate: "2026-06-13" });
    expect(weekend.body.error).toMatch(/día hábil/);
    const empty = await admin("POST", "/admin/payments/remittances", { selection: { ...selection, line: "auto" }, requestKey: "vacia-1234" });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/^No hay recibos SEPA que remesar/);
    expect(await remittanceCount()).toBe(0);
  });

  it("con el acreedor mal configurado se niega (409) y no escribe nada", async () => {
    await overwriteSetting(database.db, "sepa_creditor", { ...CREDITOR, creditorId: "ES00ZZZB12345674" });
    const answer = await admin("POST", "/admin/payments/remittances", { selection, requestKey: "acreedor-malo" });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatch(/datos del acreedor SEPA no son válidos/);
    await overwriteSetting(database.db, "sepa_creditor", CREDITOR);
    expect(await remittanceCount()).toBe(0);
    expect((await reciboRows(database.db, frst.id)).filter((r) => r.status === "remesado")).toEqual([]);
  });

  it("genera la remesa: vista previa, pain.008 válido contra el XSD, leído de vuelta y reconstruido byte a byte, descargable", async () => {
    const preview = await admin("POST", "/admin/payments/remittances/preview", selection);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // The sold policy's recibos 1 (11 March: not charged at the sale, ADR 033) and 2 (11 June), and recibos 2–4 (April–June) of the two monthly ones.
    const soldRecibos = (await reciboRows(database.db, sold.id)).filter((r) => r.sequence <= 2);
    expect(soldRecibos.map((r) => r.status)).toEqual(["pendiente", "pendiente"]);
    expect(preview.body).toMatchObject({ count: 8, totalCents: 6 * 12_000 + soldRecibos[0]!.amountCents + soldRecibos[1]!.amountCents });
    const body = { selection, requestKey: preview.body.requestKey, expectedCount: 8, expectedTotalCents: preview.body.totalCents };
    const made = await admin("POST", "/admin/payments/remittances", body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    remittanceId = made.body.id as number;
    expect(made.body).toMatchObject({ count: 8, totalCents: preview.body.totalCents, status: "abierta", collectionDate: "2026-06-15" });

    // The same request again (double click, retried form): the same remittance, no second one.
    const again = await admin("POST", "/admin/payments/remittances", body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(remittanceId);
    expect(await remittanceCount()).toBe(1);

    const [stored] = await database.db.select().from(remittances).where(eq(remittances.id, remittanceId));
    const xml = stored!.fileXml;
    expect(xmllint(xml)).toBe("");

    // Read back: header and each debit match the rows.
    const items = await database.db
      .select({ item: remittanceItems, reference: sepaMandates.reference })
      .from(remittanceItems)
      .innerJoin(sepaMandates, eq(sepaMandates.id, remittanceItems.mandateId))
      .where(eq(remittanceItems.remittanceId, remittanceId));
    expect(tag(xml, "MsgId")).toEqual([stored!.messageId]);
    expect(tag(xml, "NbOfTxs")[0]).toBe("8");
    expect(tag(xml, "CtrlSum")[0]).toBe((stored!.totalCents / 100).toFixed(2));
    const debits = blocks(xml, "PmtInf").flatMap((info) =>
      blocks(info, "DrctDbtTxInf").map((tx) => ({
        sequenceType: tag(info, "SeqTp")[0]!,
        endToEndId: tag(tx, "EndToEndId")[0]!,
        amountCents: Math.round(Number(tag(tx, "InstdAmt")[0]) * 100),
        mandateReference: tag(tx, "MndtId")[0]!,
        mandateSignedOn: tag(tx, "DtOfSgntr")[0]!,
        debtorName: tag(tx, "Nm").at(-1)!,
        debtorIban: tag(tx, "IBAN").at(-1)!,
        remittanceInfo: tag(tx, "Ustrd")[0]!,
      })),
    );
    expect(debits.map((d) => [d.endToEndId, d.amountCents, d.mandateReference, d.sequenceType]).sort()).toEqual(
      items.map(({ item, reference }) => [item.endToEndId, item.amountCents, reference, item.sequenceType]).sort(),
    );
    expect(new Set(debits.map((d) => d.endToEndId)).size).toBe(8);
    expect(debits.every((d) => d.endToEndId.length <= 35)).toBe(true);
    // One FRST per FRST mandate (its first recibo), every other debit RCUR; the FRST mandates are RCUR from now on.
    expect(
      debits
        .filter((d) => d.sequenceType === "FRST")
        .map((d) => d.mandateReference)
        .sort(),
    ).toEqual([`COT-${frst.number}-1`, `COT-${sold.number}-2`].sort());
    expect(debits.find((d) => d.mandateReference === `COT-${frst.number}-1` && d.sequenceType === "FRST")!.remittanceInfo).toBe(
      `Recibo 2 poliza ${frst.number}`,
    );
    expect(debits.find((d) => d.mandateReference === `COT-${frst.number}-1`)!.debtorName).toBe("Inigo Pena Ruiz");
    const after = await database.db
      .select()
      .from(sepaMandates)
      .where(inArray(sepaMandates.policyId, [frst.id, sold.id, rcur.id]));
    expect(after.filter((m) => m.status === "activo").map((m) => m.sequenceType)).toEqual(["RCUR", "RCUR", "RCUR"]);

    // Round trip through the library: the parsed values rebuild the same bytes.
    const rebuilt = buildPain008({
      messageId: tag(xml, "MsgId")[0]!,
      createdAt: tag(xml, "CreDtTm")[0]!,
      collectionDate: tag(xml, "ReqdColltnDt")[0]!,
      creditor: {
        name: tag(xml, "Nm")[0]!,
        creditorId: tag(blocks(xml, "CdtrSchmeId")[0]!, "Id").at(-1)!,
        iban: tag(blocks(xml, "CdtrAcct")[0]!, "IBAN")[0]!,
        bic: tag(xml, "BIC")[0]!,
      },
      items: debits as Pain008Item[],
    });
    expect(rebuilt).toBe(xml);

    // The download is the stored file, byte for byte.
    const file = await download(`/admin/payments/remittances/${remittanceId}/file`, { token: staff });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="remesa-${remittanceId}.xml"`);
    expect(file.bytes.equals(Buffer.from(xml, "utf8"))).toBe(true);
    expect(createHash("sha256").update(file.bytes).digest("hex")).toBe(stored!.fileSha256);

    // The recibos are remesado, each with its history entry; one audit row names them all.
    const remitted = await database.db.select().from(recibos).where(eq(recibos.remittanceId, remittanceId));
    expect(remitted.map((r) => r.status)).toEqual(Array(8).fill("remesado"));
    const history = await database.db.select().from(policyHistory).where(eq(policyHistory.event, "recibo_remesado"));
    expect(history).toHaveLength(8);
    expect(history[0]!.summary).toMatch(/remesado para su cobro el 15\/06\/2026 \(remesa \d+\)/);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "remittance.created"));
    expect((audit!.before as { recibos: unknown[] }).recibos).toHaveLength(8);

    const detail = await admin("GET", `/admin/payments/remittances/${remittanceId}`);
    expect(detail.status).toBe(200);
    expect((detail.body.items as Array<{ iban: string }>).every((i) => !i.iban.includes("0418"))).toBe(true);
    const list = await admin("GET", "/admin/payments/remittances");
    expect(list.body).toMatchObject({ total: 1, items: [{ id: remittanceId, count: 8 }] });
  });

  it("dos solicitudes distintas a la vez no ponen un recibo en dos remesas; la que llega tarde recibe un 409 claro", async () => {
    const late = await sepaPolicy("RCUR", "Carla Tardía");
    await database.db
      .update(recibos)
      .set({ dueDate: "2026-03-11" })
      .where(and(eq(recibos.policyId, late.id), eq(recibos.sequence, 2)));
    const race = { collectionDate: "2026-03-12" };
    const preview = await admin("POST", "/admin/payments/remittances/preview", race);
    expect(preview.body).toMatchObject({ count: 1 });
    const answers = await Promise.all(
      ["carrera-a-123", "carrera-b-123"].map((requestKey) =>
        admin("POST", "/admin/payments/remittances", { selection: race, requestKey, expectedCount: 1, expectedTotalCents: 12_000 }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toMatch(/La selección ha cambiado/);
    const rows = await database.db.select().from(remittanceItems).where(eq(remittanceItems.reciboId, late.recibos[1]!.id));
    expect(rows).toHaveLength(1);
    expect(await remittanceCount()).toBe(2);
  });

  it("el proceso diario da por cobrados los recibos remesados pasado el plazo de devolución (2 días hábiles), no antes", async () => {
    const deps = { db: database.db, payments: new TestGateway(), logger: memoryLogger() };
    now = new Date("2026-06-16T08:00:00.000Z");
    const early = await runLifecycleDay(deps, "2026-06-16", () => now);
    expect(early.errores).toBe(0);
    expect((await database.db.select().from(recibos).where(eq(recibos.remittanceId, remittanceId))).map((r) => r.status)).toEqual(
      Array(8).fill("remesado"),
    );

    now = new Date("2026-06-17T08:00:00.000Z");
    const due = await runLifecycleDay(deps, "2026-06-17", () => now);
    expect(due).toMatchObject({ errores: 0 });
    expect(due.cobrados).toBeGreaterThanOrEqual(8);
    const settled = await database.db.select().from(recibos).where(eq(recibos.remittanceId, remittanceId));
    expect(settled.map((r) => r.status)).toEqual(Array(8).fill("cobrado"));
    expect(settled.every((r) => r.paidAt?.getTime() === now.getTime())).toBe(true);
    const items = await database.db.select().from(remittanceItems).where(eq(remittanceItems.remittanceId, remittanceId));
    expect(items.map((i) => i.status)).toEqual(Array(8).fill("cobrado"));
    const [closed] = await database.db.select().from(remittances).where(eq(remittances.id, remittanceId));
    expect(closed!.status).toBe("cerrada");
    const history = await database.db
      .select()
      .from(policyHistory)
      .where(and(eq(policyHistory.policyId, frst.id), eq(policyHistory.event, "recibo_cobrado")));
    expect(history.map((h) => h.summary)).toContain(`Recibo 2 cobrado por domiciliación (remesa ${remittanceId})`);
    // SEPA recibos are never charged through the gateway by the run: the July recibo is still pendiente.
    now = new Date("2026-07-13T08:00:00.000Z");
    await runLifecycleDay(deps, "2026-07-13", () => now);
    expect((await reciboRows(database.db, rcur.id)).find((r) => r.sequence === 5)!.status).toBe("pendiente");
  });
});
