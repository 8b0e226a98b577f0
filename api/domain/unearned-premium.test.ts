import { describe, expect, it } from "vitest";
import { totalUnearned, unearnedPremium, type PaidPeriodRecibo } from "./unearned-premium";

const quarterly = (statuses: string[]): PaidPeriodRecibo[] =>
  ["2026-03-11", "2026-06-11", "2026-09-11", "2026-12-11"].map((dueDate, i) => ({
    id: 100 + i,
    sequence: i + 1,
    kind: "prima",
    term: 1,
    dueDate,
    amountCents: 10_000,
    status: statuses[i]!,
  }));
const policy = (recibos: PaidPeriodRecibo[]) => ({ term: 1, startDate: "2026-03-11", endDate: "2027-03-11", recibos });

describe("the unearned premium of a cancellation", () => {
  it("gives back only the days of the paid quarter after the effective date, not a share of the whole year", () => {
    const parts = unearnedPremium(policy(quarterly(["cobrado", "pendiente", "pendiente", "pendiente"])), "2026-03-24");
    // The quarter 11 March – 11 June has 92 days; 79 of them are after the 24th.
    expect(parts).toEqual([
      { reciboId: 100, sequence: 1, from: "2026-03-11", to: "2026-06-11", cents: Math.round((10_000 * 79) / 92), whole: false },
    ]);
  });

  it("refunds in full a recibo collected for a period after the effective date (cancelled before its start)", () => {
    const parts = unearnedPremium(policy(quarterly(["cobrado", "cobrado", "pendiente", "pendiente"])), "2026-03-01");
    expect(parts.map((p) => [p.sequence, p.cents, p.whole])).toEqual([
      [1, 10_000, true],
      [2, 10_000, true],
    ]);
    expect(totalUnearned(parts)).toBe(20_000);
  });

  it("gives nothing back for periods wholly covered before the effective date, and ignores other terms and unpaid recibos", () => {
    const recibos = quarterly(["cobrado", "cobrado", "devuelto", "anulado"]);
    recibos.push({ id: 1, sequence: 0, kind: "prima", term: 0, dueDate: "2025-03-11", amountCents: 40_000, status: "cobrado" });
    const parts = unearnedPremium(policy(recibos), "2026-09-11");
    expect(parts).toEqual([]);
  });

  it("a suplemento pays from its effective date to the end of the term", () => {
    const recibos: PaidPeriodRecibo[] = [
      { id: 1, sequence: 1, kind: "prima", term: 1, dueDate: "2026-03-11", amountCents: 36_500, status: "cobrado" },
      { id: 2, sequence: 2, kind: "suplemento", term: 1, dueDate: "2026-09-11", amountCents: 1_810, status: "cobrado" },
    ];
    const parts = unearnedPremium(policy(recibos), "2026-12-11");
    expect(parts).toEqual([
      { reciboId: 1, sequence: 1, from: "2026-03-11", to: "2027-03-11", cents: 9_000, whole: false },
      { reciboId: 2, sequence: 2, from: "2026-09-11", to: "2027-03-11", cents: Math.round((1_810 * 90) / 181), whole: false },
    ]);
  });
});
