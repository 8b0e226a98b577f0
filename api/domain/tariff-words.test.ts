import { describe, expect, it } from "vitest";
import { SEED_RATING_TABLES } from "../db/seed/catalogue";
import { effectInWords, tariffInWords } from "./tariff-words";

describe("effectInWords", () => {
  it("dice si el factor sube o baja el precio, cuánto y su multiplicador", () => {
    expect(effectInWords(12_000)).toBe("Sube un 20 % (× 1,20)");
    expect(effectInWords(9_500)).toBe("Baja un 5 % (× 0,95)");
    expect(effectInWords(10_000)).toBe("Sin efecto (× 1,00)");
    expect(effectInWords(11_250)).toBe("Sube un 12,5 % (× 1,125)");
    expect(effectInWords(22_000)).toBe("Sube un 120 % (× 2,20)");
  });
});

describe("tariffInWords", () => {
  it("lista cada factor de la tarifa del alquiler tramo a tramo, con el límite que no se asegura", () => {
    const words = tariffInWords("alquiler", SEED_RATING_TABLES.plans, SEED_RATING_TABLES.tariffs);
    expect(words.basePremiums).toEqual(["6 meses: 150,00\u00a0€ al año", "12 meses: 220,00\u00a0€ al año", "18 meses: 290,00\u00a0€ al año"]);
    expect(words.rows.filter((r) => r.factor !== "").map((r) => r.factor)).toEqual([
      "Renta mensual",
      "Esfuerzo del inquilino (renta / ingresos netos)",
      "Situación laboral del inquilino",
      "Zona (provincia)",
    ]);
    expect(words.rows).toContainEqual({ factor: "", band: "Más de 40 %", effect: "No se asegura" });
    expect(words.rows).toContainEqual({ factor: "", band: "Funcionario", effect: "Baja un 10 % (× 0,90)" });
    expect(words.zones[0]!.lines.find((l) => l.startsWith("Zona 4"))).toMatch(/Madrid/);
  });

  it("las medidas de seguridad del hogar: cada una con su efecto, y ninguna sin efecto", () => {
    const words = tariffInWords("hogar", SEED_RATING_TABLES.plans, SEED_RATING_TABLES.tariffs);
    const security = words.rows.slice(words.rows.findIndex((r) => r.factor === "Medidas de seguridad"));
    expect(security.slice(0, 3).map((r) => r.effect)).toEqual([
      expect.stringMatching(/^Baja/),
      expect.stringMatching(/^Baja/),
      "Sin efecto (× 1,00)",
    ]);
  });
});
