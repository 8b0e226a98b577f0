import { describe, expect, it } from "vitest";
import { premiumSpans } from "./dashboard";

describe("premiumSpans", () => {
  it("compara del día 1 a hoy con los mismos días del mes anterior", () => {
    expect(premiumSpans("2026-11-28")).toEqual({
      current: { from: "2026-11-01", to: "2026-11-28" },
      previous: { from: "2026-10-01", to: "2026-10-28" },
    });
  });
  it("acaba el mes anterior en su último día cuando es más corto", () => {
    expect(premiumSpans("2026-03-31").previous).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(premiumSpans("2028-03-30").previous).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });
  it("en enero compara con diciembre del año anterior", () => {
    expect(premiumSpans("2027-01-15").previous).toEqual({ from: "2026-12-01", to: "2026-12-15" });
  });
});
