// SEPA recibos never go through the payment gateway (ADR 033), over real HTTP with a provider that
// throws on any SEPA call: a web sale and a phone sale with domiciliación are issued en vigor with
// recibo 1 pendiente and a FRST mandate, no payment row, no charge attempt, an e-mail that says
// when it will be debited; staff "Cobrar" is not offered and the API refuses it (409); the first
// remittance sends both recibos 1 as FRST; a returned FRST leaves its mandate FRST, so it is
// presented as FRST again; once collected the mandate is RCUR; "Pagar ahora" by card still pays a
// SEPA recibo; and the reconciliation stays empty throughout.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, chargeAttempts, outboxEmails, payments, policies, recibos, remittanceItems, sepaMandates } from "../../api/db/schema";
import { runLifecycleDay } from "../../api/services/daily-run";
import { TestGateway, type ChargeRequest, type ChargeResult, type MandateChargeRequest, type SepaDetails } from "../../api/services/payments";
import { isReconciled, reconcile } from "../../api/services/reconciliation";
import { SEPA_CHARGE_REFUSED_MESSAGE } from "../../api/services/recibos";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import {
  call,
  checkout,
  checkoutBody,
  createQuote,
  database,
  GOOD_CARD,
  registerVisitor,
  SEPA,
  setUpCheckoutApi,
  type Policy,
} from "../support/checkout";
import { ALQUILER, HOGAR } from "../support/quote-inputs";
import { returnsCsv } from "../support/return-files";
import { memoryLogger } from "../support/server";

/** The test gateway, except that any SEPA call is a failure of the test: SEPA is collected by remittance. */
class NoSepaGateway extends TestGateway {
  readonly sepaCalls: string[] = [];
  override async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.payment.method === "sepa") this.refuse("charge");
    return super.charge(request);
  }
  override async chargeMandate(request: MandateChargeRequest): Promise<ChargeResult> {
    if (request.method === "sepa") this.refuse("chargeMandate");
    return super.chargeMandate(request);
  }
  override async registerSepaMandate(details: SepaDetails, reference: string) {
    this.refuse("registerSepaMandate");
    return super.registerSepaMandate(details, reference);
  }
  private refuse(call: string): never {
    this.sepaCalls.push(call);
    throw new Error(`SEPA through the gateway: ${call}`);
  }
}

const CREDITOR = { name: "Cotiza Correduría de Seguros, S.L.", creditorId: "ES11ZZZB12345674", iban: "ES9121000418450200051332", bic: "CAIXESBBXXX" };
const gateway = new NoSepaGateway();
// Tuesday 10 March 2026, 10:00 in Madrid; the tests move it forward.
let now = new Date("2026-03-10T09:00:00.000Z");
setUpCheckoutApi(() => now, gateway);

let staff = "";
async function admin(method: string, path: string, body?: unknown) {
  if (!staff)
    staff = (await call("POST", "/admin/auth/login", { body: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD } })).body.token as string;
  return call(method, path, { body, token: staff });
}

const mandateOf = async (policyId: number) =>
  (
    await database.db
      .select()
      .from(sepaMandates)
      .where(and(eq(sepaMandates.policyId, policyId), eq(sepaMandates.status, "activo")))
  )[0]!;
const reciboOf = async (policyId: number, sequence: number) =>
  (
    await database.db
      .select()
      .from(recibos)
      .where(and(eq(recibos.policyId, policyId), eq(recibos.sequence, sequence)))
  )[0]!;
async function expectReconciled() {
  const r = await reconcile(database.db);
  expect(r, JSON.stringify(r)).toSatisfy(isReconciled);
}
async function remit(collectionDate: string) {
  const preview = await admin("POST", "/admin/payments/remittances/preview", { collectionDate });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const made = await admin("POST", "/admin/payments/remittances", { selection: { collectionDate }, requestKey: preview.body.requestKey });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as number;
}
const itemOf = async (remittanceId: number, reciboId: number) =>
  (
    await database.db
      .select()
      .from(remittanceItems)
      .where(and(eq(remittanceItems.remittanceId, remittanceId), eq(remittanceItems.reciboId, reciboId)))
  )[0]!;

let web: Policy;
let webOwner = "";
/** Moves the clock; the sessions made before are stale by then (their tokens expire), so staff sign in again. */
function moveTo(iso: string) {
  now = new Date(iso);
  staff = "";
}
let phone: Policy;
let firstRemittance = 0;

describe("la venta con domiciliación no pasa por la pasarela", () => {
  it("web: en vigor, recibo 1 pendiente para la remesa, mandato FRST, sin cobro ni intento; el correo dice cuándo se cargará", async () => {
    const visitor = await registerVisitor();
    webOwner = visitor.email;
    const quote = await createQuote("hogar", HOGAR, visitor.token);
    const body = checkoutBody(visitor.nif, { plan: "basico", frequency: "trimestral", payment: SEPA }, "hogar");
    const answer = await checkout(quote.id, body, visitor.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    web = answer.body as unknown as Policy;
    expect(web).toMatchObject({ status: "en_vigor", payment: { method: "sepa" } });
    expect(web.payment!.label).toMatch(/^ES91 .*1332$/);
    expect(web.recibos[0]).toMatchObject({ sequence: 1, dueDate: "2026-03-11", status: "pendiente", paidAt: null });
    expect(gateway.sepaCalls).toEqual([]);
    expect(await database.db.select().from(payments).where(eq(payments.policyId, web.id))).toEqual([]);
    expect(await database.db.select().from(chargeAttempts)).toEqual([]);
    expect((await mandateOf(web.id)).sequenceType).toBe("FRST");

    const audits = await database.db.select().from(auditLog);
    expect(audits.filter((a) => a.action === "payment.accepted")).toEqual([]);
    expect(audits.find((a) => a.action === "policy.activated" && a.entityId === String(web.id))!.after).toMatchObject({
      status: "en_vigor",
      firstRecibo: "pendiente",
      via: "mandato_sepa",
    });
    const email = (await database.db.select().from(outboxEmails)).find((e) => e.subject.startsWith(`Su póliza ${web.number}:`));
    expect(email!.body).toMatch(
      /Primer recibo: [\d.,]+\s€, se cargará por domiciliación bancaria en la cuenta ES91 .*1332 a partir del 11\/03\/2026\./,
    );
    expect(email!.body).not.toMatch(/Primer recibo: [^\n]*, cobrado/);

    // The same submit again answers the same policy, still with nothing charged.
    const again = await checkout(quote.id, body, visitor.token);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(web.id);
    expect(gateway.sepaCalls).toEqual([]);
    await expectReconciled();
  });

  it("un IBAN con el dígito de control mal se rechaza (400) en el campo, sin crear nada", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("hogar", HOGAR, visitor.token);
    const before = (await database.db.select().from(policies)).length;
    const answer = await checkout(
      quote.id,
      checkoutBody(visitor.nif, { plan: "basico", payment: { ...SEPA, iban: "ES91 2100 0418 4502 0005 1333" } }, "hogar"),
      visitor.token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors?.iban?.[0]).toMatch(/IBAN/);
    expect((await database.db.select().from(policies)).length).toBe(before);
  });

  it("por teléfono: igual, y el personal no ve «Cobrar ahora» en un recibo domiciliado; la API lo rechaza con un 409 claro", async () => {
    const quote = await admin("POST", "/admin/policies/quotes", { line: "alquiler", inputs: ALQUILER });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const sale = await admin("POST", "/admin/policies", {
      ...checkoutBody(
        "87654321X",
        { plan: (quote.body.plans as Array<{ code: string }>)[0]!.code, payment: SEPA, email: "telefono@example.com" },
        "alquiler",
      ),
      quoteId: quote.body.id,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    phone = sale.body as unknown as Policy;
    expect(phone.status).toBe("en_vigor");
    expect(phone.recibos[0]!.status).toBe("pendiente");
    expect((await mandateOf(phone.id)).sequenceType).toBe("FRST");

    const view = await admin("GET", `/admin/policies/${phone.id}`);
    const [first] = view.body.recibos as Array<{ id: number; actions: string[] }>;
    expect(first!.actions).toContain("mark-paid");
    expect(first!.actions).not.toContain("charge");
    const refused = await admin("POST", `/admin/policies/${phone.id}/recibos/${first!.id}/charge`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(SEPA_CHARGE_REFUSED_MESSAGE);
    expect(await reciboOf(phone.id, 1)).toMatchObject({ status: "pendiente", attempts: 0 });
    expect(gateway.sepaCalls).toEqual([]);
    await expectReconciled();
  });
});

describe("FRST y RCUR", () => {
  it("la primera remesa lleva los recibos 1 como FRST; al generarla, los mandatos pasan a RCUR", async () => {
    expect((await admin("POST", "/admin/settings/sepa_creditor", { value: CREDITOR, effectiveFrom: "2026-03-10" })).status).toBe(201);
    firstRemittance = await remit("2026-03-12");
    for (const p of [web, phone]) {
      const recibo = await reciboOf(p.id, 1);
      expect(recibo.status).toBe("remesado");
      expect((await itemOf(firstRemittance, recibo.id)).sequenceType).toBe("FRST");
      expect((await mandateOf(p.id)).sequenceType).toBe("RCUR");
    }
  });

  it("un FRST devuelto deja el mandato en FRST: se presenta otra vez como primer adeudo; cobrado, el mandato queda RCUR", async () => {
    const recibo = await reciboOf(web.id, 1);
    const item = await itemOf(firstRemittance, recibo.id);
    const csv = returnsCsv([{ endToEndId: item.endToEndId, code: "AM04" }]);
    const imported = await admin("POST", "/admin/payments/returns", {
      fileName: "devoluciones.csv",
      contentBase64: Buffer.from(csv).toString("base64"),
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await reciboOf(web.id, 1)).status).toBe("devuelto");
    expect((await mandateOf(web.id)).sequenceType).toBe("FRST");
    // The other policy's first debit was not returned: its mandate stays RCUR.
    expect((await mandateOf(phone.id)).sequenceType).toBe("RCUR");

    moveTo("2026-03-13T09:00:00.000Z");
    const second = await remit("2026-03-16");
    expect((await itemOf(second, recibo.id)).sequenceType).toBe("FRST");
    expect((await mandateOf(web.id)).sequenceType).toBe("RCUR");

    // Two business days after 16 March nothing came back: collected, and the mandate's next debits are RCUR.
    moveTo("2026-03-18T08:00:00.000Z");
    const run = await runLifecycleDay({ db: database.db, payments: gateway, logger: memoryLogger() }, "2026-03-18", () => now);
    expect(run.errores).toBe(0);
    expect(await reciboOf(web.id, 1)).toMatchObject({ status: "cobrado" });
    expect(await reciboOf(phone.id, 1)).toMatchObject({ status: "cobrado" });
    expect((await itemOf(second, recibo.id)).status).toBe("cobrado");
    expect((await mandateOf(web.id)).sequenceType).toBe("RCUR");
    expect(gateway.sepaCalls).toEqual([]);
    await expectReconciled();
  });

  it("un recibo domiciliado se puede pagar con «Pagar ahora» con tarjeta", async () => {
    moveTo("2026-06-12T08:00:00.000Z");
    const login = await call("POST", "/auth/login", { body: { email: webOwner, password: "Gazpacho-andaluz-2026" } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const paid = await call("POST", `/me/policies/${web.id}/recibos/2/pay`, {
      token: login.body.token as string,
      body: { payment: GOOD_CARD, idempotencyKey: crypto.randomUUID() },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await reciboOf(web.id, 2)).status).toBe("cobrado");
    const rows = await database.db.select().from(payments).where(eq(payments.policyId, web.id));
    expect(rows.map((r) => [r.method, r.status])).toEqual([["card", "aceptado"]]);
    expect(gateway.sepaCalls).toEqual([]);
    await expectReconciled();
  });
});
