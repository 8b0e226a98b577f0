import { describe, expect, it } from "vitest";
import {
  describeGuaranteePrice,
  GuaranteeCreateFormSchema,
  GuaranteeEditFormSchema,
  GuaranteePriceFormSchema,
  NewGuaranteePriceSchema,
  NewGuaranteeSchema,
  priceInput,
  UpdateGuaranteeSchema,
} from "./guarantees";

const form = (overrides: Record<string, unknown> = {}) => ({
  line: "alquiler",
  code: "alquiler_mudanza",
  name: "Mudanza urgente",
  description: "Pagamos la mudanza si el inquilino se va de un día para otro.",
  includedIn: [],
  optionalIn: ["alquiler/meses_12"],
  priceType: "fixed",
  price: "19,90",
  deductible: "0",
  active: "on",
  ...overrides,
});
const errorsOf = (result: { success: boolean; error?: { flatten: () => { fieldErrors: Record<string, string[] | undefined> } } }) =>
  result.error?.flatten().fieldErrors;

describe("el formulario de una garantía nueva", () => {
  it("pasa los importes escritos a la española a céntimos o puntos básicos, y los planes a sus códigos", () => {
    expect(GuaranteeCreateFormSchema.parse(form({ limit: "3.000", deductible: "150,5" }))).toEqual({
      line: "alquiler",
      code: "alquiler_mudanza",
      name: "Mudanza urgente",
      description: "Pagamos la mudanza si el inquilino se va de un día para otro.",
      hint: null,
      includedIn: [],
      optionalIn: ["meses_12"],
      priceType: "fixed",
      priceValue: 1990,
      limitText: null,
      limitCents: 300_000,
      deductibleCents: 15_050,
      waitingDays: 0,
      active: true,
    });
    expect(GuaranteeCreateFormSchema.parse(form({ priceType: "percent", price: "12,5 %" })).priceValue).toBe(1250);
    expect(GuaranteeCreateFormSchema.parse(form({ active: undefined })).active).toBe(false);
  });

  it("rechaza un porcentaje mayor que 100, un importe de 0 y un plan de otro ramo o en las dos columnas", () => {
    expect(errorsOf(GuaranteeCreateFormSchema.safeParse(form({ priceType: "percent", price: "100,01" })))?.price).toEqual([
      "Un porcentaje no puede ser mayor que 100",
    ]);
    expect(errorsOf(GuaranteeCreateFormSchema.safeParse(form({ price: "0" })))?.price).toEqual([
      "Indica un importe anual en euros mayor que 0 (por ejemplo, 25,50)",
    ]);
    expect(errorsOf(GuaranteeCreateFormSchema.safeParse(form({ optionalIn: ["auto/terceros"] })))?.optionalIn).toEqual([
      "Elige solo planes del ramo de la garantía",
    ]);
    expect(errorsOf(GuaranteeCreateFormSchema.safeParse(form({ includedIn: ["alquiler/meses_12"] })))?.optionalIn).toEqual([
      "Un plan no puede incluir la garantía y ofrecerla como opcional a la vez",
    ]);
  });

  it("la carencia: días enteros de 0 a 365, vacía es 0; otra cosa, su mensaje", () => {
    expect(GuaranteeCreateFormSchema.parse(form({ waitingDays: "30" })).waitingDays).toBe(30);
    expect(GuaranteeCreateFormSchema.parse(form({ waitingDays: " 365 " })).waitingDays).toBe(365);
    expect(GuaranteeCreateFormSchema.parse(form({ waitingDays: "" })).waitingDays).toBe(0);
    expect(GuaranteeEditFormSchema.parse({ ...form(), waitingDays: "0" }).waitingDays).toBe(0);
    for (const typed of ["366", "-1", "2,5", "30 días", "treinta", "1e2"]) {
      expect(errorsOf(GuaranteeCreateFormSchema.safeParse(form({ waitingDays: typed })))?.waitingDays, typed).toEqual([
        "Indica la carencia en días: un número entero de 0 a 365 (0 si no tiene)",
      ]);
      expect(errorsOf(GuaranteeEditFormSchema.safeParse({ ...form(), waitingDays: typed }))?.waitingDays, typed).toHaveLength(1);
    }
  });

  it("el formulario de edición no lleva precio ni código", () => {
    const patch = GuaranteeEditFormSchema.parse({ ...form(), code: undefined });
    expect(patch).not.toHaveProperty("priceValue");
    expect(patch).not.toHaveProperty("code");
    expect(patch).toMatchObject({ name: "Mudanza urgente", optionalIn: ["meses_12"], deductibleCents: 0, limitCents: null });
  });
});

describe("los cuerpos de la API", () => {
  it("un porcentaje como mucho 100 (10000 puntos básicos), un precio siempre positivo", () => {
    const body = {
      line: "auto",
      code: "auto_x",
      name: "X de prueba",
      description: "Una descripción suficiente.",
      priceType: "percent",
      priceValue: 10_000,
    };
    expect(NewGuaranteeSchema.safeParse(body).success).toBe(true);
    expect(NewGuaranteeSchema.safeParse({ ...body, priceValue: 10_001 }).success).toBe(false);
    expect(NewGuaranteeSchema.safeParse({ ...body, priceType: "fixed", priceValue: 0 }).success).toBe(false);
    expect(NewGuaranteePriceSchema.safeParse({ priceType: "fixed", priceValue: 100, validFrom: "2026-02-30" }).success).toBe(false);
    expect(GuaranteePriceFormSchema.parse({ priceType: "fixed", price: "1.234,50", validFrom: "2026-12-01" })).toEqual({
      priceType: "fixed",
      priceValue: 123_450,
      validFrom: "2026-12-01",
    });
  });

  it("la carencia en días enteros de 0 a 365: 0 si no se envía al crear; al editar, solo si se envía", () => {
    const body = {
      line: "alquiler",
      code: "alquiler_x",
      name: "X de prueba",
      description: "Una descripción suficiente.",
      priceType: "fixed",
      priceValue: 100,
    };
    expect(NewGuaranteeSchema.parse(body).waitingDays).toBe(0);
    expect(NewGuaranteeSchema.parse({ ...body, waitingDays: 365 }).waitingDays).toBe(365);
    for (const waitingDays of [-1, 366, 2.5, "30"])
      expect(NewGuaranteeSchema.safeParse({ ...body, waitingDays }).success, String(waitingDays)).toBe(false);
    expect(UpdateGuaranteeSchema.parse({ waitingDays: 30 })).toEqual({ waitingDays: 30 });
    expect(UpdateGuaranteeSchema.safeParse({ waitingDays: 400 }).error?.flatten().fieldErrors.waitingDays).toEqual([
      "Indica la carencia en días: un número entero de 0 a 365 (0 si no tiene)",
    ]);
  });

  it("un precio se lee en español y vuelve al formulario como se escribió", () => {
    expect(describeGuaranteePrice("percent", 1250)).toBe("12,5 % de la prima neta");
    expect(priceInput("fixed", 2550)).toBe("25,50");
    expect(priceInput("fixed", 300_000)).toBe("3000");
    expect(priceInput("percent", 1250)).toBe("12,5");
  });
});
