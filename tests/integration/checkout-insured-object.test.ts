// What identifies the insured object at checkout, over real HTTP against a fresh database: the
// car's registration and the dwelling's address, required per line and kept in the policy's risk.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxEmails, policies } from "../../api/db/schema";
import {
  checkout,
  checkoutBody,
  createQuote,
  database,
  download,
  INSURED,
  registerVisitor,
  setUpCheckoutApi,
  tableCounts,
  type Policy,
} from "../support/checkout";
import { pdfText } from "../support/pdf-text";
import { DEFAULT_SETTINGS } from "../../api/db/seed/settings";
import { ALQUILER, AUTO, HOGAR } from "../support/quote-inputs";

setUpCheckoutApi();

describe("el objeto asegurado", () => {
  it("guarda la dirección de la vivienda en el riesgo de la póliza, aunque no sea la del tomador", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("alquiler", ALQUILER, visitor.token);
    const answer = await checkout(quote.id, checkoutBody(visitor.nif, { plan: "meses_12" }, "alquiler"), visitor.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const policy = answer.body as unknown as Policy;
    const [row] = await database.db.select({ risk: policies.risk }).from(policies).where(eq(policies.id, policy.id));
    // Beside the quote's inputs (the tenant's contract defaulted) and the dwelling: the copy of the line's insurer (ADR 019).
    expect(row!.risk).toEqual({
      ...ALQUILER,
      tenantContract: "indefinido",
      riskAddress: { street: "Carrer de Balmes 21", postalCode: "08001", city: "Barcelona" },
      insurer: DEFAULT_SETTINGS.insurers.alquiler,
    });
    expect(policy.policyholder).toMatchObject({ name: "Lucía Martín Sanz" });
    expect(policy.riskDescription.title).toBe("Vivienda alquilada en Carrer de Balmes 21, 08001 Barcelona");
    expect(policy.riskDescription.identification).toEqual({ label: "Dirección de la vivienda", value: "Carrer de Balmes 21, 08001 Barcelona" });
    const [email] = await database.db
      .select()
      .from(outboxEmails)
      .where(sql`${outboxEmails.subject} like ${`%${policy.number}%`}`);
    expect(email!.body).toContain("Vivienda asegurada: Carrer de Balmes 21, 08001 Barcelona");
  });

  it("exige la matrícula al coche y la dirección a la vivienda, cada una en su ramo", async () => {
    const visitor = await registerVisitor();
    const car = await createQuote("auto", AUTO, visitor.token);
    const home = await createQuote("hogar", HOGAR, visitor.token);
    const before = await tableCounts();
    const { registration: _r, ...carWithout } = checkoutBody(visitor.nif) as Record<string, unknown>;
    void _r;
    const noRegistration = await checkout(car.id, carWithout, visitor.token);
    expect(noRegistration.status).toBe(400);
    expect(noRegistration.body.fieldErrors).toEqual({ registration: ["Indique la matrícula del vehículo"] });
    const badRegistration = await checkout(car.id, checkoutBody(visitor.nif, { registration: "1234 AEI" }), visitor.token);
    expect(badRegistration.body.fieldErrors).toEqual({ registration: ["Introduzca una matrícula válida, por ejemplo 1234 BCD o M-1234-AB"] });
    const carWithAddress = await checkout(car.id, checkoutBody(visitor.nif, INSURED.hogar), visitor.token);
    expect(carWithAddress.body.fieldErrors).toEqual({
      riskAddress: ["La dirección de la vivienda solo se indica en los seguros de hogar y de alquiler"],
    });

    const { riskAddress: _a, ...homeWithout } = checkoutBody(visitor.nif, { plan: "basico" }, "hogar") as Record<string, unknown>;
    void _a;
    const noAddress = await checkout(home.id, homeWithout, visitor.token);
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.fieldErrors).toEqual({
      "riskAddress.street": ["Indique la calle y el número de la vivienda"],
      "riskAddress.postalCode": ["Introduzca el código postal de la vivienda (5 cifras)"],
      "riskAddress.city": ["Indique la población de la vivienda"],
    });
    // The price depends on the postal code: the dwelling must be in the quote's.
    const elsewhere = await checkout(
      home.id,
      checkoutBody(visitor.nif, { plan: "basico", riskAddress: { ...INSURED.hogar.riskAddress, postalCode: "28013" } }, "hogar"),
      visitor.token,
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.fieldErrors).toEqual({
      "riskAddress.postalCode": [
        "El código postal de la vivienda debe ser el de la cotización (46001), porque el precio depende de él. Si la vivienda está en otro código postal, vuelva a cotizar.",
      ],
    });
    const homeWithRegistration = await checkout(
      home.id,
      checkoutBody(visitor.nif, { plan: "basico", registration: "1234 BCD" }, "hogar"),
      visitor.token,
    );
    expect(homeWithRegistration.body.fieldErrors).toEqual({ registration: ["La matrícula solo se indica en el seguro de coche"] });
    expect(await tableCounts()).toEqual(before);

    // The old provincial format too, stored without separators.
    const old = await checkout(car.id, checkoutBody(visitor.nif, { registration: "m-1234-ab" }), visitor.token);
    expect(old.status, JSON.stringify(old.body)).toBe(201);
    expect((old.body as unknown as Policy).risk.registration).toBe("M1234AB");
    expect((old.body as unknown as Policy).riskDescription.identification).toEqual({ label: "Matrícula", value: "M-1234-AB" });
    const conditions = await download(`/me/policies/${(old.body as unknown as Policy).id}/documents/conditions`, { token: visitor.token });
    expect(pdfText(conditions.bytes)).toMatch(/Matrícula[\s\S]*M-1234-AB/);
  });
});
