// Importing the bank's return files (ADR 030) over real HTTP: a 1,000-line CSV imported and then
// imported again (same answer, no row added anywhere), a pain.002, the fee of the settings, the
// customer's e-mail, the whole file refused for one unknown line, another creditor's file, a
// malformed one, and a manual return of a collected recibo reopening the debt.
import { count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../api/contract/format";
import type { Database } from "../../api/db/client";
import {
  auditLog,
  outboxEmails,
  policies,
  policyHistory,
  reciboReturns,
  recibos,
  remittanceItems,
  remittances,
  returnImports,
} from "../../api/db/schema";
import { adminWith, call, database, json, superToken, setUpAdminApi } from "../support/admin-api";
import { overwriteSetting } from "../support/settings";
import { insertTestPolicy, reciboRows } from "../support/policies";
import { remitRecibos, type TestRemittance } from "../support/remittance-fixtures";
import { pain002, returnsCsv, type FileReturn } from "../support/return-files";

setUpAdminApi({ publicBaseUrl: "https://cotiza.test" });

const CREDITOR = "ES11ZZZB12345674";
const body = (text: string, fileName = "devoluciones.csv") => ({ fileName, contentBase64: Buffer.from(text).toString("base64") });
const importFile = (text: string, fileName?: string) => call("post", "/admin/payments/returns", { token: superToken, body: body(text, fileName) });

type ImportAnswer = {
  repeated: boolean;
  message: string;
  import: {
    id: number;
    lineCount: number;
    applied: number;
    alreadyReturned: number;
    lines: { line: number; outcome: string; code: string; reason: string; feeCents: number; reciboId: number }[];
  };
};
type Refusal = { error: string; lineErrors: { line: number; message: string }[] };

const tables = { returnImports, reciboReturns, policyHistory, auditLog, outboxEmails } as const;
async function counts(db: Database) {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) out[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  out.returnedItems = (await db.select({ n: count() }).from(remittanceItems).where(eq(remittanceItems.status, "devuelto")))[0]!.n;
  out.returnedRecibos = (await db.select({ n: count() }).from(recibos).where(eq(recibos.status, "devuelto")))[0]!.n;
  return out;
}

async function setFee(cents: number) {
  await overwriteSetting(database.db, "return_fee_cents", cents);
}

/** `n` monthly policies' recibos 2 onwards, remitted in one remittance (12 recibos a policy: 11 remitted). */
async function remitted(n: number, status: "remesado" | "cobrado" = "remesado"): Promise<TestRemittance> {
  const ids: number[] = [];
  while (ids.length < n) {
    const p = await insertTestPolicy(database.db, { startDate: "2027-01-01", createdAt: new Date("2027-01-01T09:00:00Z"), frequency: "mensual" });
    ids.push(...p.recibos.filter((r) => r.sequence > 1).map((r) => r.id));
  }
  return remitRecibos(database.db, ids.slice(0, n), { status });
}

describe("importar devoluciones", () => {
  it("un CSV de 1.000 líneas se importa una vez; importarlo otra vez da el mismo resultado y no añade ninguna fila", async () => {
    await setFee(0);
    const remittance = await remitted(1000);
    const codes = ["AM04", "AC04", "MD06", "MS02", "MS03", "SL01", "MD01"];
    const csv = returnsCsv(
      remittance.items.map((item, i): FileReturn => ({ endToEndId: item.endToEndId, code: codes[i % codes.length]!, amount: "120,00" })),
    );
    const before = await counts(database.db);

    const started = performance.now();
    const first = await importFile(csv, "banco-1000.csv");
    const elapsed = performance.now() - started;
    const answer = (await first.json()) as ImportAnswer;
    expect(first.status, JSON.stringify(answer).slice(0, 500)).toBe(200);
    console.info(`importación de 1.000 devoluciones: ${Math.round(elapsed)} ms`);
    expect(answer).toMatchObject({
      repeated: false,
      message: "Fichero importado: 1000 recibos devueltos.",
      import: { lineCount: 1000, applied: 1000, alreadyReturned: 0 },
    });
    const after = await counts(database.db);
    // Per recibo: a return, its history and the notice's, its audit and the e-mail's, an e-mail; and the file's row and audit.
    expect(after).toEqual({
      returnImports: before.returnImports + 1,
      reciboReturns: before.reciboReturns + 1000,
      policyHistory: before.policyHistory + 2000,
      auditLog: before.auditLog + 2001,
      outboxEmails: before.outboxEmails + 1000,
      returnedItems: before.returnedItems + 1000,
      returnedRecibos: before.returnedRecibos + 1000,
    });
    const [closed] = await database.db.select({ status: remittances.status }).from(remittances).where(eq(remittances.id, remittance.id));
    expect(closed!.status).toBe("cerrada");

    const again = await importFile(csv, "otra-vez.csv");
    expect(again.status).toBe(200);
    const repeated = (await again.json()) as ImportAnswer;
    expect(repeated.repeated).toBe(true);
    expect(repeated.message).toMatch(
      /^Este fichero ya se importó el \d\d\/\d\d\/\d{4} a las \d\d:\d\d h por admin@cotiza.test; no se ha cambiado nada.$/,
    );
    expect(repeated.import).toEqual(answer.import);
    expect(await counts(database.db)).toEqual(after);

    // Another file naming some of the same debits and one new: those are "ya devuelto", not applied twice.
    const more = await remitted(1);
    const overlap = returnsCsv([...remittance.items.slice(0, 3), ...more.items].map((item) => ({ endToEndId: item.endToEndId, code: "AM04" })));
    const third = (await (await importFile(overlap)).json()) as ImportAnswer;
    expect(third.import).toMatchObject({ applied: 1, alreadyReturned: 3 });
    expect(third.import.lines.map((l) => l.outcome)).toEqual(["ya_devuelto", "ya_devuelto", "ya_devuelto", "devuelto"]);
    expect(third.message).toBe("Fichero importado: 1 recibo devuelto; 3 líneas ya estaban devueltas por un fichero anterior.");
    expect((await counts(database.db)).reciboReturns).toBe(after.reciboReturns + 1);
  }, 120_000);

  it("un pain.002 devuelve recibos remesados y cobrados con el código, su significado y los gastos de los ajustes, y avisa al tomador", async () => {
    await setFee(350);
    const remittance = await remitted(2, "cobrado");
    const [a, b] = remittance.items;
    const file = pain002({
      originalMsgId: remittance.messageId,
      creditorId: CREDITOR,
      returns: [
        { endToEndId: a!.endToEndId, code: "AM04", amount: "120.00" },
        { endToEndId: b!.endToEndId, code: "MD06" },
      ],
    });
    const response = await importFile(file, "pain002.xml");
    const answer = (await response.json()) as ImportAnswer;
    expect(response.status, JSON.stringify(answer)).toBe(200);
    expect(answer.import.lines).toMatchObject([
      { code: "AM04", reason: "Fondos insuficientes", outcome: "devuelto", feeCents: 350 },
      { code: "MD06", reason: "Devolución solicitada por el deudor (reembolso autorizado)", outcome: "devuelto", feeCents: 350 },
    ]);
    const [recibo] = await database.db.select().from(recibos).where(eq(recibos.id, a!.reciboId));
    expect(recibo).toMatchObject({ status: "devuelto", returnCode: "AM04", returnReason: "Fondos insuficientes", returnFeeCents: 350, paidAt: null });

    const history = await database.db.select().from(policyHistory).where(eq(policyHistory.policyId, a!.policyId));
    expect(history.map((h) => h.summary)).toContain(
      `Recibo 2 (${formatMoney(12_000)}) devuelto por el banco: AM04 Fondos insuficientes. Gastos de devolución: ${formatMoney(350)}`,
    );
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(a!.reciboId)));
    expect(audit.find((r) => r.action === "recibo.returned")).toMatchObject({
      before: { status: "cobrado" },
      after: { status: "devuelto", code: "AM04", feeCents: 350 },
    });

    const rows = await reciboRows(database.db, a!.policyId);
    const [client] = await database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, `Recibo devuelto: su póliza ${await policyNumber(a!.policyId)}`));
    expect(rows.find((r) => r.id === a!.reciboId)!.status).toBe("devuelto");
    expect(client!.body).toContain("Su banco nos ha devuelto el recibo n.º 2");
    expect(client!.body).toContain("Motivo que indica el banco: Fondos insuficientes (código AM04).");
    expect(client!.body).toContain(`se suman ${formatMoney(350)} de gastos de devolución: en total, ${formatMoney(12_350)}`);
    await setFee(0);
  });

  it("una línea que no corresponde a ningún adeudo rechaza el fichero entero y se informa con su número", async () => {
    const remittance = await remitted(3);
    const csv = returnsCsv([
      { endToEndId: remittance.items[0]!.endToEndId, code: "AM04" },
      { endToEndId: "NO-EXISTE-1", code: "AM04" },
      { endToEndId: remittance.items[1]!.endToEndId, code: "AM04", amount: "99,00" },
    ]);
    const before = await counts(database.db);
    const response = await importFile(csv);
    expect(response.status).toBe(422);
    const refusal = (await response.json()) as Refusal;
    expect(refusal.error).toBe(
      "El fichero tiene 2 errores: no se ha aplicado ninguna devolución. Corrija las líneas indicadas o pida al banco el fichero correcto.",
    );
    expect(refusal.lineErrors).toEqual([
      { line: 3, message: "La referencia NO-EXISTE-1 no corresponde a ningún adeudo de nuestras remesas" },
      {
        line: 4,
        message: `El importe ${formatMoney(9_900)} no coincide con el del adeudo ${remittance.items[1]!.endToEndId} (${formatMoney(12_000)})`,
      },
    ]);
    expect(await counts(database.db)).toEqual(before);
    const states = await database.db
      .select({ status: recibos.status })
      .from(recibos)
      .where(
        inArray(
          recibos.id,
          remittance.items.map((i) => i.reciboId),
        ),
      );
    expect(states.map((s) => s.status)).toEqual(["remesado", "remesado", "remesado"]);
  });

  it("un fichero de otro acreedor o mal formado se rechaza con un mensaje claro y no cambia nada", async () => {
    const remittance = await remitted(1);
    const returns = [{ endToEndId: remittance.items[0]!.endToEndId, code: "AM04" }];
    const before = await counts(database.db);

    const foreign = await importFile(pain002({ originalMsgId: remittance.messageId, creditorId: "ES22ZZZA87654321", returns }), "otro.xml");
    expect(foreign.status).toBe(422);
    expect(((await foreign.json()) as Refusal).error).toBe(
      `Este fichero es de otro acreedor (identificador ES22ZZZA87654321); el nuestro es ${CREDITOR}. No se ha aplicado ninguna devolución.`,
    );
    const otherRemittance = await importFile(pain002({ originalMsgId: "REM-DE-OTRO", returns }), "otro2.xml");
    expect(((await otherRemittance.json()) as Refusal).error).toMatch(
      /^Este fichero responde a la remesa REM-DE-OTRO, que no es ninguna de las nuestras/,
    );

    const brokenXml = pain002({ originalMsgId: remittance.messageId, returns }).replace("</TxSts>", "</TxStatus>");
    const broken = await importFile(brokenXml, "roto.xml");
    expect(broken.status).toBe(422);
    const line = brokenXml.split("\n").findIndex((l) => l.includes("</TxStatus>")) + 1;
    expect(((await broken.json()) as Refusal).lineErrors).toEqual([
      { line, message: "La etiqueta de cierre </TxStatus> no corresponde a ninguna abierta" },
    ]);

    const xxe = await importFile('<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Document>&e;</Document>', "xxe.xml");
    expect(((await xxe.json()) as Refusal).lineErrors[0]!.message).toBe("El XML contiene una declaración DOCTYPE o ENTITY, que no se admite");
    expect(await counts(database.db)).toEqual(before);
  });

  it("los permisos: payments:read ve las importaciones, importar pide payments:write", async () => {
    const reader = await adminWith({ "payments:read": true });
    expect((await call("post", "/admin/payments/returns", { body: body("x") })).status).toBe(401);
    expect((await call("post", "/admin/payments/returns", { token: reader.token, body: body("x") })).status).toBe(403);
    const list = await json<{ items: { id: number; fileName: string }[] }>("get", "/admin/payments/returns", { token: reader.token, status: 200 });
    expect(list.items[0]!.fileName).toBeDefined();
    const one = await json<{ lines: unknown[] }>("get", `/admin/payments/returns/${list.items[0]!.id}`, { token: reader.token, status: 200 });
    expect(one.lines.length).toBeGreaterThan(0);
    expect((await call("get", "/admin/payments/returns/999999", { token: reader.token })).status).toBe(404);
  });

  it("«Marcar devuelto» de un recibo cobrado reabre la deuda (paid_at vacío)", async () => {
    const p = await insertTestPolicy(database.db, { startDate: "2027-01-01", createdAt: new Date("2027-01-01T09:00:00Z"), frequency: "mensual" });
    const paid = p.recibos[0]!;
    await json("post", `/admin/policies/${p.id}/recibos/${paid.id}/return`, {
      token: superToken,
      body: { reason: "Devuelto por el banco" },
      status: 200,
    });
    const [row] = await database.db.select().from(recibos).where(eq(recibos.id, paid.id));
    expect(row).toMatchObject({ status: "devuelto", paidAt: null, returnReason: "Devuelto por el banco" });
  });

  it("la ficha de la póliza ofrece «Marcar devuelto» en los recibos remesados y cobrados, no solo en los pendientes", async () => {
    const p = await insertTestPolicy(database.db, { startDate: "2027-01-01", createdAt: new Date("2027-01-01T09:00:00Z"), frequency: "trimestral" });
    await remitRecibos(database.db, [p.recibos[1]!.id]);
    const answer = await json<{ recibos: { sequence: number; status: string; actions: string[] }[] }>("get", `/admin/policies/${p.id}`, {
      token: superToken,
      status: 200,
    });
    const bySequence = Object.fromEntries(answer.recibos.map((r) => [r.sequence, r]));
    expect(bySequence[1]).toMatchObject({ status: "cobrado", actions: expect.arrayContaining(["return"]) });
    expect(bySequence[2]).toMatchObject({ status: "remesado", actions: expect.arrayContaining(["return"]) });
    expect(bySequence[3]).toMatchObject({ status: "pendiente", actions: expect.arrayContaining(["return"]) });
  });
});

async function policyNumber(policyId: number) {
  const [row] = await database.db.select({ number: policies.number }).from(policies).where(eq(policies.id, policyId));
  return row!.number;
}
