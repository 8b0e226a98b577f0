import { describe, expect, it } from "vitest";
import {
  createPaymentProvider,
  DECLINE_REASONS,
  MANDATE_DECLINE_REASON,
  paymentMethodLabel,
  TEST_FAILS_LATER,
  TestGateway,
  type PaymentDetails,
} from "./payments";

// 10:00 in Madrid on 15 March 2026.
const NOW = new Date("2026-03-15T09:00:00Z");
const gateway = new TestGateway({ now: () => NOW });
const card = (overrides: Partial<Extract<PaymentDetails, { method: "card" }>> = {}): PaymentDetails => ({
  method: "card",
  cardNumber: "4242424242424242",
  expiry: "12/30",
  cvc: "123",
  holder: "Ana Pérez",
  ...overrides,
});
const charge = (payment: PaymentDetails, amountCents = 12_345, idempotencyKey = "9b2f7c1e-0000-4000-8000-000000000001") =>
  gateway.charge({ amountCents, payment, idempotencyKey, description: "Prueba" });

describe("TestGateway", () => {
  it("accepts any Luhn-valid card whose expiry is this month or later", async () => {
    for (const cardNumber of ["4242424242424242", "5555 5555 5555 4444", "378282246310005"]) {
      expect((await charge(card({ cardNumber }))).status).toBe("accepted");
    }
    expect((await charge(card({ expiry: "03/26" }))).status).toBe("accepted");
  });

  it("declines 4000 0000 0000 0002, an expired card, a bad number or CVC", async () => {
    expect(await charge(card({ cardNumber: "4000 0000 0000 0002" }))).toEqual({ status: "declined", reason: DECLINE_REASONS.declinedCard });
    expect(await charge(card({ expiry: "02/26" }))).toEqual({ status: "declined", reason: DECLINE_REASONS.expiredCard });
    expect(await charge(card({ cardNumber: "4242424242424241" }))).toEqual({ status: "declined", reason: DECLINE_REASONS.invalidCard });
    expect(await charge(card({ cvc: "1" }))).toEqual({ status: "declined", reason: DECLINE_REASONS.invalidCvc });
  });

  it("debits any valid IBAN by SEPA and declines an invalid one", async () => {
    expect((await charge({ method: "sepa", iban: "ES91 2100 0418 4502 0005 1332", holder: "Ana" })).status).toBe("accepted");
    expect(await charge({ method: "sepa", iban: "ES91 2100 0418 4502 0005 1333", holder: "Ana" })).toEqual({
      status: "declined",
      reason: DECLINE_REASONS.invalidIban,
    });
  });

  it("declines an amount that is not positive whole cents", async () => {
    for (const amount of [0, -100, 10.5]) expect((await charge(card(), amount)).status).toBe("declined");
  });

  it("keeps its books: the same key is the same charge, refunded once a refund of it went through", async () => {
    const books = new TestGateway({ now: () => NOW });
    const request = { amountCents: 5_000, payment: card(), idempotencyKey: "checkout-q-1", description: "x" };
    const first = await books.charge(request);
    expect(first.status).toBe("accepted");
    const ref = first.status === "accepted" ? first.providerRef : "";
    expect(await books.findCharge("checkout-q-1")).toEqual({ status: "accepted", providerRef: ref });
    expect(await books.findCharge("nunca-cobrado")).toBeNull();

    const refund = await books.refund({ amountCents: 5_000, providerRef: ref, idempotencyKey: "checkout-q-1:devolucion" });
    expect(refund).toEqual({ status: "accepted", providerRef: expect.stringMatching(/^test_refund_/) });
    // The refund is idempotent: its key answers the same refund.
    expect(await books.refund({ amountCents: 5_000, providerRef: ref, idempotencyKey: "checkout-q-1:devolucion" })).toEqual(refund);
    // The same key now answers the charge as refunded: never money taken again, never a payment.
    expect(await books.charge(request)).toEqual({ status: "refunded", providerRef: ref });
    expect(await books.findCharge("checkout-q-1")).toEqual({ status: "refunded", providerRef: ref });
  });

  it("gives back part of a charge: it stays captured with what is left, refuses a refund beyond it, and the same refund key is one refund", async () => {
    const books = new TestGateway({ now: () => NOW });
    const first = await books.charge({ amountCents: 10_000, payment: card(), idempotencyKey: "recibo-9-1", description: "x" });
    const ref = first.status === "accepted" ? first.providerRef : "";
    const part = await books.refund({ amountCents: 3_000, providerRef: ref, idempotencyKey: "anulacion-9" });
    expect(part).toEqual({ status: "accepted", providerRef: expect.stringMatching(/^test_refund_/) });
    expect(await books.refund({ amountCents: 3_000, providerRef: ref, idempotencyKey: "anulacion-9" })).toEqual(part);
    expect(await books.books.byRef(ref)).toMatchObject({ status: "captured", refundedCents: 3_000 });
    // Still a payment: the key answers the charge as accepted.
    expect(await books.findCharge("recibo-9-1")).toEqual({ status: "accepted", providerRef: ref });
    expect(await books.refund({ amountCents: 7_001, providerRef: ref, idempotencyKey: "extorno-9" })).toEqual({
      status: "declined",
      reason: DECLINE_REASONS.refundBeyondCharge,
    });
    expect(await books.books.byKey("extorno-9")).toBeNull();
    expect((await books.refund({ amountCents: 7_000, providerRef: ref, idempotencyKey: "extorno-9" })).status).toBe("accepted");
    expect(await books.books.byRef(ref)).toMatchObject({ status: "refunded", refundedCents: 10_000 });
    expect(await books.findCharge("recibo-9-1")).toEqual({ status: "refunded", providerRef: ref });
    expect((await books.refund({ amountCents: 1, providerRef: ref, idempotencyKey: "otra" })).status).toBe("declined");
  });

  it("answers a mandate charge's key with its status too", async () => {
    const books = new TestGateway({ now: () => NOW });
    const first = await books.charge({ amountCents: 5_000, payment: card(), idempotencyKey: "alta", description: "x" });
    const mandate = first.status === "accepted" ? first.mandate! : "";
    const request = { amountCents: 5_000, method: "card" as const, mandate, idempotencyKey: "recibo-7-1", description: "x" };
    const charged = await books.chargeMandate(request);
    expect(charged.status).toBe("accepted");
    expect(await books.chargeMandate(request)).toEqual(charged);
    const ref = charged.status === "accepted" ? charged.providerRef : "";
    await books.refund({ amountCents: 5_000, providerRef: ref, idempotencyKey: "recibo-7-1:devolucion" });
    expect(await books.chargeMandate(request)).toEqual({ status: "refunded", providerRef: ref });
    // The card that fails later still fails, with no charge in the books.
    const later = await books.charge({
      amountCents: 100,
      payment: card({ cardNumber: TEST_FAILS_LATER.cardNumber }),
      idempotencyKey: "alta-2",
      description: "x",
    });
    const failing = later.status === "accepted" ? later.mandate! : "";
    expect(await books.chargeMandate({ ...request, mandate: failing, idempotencyKey: "recibo-8-1" })).toEqual({
      status: "declined",
      reason: MANDATE_DECLINE_REASON,
    });
    expect(await books.findCharge("recibo-8-1")).toBeNull();
  });

  it("refuses to refund a charge it does not know", async () => {
    expect(await gateway.refund({ amountCents: 100, providerRef: "otra_pasarela_1", idempotencyKey: "r" })).toEqual({
      status: "declined",
      reason: DECLINE_REASONS.unknownCharge,
    });
  });

  it("answers the same reference for the same idempotency key, and another for another key", async () => {
    const first = await charge(card());
    const again = await charge(card());
    const other = await charge(card(), 12_345, "9b2f7c1e-0000-4000-8000-000000000002");
    expect(first).toEqual(again);
    expect(first.status === "accepted" && other.status === "accepted" && first.providerRef !== other.providerRef).toBe(true);
  });

  it("uses the clock it is given for the expiry", async () => {
    const later = new TestGateway({ now: () => new Date("2031-01-15T10:00:00Z") });
    const result = await later.charge({ amountCents: 100, payment: card({ expiry: "12/30" }), idempotencyKey: "k", description: "x" });
    expect(result).toEqual({ status: "declined", reason: DECLINE_REASONS.expiredCard });
  });
});

describe("paymentMethodLabel", () => {
  it("shows only the last four digits of a card and masks the IBAN", () => {
    expect(paymentMethodLabel(card({ cardNumber: "4242 4242 4242 4242" }))).toBe("•••• 4242");
    const label = paymentMethodLabel({ method: "sepa", iban: "ES9121000418450200051332", holder: "Ana" });
    expect(label.startsWith("ES91")).toBe(true);
    expect(label.endsWith("1332")).toBe(true);
    expect(label).not.toContain("2100");
  });
});

describe("createPaymentProvider", () => {
  it("gives the test gateway by default and refuses an unknown provider", () => {
    expect(createPaymentProvider(undefined).name).toBe("test");
    expect(() => createPaymentProvider("nope")).toThrow(/Unknown payment provider/);
  });
});
