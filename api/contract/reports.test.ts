import { describe, expect, it } from "vitest";
import { ReportPageQuerySchema, ReportQuerySchema, reportMonths, reportPeriod } from "./reports";

const errors = (result: { success: boolean; error?: { flatten(): { fieldErrors: Record<string, string[] | undefined> } } }) =>
  result.success ? {} : result.error!.flatten().fieldErrors;

describe("el periodo de un informe", () => {
  it("este mes y este año son el mes y el año naturales; el mes anterior, entero", () => {
    expect(reportPeriod({}, "2026-11-28")).toEqual({ period: "este-mes", from: "2026-11-01", to: "2026-11-30" });
    expect(reportPeriod({ periodo: "mes-anterior" }, "2026-03-31")).toEqual({ period: "mes-anterior", from: "2026-02-01", to: "2026-02-28" });
    expect(reportPeriod({ periodo: "mes-anterior" }, "2026-01-15")).toEqual({ period: "mes-anterior", from: "2025-12-01", to: "2025-12-31" });
    expect(reportPeriod({ periodo: "este-ano" }, "2026-11-28")).toEqual({ period: "este-ano", from: "2026-01-01", to: "2026-12-31" });
    expect(reportPeriod({ periodo: "personalizado", from: "2025-02-03", to: "2025-04-05" }, "2026-11-28")).toMatchObject({
      from: "2025-02-03",
      to: "2025-04-05",
    });
    // Dates without a period are a custom range.
    expect(reportPeriod({ from: "2025-02-03", to: "2025-04-05" }, "2026-11-28").period).toBe("personalizado");
  });

  it("otras fechas piden desde y hasta, en orden y de 5 años como mucho", () => {
    expect(errors(ReportPageQuerySchema.safeParse({ periodo: "personalizado" }))).toEqual({
      from: ["Escribe la fecha «desde» (dd/mm/aaaa)"],
      to: ["Escribe la fecha «hasta» (dd/mm/aaaa)"],
    });
    expect(errors(ReportPageQuerySchema.safeParse({ periodo: "personalizado", from: "31/02/2025", to: "2025-03-01" })).from).toEqual([
      "Escribe la fecha «desde» como dd/mm/aaaa",
    ]);
    expect(errors(ReportPageQuerySchema.safeParse({ from: "2025-03-01", to: "2025-02-01" })).to).toEqual([
      "La fecha «hasta» no puede ser anterior a la fecha «desde»",
    ]);
    expect(errors(ReportQuerySchema.safeParse({ from: "2020-01-01", to: "2025-12-31" })).to).toEqual(["El periodo no puede pasar de 5 años"]);
    expect(ReportQuerySchema.safeParse({ from: "2021-01-01", to: "2025-12-31" }).success).toBe(true);
    expect(ReportPageQuerySchema.safeParse({ periodo: "este-mes", line: "" }).success).toBe(true);
    expect(errors(ReportPageQuerySchema.safeParse({ line: "vida" })).line).toEqual(["Elige un ramo de la lista"]);
  });

  it("los meses de un periodo, el último cortado en su último día", () => {
    expect(reportMonths("2025-11-15", "2026-02-10")).toEqual([
      { key: "2025-11", label: "nov 2025", end: "2025-11-30" },
      { key: "2025-12", label: "dic 2025", end: "2025-12-31" },
      { key: "2026-01", label: "ene 2026", end: "2026-01-31" },
      { key: "2026-02", label: "feb 2026", end: "2026-02-10" },
    ]);
    expect(reportMonths("2026-03-01", "2026-03-01")).toHaveLength(1);
  });
});
