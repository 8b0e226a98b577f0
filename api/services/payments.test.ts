import { describe, expect, it } from "vitest";
import { createPaymentProvider, DECLINE_REASONS, paymentMethodLabel, TestGateway, type PaymentDetails } from "./payments";

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
