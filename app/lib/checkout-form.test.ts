import { describe, expect, it } from "vitest";
import { checkoutBody, CheckoutFormSchema, formErrorsFromApi } from "./checkout-form";

const base = {
  plan: "basico",
  extras: [],
  frequency: "mensual",
  idempotencyKey: "5f0c6c1e-2b1a-4c3d-9e8f-0a1b2c3d4e5f",
  name: "Lucía Pérez",
  nif: "12345678z",
  birthDate: "1985-04-12",
  phone: "600 123 456",
  address: "Calle Mayor 1",
  postalCode: "28013",
  city: "Madrid",
  terms: true,
  privacy: true,
  ipid: true,
};

describe("CheckoutFormSchema", () => {
  it("checks only the chosen payment group", () => {
    const sepa = CheckoutFormSchema.safeParse({ ...base, method: "sepa", iban: "ES91 2100 0418 4502 0005 1332", sepaHolder: "Lucía Pérez", cardNumber: "1" });
    expect(sepa.success).toBe(true);
    const card = CheckoutFormSchema.safeParse({ ...base, method: "card", iban: "x" });
    expect(card.success).toBe(false);
    if (!card.success) expect(Object.keys(card.error.flatten().fieldErrors).sort()).toEqual(["cardHolder", "cardNumber", "cvc", "expiry"]);
  });

  it("requires terms, privacy and IPID but not marketing", () => {
    const result = CheckoutFormSchema.safeParse({ ...base, terms: undefined, privacy: false, ipid: undefined, method: "sepa", iban: "ES91 2100 0418 4502 0005 1332", sepaHolder: "L" });
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(result.error.flatten().fieldErrors).sort()).toEqual(["ipid", "privacy", "terms"]);
  });

  it("builds the API body with the payment nested and marketing false when unticked", () => {
    const parsed = CheckoutFormSchema.parse({ ...base, method: "card", cardNumber: "4242 4242 4242 4242", expiry: "08/99", cvc: "123", cardHolder: "Lucía" });
    const body = checkoutBody(parsed);
    expect(body.payment).toEqual({ method: "card", cardNumber: "4242424242424242", expiry: "08/99", cvc: "123", holder: "Lucía" });
    expect(body.consents).toEqual({ terms: true, privacy: true, ipid: true, marketing: false });
    expect(body.policyholder.nif).toBe("12345678Z");
    expect(body.optionalGuarantees).toEqual([]);
  });
});

describe("formErrorsFromApi", () => {
  it("sends holder to the chosen group and unknown keys to the form", () => {
    expect(formErrorsFromApi({ holder: ["a"], nif: ["b"], optionalGuarantees: ["c"] }, "sepa")).toEqual({ sepaHolder: ["a"], nif: ["b"], "": ["c"] });
    expect(formErrorsFromApi({ holder: ["a"] }, "card")).toEqual({ cardHolder: ["a"] });
  });
});
