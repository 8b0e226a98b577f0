import { z } from "zod";
import { describe, expect, it } from "vitest";
import { QUOTE_FORM_SCHEMAS, QUOTE_INPUT_SCHEMAS } from "../../api/contract/quotes";
import { inputsToFormValues } from "./quote-form";
import { isoDateFilters } from "./typed-date";
import { withTypedDates } from "./typed-date-schema";

describe("fechas escritas a mano en los formularios", () => {
  // The auto schema also checks the model against the brand (superRefine): its fields are those of the inner object.
  const birth = QUOTE_FORM_SCHEMAS.auto.innerType().shape.driverBirthDate;

  it.each(["12/04/1985", "12/4/1985", "1985-04-12", "12-04-1985", "12.04.1985", " 12 / 04 / 1985 "])(
    "el formulario de coche lee %j como el 12 de abril de 1985",
    (typed) => {
      expect(birth.parse(typed)).toBe("1985-04-12");
    },
  );

  it("explica una sola vez lo que no es una fecha, y pide la que falta", () => {
    expect(birth.safeParse("31/02/2024").error?.issues.map((i) => i.message)).toEqual(["Introduzca una fecha válida (dd/mm/aaaa)"]);
    expect(birth.safeParse("12/04/85").error?.issues.map((i) => i.message)).toEqual(["Introduzca una fecha válida (dd/mm/aaaa)"]);
    expect(birth.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual(["Introduzca la fecha de nacimiento del conductor"]);
  });

  it("la API sigue tomando solo fechas ISO", () => {
    expect(QUOTE_INPUT_SCHEMAS.auto.shape.driverBirthDate.safeParse("12/04/1985").success).toBe(false);
    expect(QUOTE_INPUT_SCHEMAS.auto.shape.driverBirthDate.parse("1985-04-12")).toBe("1985-04-12");
  });

  it("vuelve a cotizar con las fechas guardadas escritas dd/mm/aaaa", () => {
    expect(inputsToFormValues("auto", { driverBirthDate: "1985-04-12", licenseDate: "2005-09-01" })).toMatchObject({
      driverBirthDate: "12/04/1985",
      licenseDate: "01/09/2005",
    });
  });

  it("withTypedDates lee las fechas de un esquema de la API como se escriben y entrega ISO", () => {
    const schema = withTypedDates(z.object({ effectiveDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), note: z.string() }), ["effectiveDate"]);
    expect(schema.parse({ effectiveDate: "1/3/2026", note: "x" })).toEqual({ effectiveDate: "2026-03-01", note: "x" });
    expect(schema.safeParse({ effectiveDate: "30/02/2026", note: "x" }).success).toBe(false);
  });

  it("los filtros de fecha de las listas llegan a la API como ISO; los demás, como se escribieron", () => {
    const out = isoDateFilters(new URLSearchParams("startFrom=01/03/2026&to=2026-03-31&q=12/04/1985&from=ayer"));
    expect(out.toString()).toBe(new URLSearchParams("startFrom=2026-03-01&to=2026-03-31&q=12/04/1985&from=ayer").toString());
  });
});
