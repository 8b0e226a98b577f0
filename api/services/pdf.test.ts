import { describe, expect, it } from "vitest";
import { SEED_RATING_TABLES } from "../db/seed/catalogue";
import { DEFAULT_SETTINGS } from "../db/seed/settings";
import { reciboPeriod } from "../domain/calendar";
import { pdfText } from "../../tests/support/pdf-text";
import { formatInstant, renderIpidPdf } from "./pdf";

describe("reciboPeriod", () => {
  it("covers from each due date to the day before the next", () => {
    expect(reciboPeriod("2026-03-10", "anual", 1)).toEqual({ from: "2026-03-10", to: "2027-03-09" });
    expect(reciboPeriod("2026-03-10", "trimestral", 4)).toEqual({ from: "2026-12-10", to: "2027-03-09" });
    // A start on the 31st: months without that day end on their last day.
    expect(reciboPeriod("2026-01-31", "mensual", 1)).toEqual({ from: "2026-01-31", to: "2026-02-27" });
    expect(reciboPeriod("2026-01-31", "mensual", 2)).toEqual({ from: "2026-02-28", to: "2026-03-30" });
  });
});

describe("formatInstant", () => {
  it("shows the time in Spain, summer or winter", () => {
    expect(formatInstant(new Date("2026-03-10T09:05:00Z"))).toBe("10/03/2026 10:05");
    expect(formatInstant(new Date("2026-07-31T22:30:00Z"))).toBe("01/08/2026 00:30");
  });
});

describe("renderIpidPdf", () => {
  it("produces a PDF for each line", async () => {
    for (const line of ["auto", "hogar", "alquiler"] as const) {
      const pdf = await renderIpidPdf(
        {
          line,
          lineName: `Seguro ${line}`,
          lineDescription: "",
          plans: SEED_RATING_TABLES.plans.filter((p) => p.line === line),
          guarantees: SEED_RATING_TABLES.guarantees.filter((g) => g.line === line),
          fractionationBp: DEFAULT_SETTINGS.fractionation_surcharges_bp,
          tariffs: SEED_RATING_TABLES.tariffs,
        },
        { distributor: DEFAULT_SETTINGS.distributor, insurers: DEFAULT_SETTINGS.insurers, withdrawal: { days: 14, lines: ["hogar", "alquiler"] } },
      );
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pdf.subarray(-6).toString()).toContain("%%EOF");
      // The insurer of that line, with its NIF and DGSFP key.
      const insurer = DEFAULT_SETTINGS.insurers[line];
      const text = pdfText(pdf).replace(/\s+/g, " ");
      expect(text).toContain(insurer.name);
      expect(text).toContain(`NIF ${insurer.taxId}`);
      expect(text).toContain(`clave DGSFP ${insurer.dgsfpKey}`);
      // What raises or lowers the price, in words: every factor of the line's tariff and each plan's base.
      expect(text).toContain("¿Qué hace variar el precio?");
      for (const t of SEED_RATING_TABLES.tariffs.filter((x) => x.line === line)) expect(text).toContain(t.table.title);
      for (const p of SEED_RATING_TABLES.plans.filter((x) => x.line === line)) expect(text).toContain(p.name);
    }
    const auto = pdfText(
      await renderIpidPdf(
        {
          line: "auto",
          lineName: "Seguro de coche",
          lineDescription: "",
          plans: SEED_RATING_TABLES.plans.filter((p) => p.line === "auto"),
          guarantees: SEED_RATING_TABLES.guarantees.filter((g) => g.line === "auto"),
          fractionationBp: DEFAULT_SETTINGS.fractionation_surcharges_bp,
          tariffs: SEED_RATING_TABLES.tariffs,
        },
        { distributor: DEFAULT_SETTINGS.distributor, insurers: DEFAULT_SETTINGS.insurers, withdrawal: { days: 14, lines: ["hogar", "alquiler"] } },
      ),
    ).replace(/\s+/g, " ");
    expect(auto).toMatch(/Terceros: 220,00 \S* ?al año/);
    expect(auto).toContain("De 18 a 20 años Sube un 120 % (× 2,20)");
    expect(auto).toContain("10 años o más (-50 %) Baja un 50 % (× 0,50)");
    expect(auto).toMatch(/Zona 4: [^.]*Madrid/);
  });
});
