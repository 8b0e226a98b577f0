import { describe, expect, it } from "vitest";
import { formatRegistration, isValidRegistration, normalizeRegistration, parseRegistration } from "./registration";

describe("matrículas", () => {
  it("acepta el formato actual (cuatro cifras y tres consonantes) con o sin separadores", () => {
    expect(parseRegistration("1234 BCD")).toEqual({ kind: "actual", value: "1234BCD" });
    expect(parseRegistration("1234bcd")).toEqual({ kind: "actual", value: "1234BCD" });
    expect(parseRegistration(" 0000-xyz ")).toEqual({ kind: "actual", value: "0000XYZ" });
    expect(parseRegistration("9999 ZZZ")?.value).toBe("9999ZZZ");
  });

  it("rechaza en el formato actual las vocales, la Ñ y la Q", () => {
    for (const plate of ["1234 ABC", "1234 BCE", "1234 BIC", "1234 BOC", "1234 BCU", "1234 BÑD", "1234 BQD"]) {
      expect(isValidRegistration(plate), plate).toBe(false);
    }
  });

  it("acepta el formato provincial antiguo con el código de una provincia", () => {
    expect(parseRegistration("M 1234 AB")).toEqual({ kind: "provincial", value: "M1234AB" });
    expect(parseRegistration("B-1234-XY")).toEqual({ kind: "provincial", value: "B1234XY" });
    expect(parseRegistration("se-1234-z")).toEqual({ kind: "provincial", value: "SE1234Z" });
    expect(parseRegistration("GC 0001 BZ")?.value).toBe("GC0001BZ");
  });

  it("rechaza códigos de provincia que no existen, letras sobrantes o cifras de menos", () => {
    for (const plate of [
      "XX 1234 AB",
      "Q 1234 AB",
      "M 123 AB",
      "M 12345 AB",
      "M 1234 ABC",
      "M 1234",
      "M 1234 AQ",
      "1234 BC",
      "12345 BCD",
      "BCD 1234",
      "",
      "1234 BCD 5",
    ]) {
      expect(isValidRegistration(plate), plate).toBe(false);
    }
    expect(isValidRegistration(1234)).toBe(false);
    expect(isValidRegistration("1".repeat(30))).toBe(false);
  });

  it("normaliza para guardar y se muestra con sus separadores", () => {
    expect(normalizeRegistration(" m-1234 ab ")).toBe("M1234AB");
    expect(formatRegistration("1234BCD")).toBe("1234 BCD");
    expect(formatRegistration("M1234AB")).toBe("M-1234-AB");
    expect(formatRegistration("SE1234Z")).toBe("SE-1234-Z");
    expect(formatRegistration("raro")).toBe("raro");
  });
});
