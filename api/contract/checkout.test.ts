import { describe, expect, it } from "vitest";
import { CheckoutBodySchema, checkoutFieldErrors, isValidPhone, PaymentSchema } from "./checkout";

const valid = {
  plan: "terceros",
  frequency: "anual",
  policyholder: {
    name: "Lucía Martín",
    nif: "12.345.678-z",
    birthDate: "1985-06-15",
    phone: "600 12 34 56",
    address: "Calle Mayor 12",
    postalCode: "28013",
    city: "Madrid",
  },
  payment: { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Lucía Martín" },
  consents: { terms: true, privacy: true, ipid: true, marketing: false },
  idempotencyKey: "9B2F7C1E-0000-4000-8000-000000000001",
};

describe("CheckoutBodySchema", () => {
  it("normalises the NIF, phone, card number and key", () => {
    const body = CheckoutBodySchema.parse(valid);
    expect(body.policyholder.nif).toBe("12345678Z");
    expect(body.policyholder.phone).toBe("600123456");
    expect(body.optionalGuarantees).toEqual([]);
    expect(body.payment.method === "card" && body.payment.cardNumber).toBe("4242424242424242");
    expect(body.idempotencyKey).toBe("9b2f7c1e-0000-4000-8000-000000000001");
  });

  it("reports errors by the form's field names, in Spanish", () => {
    const result = CheckoutBodySchema.safeParse({
      ...valid,
      optionalGuarantees: ["a", 3],
      policyholder: { ...valid.policyholder, nif: "12345678A" },
      payment: { method: "sepa", iban: "ES00 0000", holder: "" },
      consents: { terms: true, privacy: false, ipid: true },
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(checkoutFieldErrors(result.error)).toEqual({
      optionalGuarantees: ["Las garantías opcionales no son válidas"],
      nif: ["Introduzca un NIF o NIE válido"],
      iban: ["Introduzca un IBAN válido"],
      holder: ["Indique el titular"],
      privacy: ["Debe aceptar la política de privacidad"],
      marketing: ["Indique si acepta recibir comunicaciones comerciales"],
    });
  });

  it("asks for a payment method it knows", () => {
    const result = PaymentSchema.safeParse({ method: "bizum" });
    expect(result.success).toBe(false);
    if (!result.success) expect(checkoutFieldErrors(result.error)).toEqual({ method: ["Elija un medio de pago"] });
  });
});

describe("the start date and the insured object", () => {
  it("take a start date as aaaa-mm-dd, the registration normalised and the dwelling's address", () => {
    const body = CheckoutBodySchema.parse({ ...valid, startDate: "2026-03-11", registration: " 1234-bcd " });
    expect(body.startDate).toBe("2026-03-11");
    expect(body.registration).toBe("1234BCD");
    expect(CheckoutBodySchema.parse(valid).startDate).toBeUndefined();
    const home = CheckoutBodySchema.parse({
      ...valid,
      riskAddress: { street: " Calle de la Paz 3 ", door: "", postalCode: "46001", city: "Valencia" },
    });
    expect(home.riskAddress).toEqual({ street: "Calle de la Paz 3", door: undefined, postalCode: "46001", city: "Valencia" });
  });

  it("report their errors under the form's names: startDate, registration, riskAddress.*", () => {
    const result = CheckoutBodySchema.safeParse({
      ...valid,
      startDate: "11/03/2026",
      registration: "1234 ABC",
      riskAddress: { street: "", postalCode: "4600", city: "Valencia" },
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(checkoutFieldErrors(result.error)).toEqual({
      startDate: ["Introduzca una fecha de efecto válida (dd/mm/aaaa)"],
      registration: ["Introduzca una matrícula válida, por ejemplo 1234 BCD o M-1234-AB"],
      "riskAddress.street": ["Indique la calle y el número de la vivienda"],
      "riskAddress.postalCode": ["Introduzca el código postal de la vivienda (5 cifras)"],
    });
  });
});

describe("isValidPhone", () => {
  it("accepts Spanish numbers with or without prefix and international ones", () => {
    for (const phone of ["600123456", "+34 600 123 456", "0034 912 345 678", "(+34) 711-22-33-44", "+33 6 12 34 56 78"])
      expect(isValidPhone(phone), phone).toBe(true);
    for (const phone of ["12345", "500123456", "+34 500 123 456", "teléfono"]) expect(isValidPhone(phone), phone).toBe(false);
  });
});
