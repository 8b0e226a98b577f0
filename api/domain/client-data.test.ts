import { describe, expect, it } from "vitest";
import { CLIENT_DATA_RETENTION_YEARS, erasureDecision, policyEndedOn, type PolicyForErasure } from "./client-data";

const policy = (over: Partial<PolicyForErasure>): PolicyForErasure => ({
  status: "vencida",
  endDate: "2020-03-10",
  cancellationEffectiveDate: null,
  ...over,
});

describe("erasureDecision", () => {
  it("permite borrar enseguida a un cliente sin pólizas (un prospecto)", () => {
    expect(erasureDecision([], "2026-01-01")).toEqual({ allowed: true });
  });

  it("lo impide mientras haya una póliza pendiente de pago, en vigor o suspendida", () => {
    for (const status of ["pendiente_pago", "en_vigor", "suspendida"] as const) {
      expect(erasureDecision([policy({}), policy({ status })], "2040-01-01")).toEqual({ allowed: false, reason: "live_policy", livePolicies: 1 });
    }
  });

  it(`exige ${CLIENT_DATA_RETENTION_YEARS} años desde el fin de la última póliza, contando el aniversario`, () => {
    const policies = [policy({ endDate: "2019-05-01" }), policy({ endDate: "2020-03-10" })];
    expect(erasureDecision(policies, "2026-03-09")).toEqual({ allowed: false, reason: "retention", keepUntil: "2026-03-10" });
    expect(erasureDecision(policies, "2026-03-10")).toEqual({ allowed: true });
  });

  it("cuenta una anulación desde el día en que surtió efecto", () => {
    const cancelled = policy({ status: "anulada", endDate: "2021-01-01", cancellationEffectiveDate: "2020-02-29" });
    expect(policyEndedOn(cancelled)).toBe("2020-02-29");
    expect(erasureDecision([cancelled], "2026-02-27")).toEqual({ allowed: false, reason: "retention", keepUntil: "2026-02-28" });
    // A cancellation date after the end date (not expected) never lengthens the count.
    expect(policyEndedOn(policy({ status: "anulada", endDate: "2020-01-01", cancellationEffectiveDate: "2020-06-01" }))).toBe("2020-01-01");
  });
});
