import { describe, expect, it } from "vitest";
import { madridInstant } from "./calendar";
import { claimFraudSignals, type ClaimFraudInput } from "./claim-fraud";

const input = (over: Partial<ClaimFraudInput> = {}): ClaimFraudInput => ({
  eventType: "hogar_agua",
  occurredAt: madridInstant("2026-09-01", "10:00"),
  coverStartDate: "2026-03-01",
  endorsementDates: [],
  previousClaims: [],
  hasPoliceReport: false,
  ...over,
});
const signals = (over: Partial<ClaimFraudInput>) => claimFraudSignals(input(over)).map((s) => s.signal);

describe("señales de fraude (se muestran al tramitador, nunca deciden)", () => {
  it("ninguna en un siniestro corriente", () => {
    expect(claimFraudSignals(input())).toEqual([]);
  });

  it.each([
    ["2026-03-01", true],
    ["2026-03-30", true], // day 30 of cover
    ["2026-03-31", false],
  ])("en los primeros 30 días de la póliza (empezó el 01/03/2026): %s → %s", (day, flagged) => {
    expect(signals({ occurredAt: madridInstant(day, "12:00") }).includes("cerca_del_inicio")).toBe(flagged);
  });

  it.each([
    ["2026-06-09", false],
    ["2026-06-10", true],
    ["2026-07-09", true],
    ["2026-07-10", false],
  ])("en los 30 días siguientes a un suplemento con efecto el 10/06/2026: %s → %s", (day, flagged) => {
    expect(signals({ occurredAt: madridInstant(day, "12:00"), endorsementDates: ["2026-06-10"] }).includes("cerca_de_un_suplemento")).toBe(flagged);
  });

  it("tres siniestros de la póliza en doce meses (este incluido); el de hace más de un año no cuenta", () => {
    const a = { number: "SIN-2026-000001", occurredAt: madridInstant("2026-05-01", "10:00") };
    const b = { number: "SIN-2026-000002", occurredAt: madridInstant("2025-09-02", "10:00") };
    const old = { number: "SIN-2025-000009", occurredAt: madridInstant("2025-09-01", "10:00") };
    expect(signals({ previousClaims: [a] })).not.toContain("varios_en_un_ano");
    expect(signals({ previousClaims: [a, old] })).not.toContain("varios_en_un_ano");
    const all = claimFraudSignals(input({ previousClaims: [a, b] }));
    expect(all.find((s) => s.signal === "varios_en_un_ano")?.detail).toBe(
      "3 siniestros de la póliza entre el 02/09/2025 y el 01/09/2026: este y SIN-2026-000001, SIN-2026-000002",
    );
  });

  it("un robo sin denuncia, en coche y en hogar; con denuncia, no", () => {
    expect(signals({ eventType: "auto_robo" })).toEqual(["robo_sin_denuncia"]);
    expect(signals({ eventType: "hogar_robo" })).toEqual(["robo_sin_denuncia"]);
    expect(signals({ eventType: "hogar_robo", hasPoliceReport: true })).toEqual([]);
    expect(signals({ eventType: "hogar_agua" })).toEqual([]);
  });
});
