import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { checkoutBody, CheckoutFormSchema, formErrorsFromApi, StaffCheckoutFormSchema } from "./checkout-form";

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
  line: "auto",
  startDate: "2026-03-11",
  registration: "1234 bcd",
  terms: true,
  privacy: true,
  ipid: true,
};

describe("CheckoutFormSchema", () => {
  it("checks only the chosen payment group", () => {
    const sepa = CheckoutFormSchema.safeParse({
      ...base,
      method: "sepa",
      iban: "ES91 2100 0418 4502 0005 1332",
      sepaHolder: "Lucía Pérez",
      cardNumber: "1",
    });
    expect(sepa.success).toBe(true);
    const card = CheckoutFormSchema.safeParse({ ...base, method: "card", iban: "x" });
    expect(card.success).toBe(false);
    if (!card.success) expect(Object.keys(card.error.flatten().fieldErrors).sort()).toEqual(["cardHolder", "cardNumber", "cvc", "expiry"]);
  });

  it("requires terms, privacy and IPID but not marketing", () => {
    const result = CheckoutFormSchema.safeParse({
      ...base,
      terms: undefined,
      privacy: false,
      ipid: undefined,
      method: "sepa",
      iban: "ES91 2100 0418 4502 0005 1332",
      sepaHolder: "L",
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(result.error.flatten().fieldErrors).sort()).toEqual(["ipid", "privacy", "terms"]);
  });

  it("builds the API body with the payment nested and marketing false when unticked", () => {
    const parsed = CheckoutFormSchema.parse({
      ...base,
      method: "card",
      cardNumber: "4242 4242 4242 4242",
      expiry: "08/99",
      cvc: "123",
      cardHolder: "Lucía",
    });
    const body = checkoutBody(parsed);
    expect(body.payment).toEqual({ method: "card", cardNumber: "4242424242424242", expiry: "08/99", cvc: "123", holder: "Lucía" });
    expect(body.consents).toEqual({ terms: true, privacy: true, ipid: true, marketing: false });
    expect(body.policyholder.nif).toBe("12345678Z");
    expect(body.optionalGuarantees).toEqual([]);
    expect(body.startDate).toBe("2026-03-11");
    expect(body.registration).toBe("1234 bcd");
    expect(body.riskAddress).toBeUndefined();
  });
});

describe("the insured object in the form", () => {
  const sepa = { method: "sepa", iban: "ES91 2100 0418 4502 0005 1332", sepaHolder: "Lucía Pérez" };
  const home = {
    ...base,
    ...sepa,
    line: "hogar",
    registration: undefined,
    riskAddress: { street: "Calle de la Paz 3", door: "", postalCode: "46001", city: "Valencia" },
  };
  const fieldErrors = (input: unknown) => {
    const result = CheckoutFormSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("asks a car for its registration, with the other errors at once", () => {
    expect(fieldErrors({ ...base, ...sepa, registration: "" })).toEqual({ registration: "Indique la matrícula del vehículo" });
    expect(fieldErrors({ ...base, ...sepa, registration: "1234 ABC", name: undefined, startDate: "mañana" })).toEqual({
      registration: "Introduzca una matrícula válida, por ejemplo 1234 BCD o M-1234-AB",
      name: "Indique el nombre y los apellidos del tomador",
      startDate: "Introduzca una fecha de efecto válida (dd/mm/aaaa)",
    });
  });

  it("asks a dwelling for its address and sends it without the empty door", () => {
    expect(fieldErrors(home)).toEqual({});
    expect(checkoutBody(CheckoutFormSchema.parse(home))).toMatchObject({
      riskAddress: { street: "Calle de la Paz 3", postalCode: "46001", city: "Valencia" },
    });
    expect(checkoutBody(CheckoutFormSchema.parse(home)).riskAddress).not.toHaveProperty("door");
    expect(checkoutBody(CheckoutFormSchema.parse(home)).registration).toBeUndefined();
    expect(fieldErrors({ ...home, riskAddress: { postalCode: "46001" } })).toEqual({
      "riskAddress.street": "Indique la calle y el número de la vivienda",
      "riskAddress.city": "Indique la población de la vivienda",
    });
  });

  it("takes the policyholder's address for a home when ticked, if it is in the quote's postal code", () => {
    const same = {
      ...home,
      riskSameAsHolder: true,
      address: "Calle de la Paz 3, 2.º A",
      postalCode: "46001",
      city: "Valencia",
      riskAddress: { postalCode: "46001" },
    };
    expect(checkoutBody(CheckoutFormSchema.parse(same)).riskAddress).toEqual({
      street: "Calle de la Paz 3, 2.º A",
      postalCode: "46001",
      city: "Valencia",
    });
    expect(fieldErrors({ ...same, postalCode: "28013", city: "Madrid" })).toEqual({
      riskSameAsHolder:
        "Su dirección está en el código postal 28013 y la vivienda asegurada en el 46001. Desmarque esta casilla e indique la dirección de la vivienda.",
    });
    // A rented flat is not where its landlord lives: the box does not apply, the address is asked.
    expect(fieldErrors({ ...same, line: "alquiler" })).toEqual({
      "riskAddress.street": "Indique la calle y el número de la vivienda",
      "riskAddress.city": "Indique la población de la vivienda",
    });
  });
});

describe("formErrorsFromApi", () => {
  it("sends holder to the chosen group and unknown keys to the form", () => {
    expect(formErrorsFromApi({ holder: ["a"], nif: ["b"], optionalGuarantees: ["c"] }, "sepa")).toEqual({ sepaHolder: ["a"], nif: ["b"], "": ["c"] });
    expect(formErrorsFromApi({ holder: ["a"] }, "card")).toEqual({ cardHolder: ["a"] });
  });

  it("keeps the start date, the registration and the dwelling's fields, or sends the address to the box that stood for it", () => {
    const errors = { startDate: ["a"], registration: ["b"], "riskAddress.postalCode": ["c"], riskAddress: ["d"] };
    expect(formErrorsFromApi(errors, "card")).toEqual({ startDate: ["a"], registration: ["b"], "riskAddress.postalCode": ["c"], "": ["d"] });
    expect(formErrorsFromApi({ "riskAddress.street": ["e"] }, "card", { sameAsHolder: true })).toEqual({ riskSameAsHolder: ["e"] });
  });
});

describe("StaffCheckoutFormSchema (venta por teléfono)", () => {
  const sepa = { method: "sepa", iban: "ES91 2100 0418 4502 0005 1332", sepaHolder: "Lucía Pérez" };
  const form = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(values)) data.append(name, value);
    return data;
  };
  const strings = Object.fromEntries(Object.entries({ ...base, ...sepa }).filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const ticked = { ...strings, terms: "on", privacy: "on", ipid: "on" };

  it("takes the customer's e-mail as optional, lower-cased, and the rest of the checkout as it is", () => {
    const without = parseWithZod(form(ticked), { schema: StaffCheckoutFormSchema });
    expect(without.status).toBe("success");
    const withEmail = parseWithZod(form({ ...ticked, email: " Ana@Example.COM " }), { schema: StaffCheckoutFormSchema });
    expect(withEmail.status === "success" && withEmail.value.email).toBe("ana@example.com");
  });

  it("refuses a wrong e-mail with its message, together with every other field's", () => {
    const result = parseWithZod(form({ ...strings, email: "ana@", ipid: "on" }), { schema: StaffCheckoutFormSchema });
    expect(result.status).toBe("error");
    if (result.status !== "error") return;
    expect(result.error).toMatchObject({ email: ["Introduzca un correo electrónico válido"], terms: expect.any(Array), privacy: expect.any(Array) });
  });
});
