import { describe, expect, it } from "vitest";
import { CLAIM_EVENT_TYPE_INFO, CLAIM_EVENT_TYPES, CLAIM_STATUSES, CLAIM_TRANSITIONS, claimEventTypesOf } from "./claim-vocabulary";
import { CLAIM_MESSAGES, claimDeclarationSchema, PayClaimBodySchema, RejectClaimBodySchema } from "./claims";
import { GUARANTEES } from "../db/seed/catalogue";

const NOW = new Date("2026-03-10T12:00:00Z"); // 13:00 in Madrid
const base = {
  eventType: "hogar_agua",
  occurredAt: "09/03/2026 22:15",
  place: "Calle Mayor 1, Madrid",
  description: "Una tubería de la cocina se rompió y mojó el suelo y los muebles.",
  contactPhone: "600 123 456",
};
const fieldErrors = (r: { success: boolean; error?: { flatten(): { fieldErrors: Record<string, string[] | undefined> } } }) =>
  r.success ? {} : r.error!.flatten().fieldErrors;

describe("la declaración de un siniestro", () => {
  it("lee la fecha y la hora como se escriben en España y las guarda como instante", () => {
    const r = claimDeclarationSchema("hogar", NOW).parse(base);
    expect(r.occurredAt).toBe("2026-03-09T21:15:00.000Z");
    expect(r.contactPhone).toBe("600123456");
    expect(r.contactTime).toBe("indiferente");
  });

  it("rechaza un momento futuro (un minuto después de ahora) con su mensaje, y admite este mismo minuto", () => {
    const schema = claimDeclarationSchema("hogar", NOW);
    expect(fieldErrors(schema.safeParse({ ...base, occurredAt: "10/03/2026 13:01" })).occurredAt).toEqual([CLAIM_MESSAGES.future]);
    expect(schema.safeParse({ ...base, occurredAt: "10/03/2026 13:00" }).success).toBe(true);
  });

  it("explica en español una fecha mal escrita, una descripción vacía y un teléfono que no lo es", () => {
    const errors = fieldErrors(
      claimDeclarationSchema("hogar", NOW).safeParse({ ...base, occurredAt: "31/02/2026 10:00", description: " ", contactPhone: "12" }),
    );
    expect(errors.occurredAt).toEqual([CLAIM_MESSAGES.occurredAt]);
    expect(errors.description).toEqual([CLAIM_MESSAGES.description]);
    expect(errors.contactPhone).toEqual([CLAIM_MESSAGES.phone]);
  });

  it("solo admite los tipos de siniestro de la línea de la póliza", () => {
    expect(fieldErrors(claimDeclarationSchema("auto", NOW).safeParse(base)).eventType).toEqual([CLAIM_MESSAGES.eventType]);
  });

  it("pide la matrícula y la aseguradora del otro vehículo en una colisión", () => {
    const schema = claimDeclarationSchema("auto", NOW);
    const errors = fieldErrors(schema.safeParse({ ...base, eventType: "auto_colision" }));
    expect(errors.otherPlate).toEqual([CLAIM_MESSAGES.otherPlate]);
    expect(errors.otherInsurer).toEqual([CLAIM_MESSAGES.otherInsurer]);
    const ok = schema.parse({ ...base, eventType: "auto_colision", otherPlate: "1234 bcd", otherInsurer: "Otra Aseguradora" });
    expect(ok.otherPlate).toBe("1234BCD");
  });

  it("pide las mensualidades impagadas en un impago de alquiler, y lee el importe en euros", () => {
    const schema = claimDeclarationSchema("alquiler", NOW);
    expect(fieldErrors(schema.safeParse({ ...base, eventType: "alquiler_impago" })).rentMonthsUnpaid).toEqual([CLAIM_MESSAGES.rentMonths]);
    const ok = schema.parse({ ...base, eventType: "alquiler_impago", rentMonthsUnpaid: "3", amountClaimedCents: "2.850,50" });
    expect(ok).toMatchObject({ rentMonthsUnpaid: 3, amountClaimedCents: 285_050 });
  });
});

describe("las acciones del back office", () => {
  it("paga a un IBAN con su dígito de control correcto, normalizado", () => {
    expect(PayClaimBodySchema.parse({ iban: "es91 2100 0418 4502 0005 1332" }).iban).toBe("ES9121000418450200051332");
    expect(PayClaimBodySchema.safeParse({ iban: "ES00 2100 0418 4502 0005 1332" }).success).toBe(false);
  });

  it("exige un motivo de rechazo que el cliente pueda leer", () => {
    expect(RejectClaimBodySchema.safeParse({ reason: "No" }).success).toBe(false);
  });
});

describe("el vocabulario", () => {
  it("cada tipo de siniestro está cubierto por garantías que existen en el catálogo de su línea", () => {
    for (const type of CLAIM_EVENT_TYPES) {
      const info = CLAIM_EVENT_TYPE_INFO[type];
      expect(type.startsWith(`${info.line}_`)).toBe(true);
      expect(info.coveredBy.length).toBeGreaterThan(0);
      for (const code of info.coveredBy)
        expect(
          GUARANTEES.some((g) => g.line === info.line && g.code === code),
          `${type}: ${code}`,
        ).toBe(true);
    }
    expect(claimEventTypesOf("alquiler")).toEqual(["alquiler_impago"]);
  });

  it("las transiciones solo nombran estados que existen y ningún estado vuelve a sí mismo", () => {
    for (const from of CLAIM_STATUSES) {
      for (const to of CLAIM_TRANSITIONS[from]) {
        expect(CLAIM_STATUSES).toContain(to);
        expect(to).not.toBe(from);
      }
    }
  });
});
