// Keep transactions short (ADR 017): the card is charged, the lifecycle's charges and
// refunds are made and the PDFs are rendered with no transaction open. A payment provider that looks, while it charges, whether it runs inside a
// transaction and whether the database can answer another statement (PGlite has one connection:
// a transaction open around the charge would keep that statement waiting); PDF rendering refuses
// to run inside a transaction, and the e-mails' PDFs are there once the answer arrives.
import { sql } from "drizzle-orm";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import type { ApiApp } from "../../api/env";
import type { DatabaseHandle } from "../../api/db/client";
import { outboxEmails, type EmailAttachment, type OutboxAttachment } from "../../api/db/schema";
import { inTransaction } from "../../api/db/transaction-scope";
import { completeAttachments, issueDocumentRef, pendingPdf } from "../../api/services/attachments";
import { memoryDocumentStore } from "../../api/services/document-store/store";
import { enqueueEmail } from "../../api/services/mail";
import { withProviderCallsOutside } from "../../api/services/provider-outside";
import { TestGateway, type ChargeRequest, type ChargeResult } from "../../api/services/payments";
import { checkoutBody } from "../support/checkout";
import { createTestDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { ALQUILER, AUTO, HOGAR } from "../support/quote-inputs";
import { memoryLogger, TEST_JWT_SECRET, TEST_RATE_LIMITS } from "../support/server";

type Observation = { inTransaction: boolean; connection: "free" | "busy" };

class WatchingGateway extends TestGateway {
  readonly charges: Observation[] = [];
  refunds = 0;
  constructor(private readonly database: () => DatabaseHandle) {
    super();
  }
  override async charge(request: ChargeRequest): Promise<ChargeResult> {
    const probe = this.database()
      .db.execute(sql`select 1`)
      .then(() => "free" as const);
    const timeout = new Promise<"busy">((resolve) => setTimeout(() => resolve("busy"), 3_000));
    this.charges.push({ inTransaction: inTransaction(), connection: await Promise.race([probe, timeout]) });
    return super.charge(request);
  }
  readonly later: Array<Observation & { call: string }> = [];
  override async refund(request: Parameters<TestGateway["refund"]>[0]): Promise<ChargeResult> {
    this.refunds += 1;
    this.later.push({ call: "refund", ...(await this.observe()) });
    return super.refund(request);
  }
  override async chargeMandate(request: Parameters<TestGateway["chargeMandate"]>[0]): Promise<ChargeResult> {
    this.later.push({ call: "chargeMandate", ...(await this.observe()) });
    return super.chargeMandate(request);
  }
  private async observe(): Promise<Observation> {
    const probe = this.database()
      .db.execute(sql`select 1`)
      .then(() => "free" as const);
    const timeout = new Promise<"busy">((resolve) => setTimeout(() => resolve("busy"), 3_000));
    return { inTransaction: inTransaction(), connection: await Promise.race([probe, timeout]) };
  }
}

let database: DatabaseHandle;
let api: ApiApp;
const gateway = new WatchingGateway(() => database);
const logger = memoryLogger();

// The API's document store: what the sale issued is read back from it (ADR 036).
const store = memoryDocumentStore();
beforeAll(async () => {
  database = await createTestDatabase();
  api = createApi({
    db: database.db,
    readDb: database.readDb,
    logger,
    now: () => new Date(),
    jwtSecret: TEST_JWT_SECRET,
    payments: gateway,
    rateLimits: TEST_RATE_LIMITS,
    documents: store,
  });
});
afterAll(async () => {
  await database?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes
async function call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { "x-cotiza-client-ip": "192.0.2.17" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await api.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function attachmentsOf(subject: string): Promise<OutboxAttachment[]> {
  const rows = await database.db.select().from(outboxEmails).where(eq(outboxEmails.subject, subject));
  expect(rows).toHaveLength(1);
  return rows[0]!.attachments;
}

function expectRenderedPdfs(attachments: OutboxAttachment[], count: number) {
  expect(attachments).toHaveLength(count);
  for (const a of attachments) {
    expect(a).not.toHaveProperty("document");
    expect(
      Buffer.from((a as EmailAttachment).contentBase64, "base64")
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  }
}

describe("transacciones cortas", () => {
  let visitor: string;
  let hogarPolicy: { id: number; number: string };

  it("la contratación cobra la tarjeta sin transacción abierta y con la base de datos libre, y el correo lleva sus PDF", async () => {
    const registered = await call("POST", "/auth/register", { name: "Marta Corta", email: "corta@example.com", password: "Gazpacho-andaluz-2026" });
    expect(registered.status).toBe(201);
    visitor = registered.body.token;
    for (const [line, inputs, nif, extra] of [
      ["auto", AUTO, "12345678Z", {}],
      ["hogar", HOGAR, "12345678Z", { plan: "basico", payment: { method: "sepa", iban: "ES91 2100 0418 4502 0005 1332", holder: "Marta Corta" } }],
    ] as const) {
      const quote = await call("POST", "/quotes", { line, inputs }, visitor);
      expect(quote.status).toBe(201);
      const before = gateway.charges.length;
      const answer = await call("POST", `/quotes/${quote.body.id}/checkout`, checkoutBody(nif, extra, line), visitor);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      // The card is charged outside any transaction; the direct debit is not charged at all (ADR 033).
      expect(gateway.charges.slice(before)).toEqual(line === "hogar" ? [] : [{ inTransaction: false, connection: "free" }]);
      expectRenderedPdfs(await attachmentsOf(`Su póliza ${answer.body.number}: ${answer.body.lineName}`), 3);
      if (line === "hogar") hogarPolicy = answer.body;
    }
    expect(gateway.refunds).toBe(0);
  });

  it("la venta por teléfono también", async () => {
    const staff = await call("POST", "/admin/auth/login", { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    const quote = await call("POST", "/admin/policies/quotes", { line: "alquiler", inputs: ALQUILER }, staff.body.token);
    expect(quote.status).toBe(201);
    const before = gateway.charges.length;
    const sale = await call(
      "POST",
      "/admin/policies",
      { ...checkoutBody("87654321X", { plan: quote.body.plans[0].code, email: "telefono@example.com" }, "alquiler"), quoteId: quote.body.id },
      staff.body.token,
    );
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(gateway.charges.slice(before)).toEqual([{ inTransaction: false, connection: "free" }]);
    expectRenderedPdfs(await attachmentsOf(`Su póliza ${sale.body.number}: ${sale.body.lineName}`), 3);
  });

  it("el desistimiento escribe su correo en la transacción y su PDF después", async () => {
    const answer = await call("POST", `/me/policies/${hogarPolicy.id}/withdraw`, undefined, visitor);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expectRenderedPdfs(await attachmentsOf(`Desistimiento de su póliza ${hogarPolicy.number}`), 1);
    expect(logger.lines.filter((l) => l.level === "error")).toEqual([]);
  });

  it("el ciclo de vida cobra y devuelve fuera de su transacción: desistimiento, cobro de un recibo por el mandato, extorno", async () => {
    // The withdrawal above was of a SEPA policy whose first recibo had not been debited yet (ADR 033):
    // nothing went back through the provider.
    expect(gateway.later.filter((o) => o.call === "refund")).toEqual([]);
    const staff = await call("POST", "/admin/auth/login", { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    const quote = await call("POST", "/quotes", { line: "alquiler", inputs: ALQUILER }, visitor);
    const bought = await call(
      "POST",
      `/quotes/${quote.body.id}/checkout`,
      checkoutBody("12345678Z", { plan: quote.body.plans[0].code, frequency: "mensual" }, "alquiler"),
      visitor,
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const policy = await call("GET", `/admin/policies/${bought.body.id}`, undefined, staff.body.token);
    const [first, second] = policy.body.recibos as Array<{ id: number }>;
    gateway.later.length = 0;
    const charged = await call("POST", `/admin/policies/${bought.body.id}/recibos/${second!.id}/charge`, undefined, staff.body.token);
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    const refunded = await call("POST", `/admin/policies/${bought.body.id}/recibos/${first!.id}/refund`, undefined, staff.body.token);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(gateway.later).toEqual([
      { call: "chargeMandate", inTransaction: false, connection: "free" },
      { call: "refund", inTransaction: false, connection: "free" },
    ]);
  });

  it("un cobro que la transacción no llega a registrar se devuelve", async () => {
    const refunds = gateway.refunds;
    const spec = { purpose: "recibo" as const, subject: "prueba-sin-registrar", amountCents: 1000 };
    const work = withProviderCallsOutside(database.db, gateway, logger, async (provider) =>
      database.db.transaction(async () => {
        const charge = await provider.chargeMandateAttempt(
          spec,
          { attempt: 1, providerKey: "recibo-prueba-sin-registrar-1" },
          {
            amountCents: 1000,
            method: "card",
            mandate: "test_mandate_card_ok_x",
            description: "prueba",
          },
        );
        expect(charge.status).toBe("accepted");
        throw new Error("la transacción falla después del cobro");
      }),
    );
    await expect(work).rejects.toThrow("la transacción falla después del cobro");
    expect(gateway.refunds).toBe(refunds + 1);
  });

  it("un PDF no se genera dentro de una transacción", async () => {
    // An IPID queued without its policy is rendered each time (not stored): the renderer's guard is what answers.
    const ref = { kind: "ipid" as const, line: "hogar" as const, at: new Date().toISOString() };
    const stored = { documents: memoryDocumentStore(), now: () => new Date() };
    const render = database.db.transaction(async (tx) => issueDocumentRef({ ...stored, db: tx as never }, ref));
    await expect(render).rejects.toThrow(/inside a database transaction/);
    // Outside, the same document renders.
    expect((await issueDocumentRef({ ...stored, db: database.db }, ref)).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("un correo cuyos PDF quedaron por generar (el proceso se paró tras el commit) los recibe antes de enviarse", async () => {
    const emailId = await enqueueEmail(
      database.db,
      {
        template: "prueba",
        to: "corta@example.com",
        subject: "Reenvío",
        text: "Sus documentos",
        attachments: [
          pendingPdf("condiciones.pdf", { kind: "conditions", policyId: hogarPolicy.id }),
          pendingPdf("ipid-hogar.pdf", { kind: "ipid", line: "hogar", at: new Date().toISOString() }),
        ],
      },
      new Date(),
    );
    const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, emailId));
    expect(row!.attachments.every((a) => "document" in a)).toBe(true);
    const rendered = await completeAttachments({ db: database.db, documents: store, now: () => new Date() }, emailId);
    expect(rendered.map((a) => a.filename)).toEqual(["condiciones.pdf", "ipid-hogar.pdf"]);
    expectRenderedPdfs(await attachmentsOf("Reenvío"), 2);
  });
});
