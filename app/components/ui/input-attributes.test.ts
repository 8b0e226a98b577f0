import { describe, expect, it } from "vitest";
import { validInputAttributes } from "./input-attributes";

describe("validInputAttributes", () => {
  it("quita min y max de un campo de texto numérico y deja lo que el texto admite", () => {
    const props = {
      type: "text",
      name: "vehicleValue",
      required: true,
      min: 100000,
      max: 20000000,
      maxLength: 12,
      pattern: "\\d+",
      inputMode: "decimal" as const,
    };
    expect(validInputAttributes(props)).toEqual({
      type: "text",
      name: "vehicleValue",
      required: true,
      maxLength: 12,
      pattern: "\\d+",
      inputMode: "decimal",
    });
  });

  it("quita pattern y las longitudes de un botón de opción, y conserva required", () => {
    expect(
      validInputAttributes({ type: "radio", name: "priceType", value: "fixed", required: true, pattern: "fixed|percent", minLength: 1 }),
    ).toEqual({
      type: "radio",
      name: "priceType",
      value: "fixed",
      required: true,
    });
  });

  it("sin type se lee como texto, como hace el navegador", () => {
    expect(validInputAttributes({ name: "q", min: 1, pattern: "a+" })).toEqual({ name: "q", pattern: "a+" });
  });

  it("deja min, max y step en los tipos que los admiten, sin pattern", () => {
    expect(validInputAttributes({ type: "number", min: 1, max: 9, step: 1, pattern: "\\d", maxLength: 3 })).toEqual({
      type: "number",
      min: 1,
      max: 9,
      step: 1,
    });
    expect(validInputAttributes({ type: "date", min: "2026-01-01", required: true })).toEqual({ type: "date", min: "2026-01-01", required: true });
  });

  it("multiple solo en correo y ficheros; nada de required en un campo oculto", () => {
    expect(validInputAttributes({ type: "email", multiple: true })).toEqual({ type: "email", multiple: true });
    expect(validInputAttributes({ type: "checkbox", multiple: true, required: true })).toEqual({ type: "checkbox", required: true });
    expect(validInputAttributes({ type: "hidden", required: true, value: "x" })).toEqual({ type: "hidden", value: "x" });
  });
});
