// The customer's own actions on a policy over real HTTP, with the API's clock moved by the test:
// withdrawing (desistimiento, Ley 22/2007: 14 calendar days from the contract, not for a car
// policy, the premium of the days not covered refunded through the payment provider) and
// stopping the renewal (art. 22 LCS: up to one month before the end). Someone else's policy is a
// 404, a refusal a 409 that says why, and a double submit refunds once.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, outboxEmails, payments, policyHistory, refunds, type EmailAttachment } from "../../api/db/schema";
import { pdfText } from "../support/pdf-text";
import {
  call,
  checkout,
  checkoutBody,
  createQuote,
  database,
  download,
  NOT_FOUND_POLICY,
  registerVisitor,
  setUpCheckoutApi,
  type Json,
  type Policy,
} from "../support/checkout";
import { ALQUILER, AUTO, HOGAR } from "../support/quote-inputs";

/** The API's clock: the tests move it forward, never back. Contracts on 10 March 2026, 10:00 in Madrid. */
let now = new Date("2026-03-10T09:00:00.000Z");
const at = (iso: string) => {
  const next = new Date(iso);
  expect(next.getTime()).toBeGreaterThanOrEqual(now.getTime());
  now = next;
};
setUpCheckoutApi(() => now);

type Lifecycle = {
  withdrawal: { possible: boolean; refusal: string | null; refundCents: number | null };
  renewal: { stopped: { by: string; at: string } | null; stopUntil: string; possible: boolean; refusal: string | null };
  cancellation: { reason: string; effectiveDate: string; at: string; refundedCents: number } | null;
};
type MyPolicy = Policy & { lifecycle: Lifecycle };

const PASSWORD = "Gazpacho-andaluz-2026";
type Visitor = Awaited<ReturnType<typeof registerVisitor>>;

/** A fresh token on the moved clock (its expiry is checked against the API's clock). */
async function signIn(visitor: Visitor): Promise<string> {
  const answer = await call("POST", "/auth/login", { body: { email: visitor.email, password: PASSWORD } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token as string;
}

async function buy(visitor: Visitor, line: "auto" | "hogar" | "alquiler", overrides: Record<string, unknown>): Promise<Policy> {
  const inputs = { auto: AUTO, hogar: HOGAR, alquiler: ALQUILER }[line];
  const quote = await createQuote(line, inputs, visitor.token);
  const answer = await checkout(quote.id, checkoutBody(visitor.nif, { idempotencyKey: crypto.randomUUID(), ...overrides }, line), visitor.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as unknown as Policy;
}

async function act(visitor: Visitor, policyId: number, action: "withdraw" | "stop-renewal") {
  return call("POST", `/me/policies/${policyId}/${action}`, { token: await signIn(visitor) });
}
const read = async (visitor: Visitor, policyId: number) => {
  const answer = await call("GET", `/me/policies/${policyId}`, { token: await signIn(visitor) });
  expect(answer.status).toBe(200);
  return answer.body as unknown as MyPolicy;
};
const refundPayments = (policyId: number) =>
  database.db
    .select()
    .from(payments)
    .where(and(eq(payments.policyId, policyId), eq(payments.status, "reembolsado")));
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

let owner: Visitor;
let stranger: Visitor;
let hogar: Policy; // trimestral: withdrawn on day 14, then sent again
let hogarTwice: Policy; // withdrawn by two requests at once
let alquiler: Policy; // mensual: too late on day 15; its renewal stopped too late
let auto: Policy; // no withdrawal; renewal stopped on the last day

beforeAll(async () => {
  owner = await registerVisitor();
  stranger = await registerVisitor();
  // One client per NIF: every policy of the owner carries the same policyholder.
  hogar = await buy(owner, "hogar", { plan: "basico", frequency: "trimestral" });
  hogarTwice = await buy(owner, "hogar", { plan: "basico", frequency: "anual" });
  alquiler = await buy(owner, "alquiler", { plan: "meses_12", frequency: "mensual" });
  auto = await buy(owner, "auto", { plan: "terceros", frequency: "anual" });
});

describe("desistimiento desde Mi póliza", () => {
  it("el día de la contratación la póliza dice hasta cuándo puede desistir y cuánto se le devolvería; el coche dice por qué no", async () => {
    const mine = await read(owner, hogar.id);
    expect(mine.withdrawal).toEqual({ allowed: true, until: "2026-03-24" });
    // Cover starts tomorrow: every cent paid would come back.
    expect(mine.lifecycle).toEqual({
      withdrawal: { possible: true, refusal: null, refundCents: hogar.recibos[0]!.amount },
      renewal: { stopped: null, stopUntil: "2027-02-11", possible: true, refusal: null },
      cancellation: null,
    });
    const car = await read(owner, auto.id);
    expect(car.withdrawal).toEqual({ allowed: false, until: null });
    expect(car.lifecycle.withdrawal).toEqual({
      possible: false,
      refusal: "El seguro de coche no admite desistimiento: incluye la responsabilidad civil obligatoria, un seguro obligatorio por ley",
      refundCents: null,
    });
  });

  it("el seguro de coche no admite desistimiento: 409 con el motivo, y nada cambia", async () => {
    const refused = await act(owner, auto.id, "withdraw");
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: "El seguro de coche no admite desistimiento: incluye la responsabilidad civil obligatoria, un seguro obligatorio por ley",
    });
    expect((await read(owner, auto.id)).status).toBe("en_vigor");
    expect(await refundPayments(auto.id)).toEqual([]);
  });

  it("el IPID y las condiciones del coche dicen que no admite desistimiento, y por qué", async () => {
    const reason = "incluye la responsabilidad civil de suscripción obligatoria del vehículo, por lo que no admite el derecho de desistimiento";
    const ipid = await download("/documents/ipid/auto");
    expect(ipid.status).toBe(200);
    expect(pdfText(ipid.bytes).replace(/\s+/g, " ")).toContain(reason);
    const conditions = await download(`/me/policies/${auto.id}/documents/conditions`, { token: await signIn(owner) });
    expect(conditions.status).toBe(200);
    expect(pdfText(conditions.bytes).replace(/\s+/g, " ")).toContain(reason);
  });

  it("la póliza de otra persona da 404, como la que no existe; sin sesión, 401", async () => {
    for (const action of ["withdraw", "stop-renewal"] as const) {
      for (const id of [hogar.id, 999_999]) {
        const answer = await act(stranger, id, action);
        expect(answer.status, `${action} ${id}`).toBe(404);
        expect(answer.body).toEqual(NOT_FOUND_POLICY);
      }
      expect((await call("POST", `/me/policies/${hogar.id}/${action}`)).status).toBe(401);
    }
    expect((await read(owner, hogar.id)).status).toBe("en_vigor");
  });

  it("el día 14 desiste: póliza anulada, recibos pendientes anulados, extorno de los días no cubiertos, historial, auditoría y correo con el PDF", async () => {
    // 24 March, 22:30 in Madrid: the last day of the fourteen.
    at("2026-03-24T21:30:00.000Z");
    const before = await read(owner, hogar.id);
    const paid = hogar.recibos[0]!.amount;
    // The quarterly recibo 1 paid for 11 March – 11 June; the days of that quarter from the 24th come
    // back (not a share of the whole year: the other quarters were never paid).
    const quarterEnd = hogar.recibos[1]!.dueDate;
    const expected = Math.round((paid * daysBetween("2026-03-24", quarterEnd)) / daysBetween(hogar.startDate, quarterEnd));
    expect(before.lifecycle.withdrawal).toEqual({ possible: true, refusal: null, refundCents: expected });

    const done = await act(owner, hogar.id, "withdraw");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const policy = done.body as unknown as MyPolicy;
    expect(policy.status).toBe("anulada");
    expect(policy.recibos.map((r) => r.status)).toEqual(["cobrado", "anulado", "anulado", "anulado"]);
    expect(policy.lifecycle.cancellation).toEqual({
      reason: "desistimiento",
      effectiveDate: "2026-03-24",
      at: "2026-03-24T21:30:00.000Z",
      refundedCents: expected,
    });
    expect(policy.lifecycle.withdrawal.possible).toBe(false);
    expect(policy.lifecycle.renewal.possible).toBe(false);

    // The refund went through the payment provider (the test gateway's refund reference).
    const refund = await refundPayments(hogar.id);
    expect(refund).toHaveLength(1);
    expect(refund[0]).toMatchObject({ amountCents: expected, method: "card", providerRef: expect.stringMatching(/^test_refund_/) });
    // …and is recorded as the policy's extorno, done, with its cause and recibo.
    const owed = await database.db.select().from(refunds).where(eq(refunds.policyId, hogar.id));
    expect(owed).toEqual([
      expect.objectContaining({
        amountCents: expected,
        cause: "desistimiento",
        status: "hecho",
        reciboId: refund[0]!.reciboId,
        providerRef: refund[0]!.providerRef,
      }),
    ]);

    const [entry] = await database.db
      .select()
      .from(policyHistory)
      .where(and(eq(policyHistory.policyId, hogar.id), eq(policyHistory.event, "anulada")));
    expect(entry).toMatchObject({ actorType: "user", actorLabel: owner.email, fromStatus: "en_vigor", toStatus: "anulada" });
    expect(entry!.summary).toContain("desistimiento");
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "policy.cancelled"), eq(auditLog.entityId, String(hogar.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorType: "user",
      actorLabel: owner.email,
      after: expect.objectContaining({ reason: "desistimiento", refundCents: expected }),
    });

    const mails = await database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, `Desistimiento de su póliza ${hogar.number}`));
    expect(mails).toHaveLength(1);
    const money = new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR" }).format(expected / 100);
    expect(mails[0]!.body).toContain(`Le devolvemos ${money}`);
    expect(mails[0]!.body).toContain(`https://seguros.example.es/mi-poliza/${hogar.id}`);
    const [pdf] = mails[0]!.attachments;
    expect(pdf).toMatchObject({ filename: `desistimiento-${hogar.number}.pdf`, contentType: "application/pdf" });
    const text = pdfText(Buffer.from((pdf as EmailAttachment).contentBase64, "base64"));
    expect(text).toContain("Confirmación de desistimiento");
    expect(text).toContain("24/03/2026");
    // (the PDF text reader drops the euro sign)
    expect(text).toContain(money.replace(/\s€$/, ""));
  });

  it("un segundo envío no devuelve nada otra vez: 409, la póliza ya está anulada", async () => {
    const again = await act(owner, hogar.id, "withdraw");
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("La póliza está anulada; no se puede anular");
    expect(await refundPayments(hogar.id)).toHaveLength(1);
    expect(
      await database.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.subject, `Desistimiento de su póliza ${hogar.number}`)),
    ).toHaveLength(1);
  });

  it("dos envíos a la vez: uno anula y devuelve, el otro da 409", async () => {
    const token = await signIn(owner);
    const answers = await Promise.all([1, 2].map(() => call("POST", `/me/policies/${hogarTwice.id}/withdraw`, { token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await refundPayments(hogarTwice.id)).toHaveLength(1);
  });

  it("el día 15 es tarde: 409 con el día en que terminó el plazo", async () => {
    // 25 March, 00:30 in Madrid.
    at("2026-03-24T23:30:00.000Z");
    const refused = await act(owner, alquiler.id, "withdraw");
    expect(refused.status).toBe(409);
    expect((refused.body as Json).error).toBe("El plazo para desistir terminó el 24/03/2026 (14 días naturales desde la contratación)");
    const mine = await read(owner, alquiler.id);
    expect(mine.status).toBe("en_vigor");
    expect(mine.lifecycle.withdrawal).toMatchObject({ possible: false, refusal: refused.body.error, refundCents: null });
    expect(await refundPayments(alquiler.id)).toEqual([]);
  });
});

describe("no renovar desde Mi póliza (art. 22 LCS)", () => {
  it("hasta un mes antes del vencimiento se opone a la prórroga: la póliza vencerá sin renovarse, con historial, auditoría y correo", async () => {
    // 11 February 2027, the last day (the policy ends on 11 March 2027).
    at("2027-02-11T20:00:00.000Z");
    expect((await read(owner, auto.id)).lifecycle.renewal).toEqual({ stopped: null, stopUntil: "2027-02-11", possible: true, refusal: null });
    const done = await act(owner, auto.id, "stop-renewal");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const policy = done.body as unknown as MyPolicy;
    expect(policy.status).toBe("en_vigor");
    expect(policy.lifecycle.renewal).toEqual({
      stopped: { by: "cliente", at: "2027-02-11T20:00:00.000Z" },
      stopUntil: "2027-02-11",
      possible: false,
      refusal: "La renovación de esta póliza ya está detenida",
    });
    const [entry] = await database.db
      .select()
      .from(policyHistory)
      .where(and(eq(policyHistory.policyId, auto.id), eq(policyHistory.event, "renovacion_detenida")));
    expect(entry).toMatchObject({ actorType: "user", actorLabel: owner.email });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "policy.renewal_stopped"), eq(auditLog.entityId, String(auto.id))));
    expect(audit).toMatchObject([{ actorType: "user", actorLabel: owner.email }]);
    const [mail] = await database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, `Su póliza ${auto.number} no se renovará`));
    expect(mail!.body).toContain("hasta el 11/03/2027");
  });

  it("un segundo envío da 409: ya está detenida", async () => {
    const again = await act(owner, auto.id, "stop-renewal");
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("La renovación de esta póliza ya está detenida");
  });

  it("después es tarde: 409 que dice hasta cuándo se podía", async () => {
    at("2027-02-12T08:00:00.000Z");
    const mine = await read(owner, alquiler.id);
    const late =
      "Es tarde para no renovar: el tomador debe oponerse a la prórroga con un mes de antelación al vencimiento (art. 22 LCS) y el plazo terminó el 11/02/2027";
    expect(mine.lifecycle.renewal).toEqual({ stopped: null, stopUntil: "2027-02-11", possible: false, refusal: late });
    const refused = await act(owner, alquiler.id, "stop-renewal");
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: late });
  });

  it("una póliza anulada no se puede dejar de renovar", async () => {
    const refused = await act(owner, hogar.id, "stop-renewal");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("La póliza está anulada; no se puede detener la renovación");
  });
});
