import { describe, expect, it } from "vitest";
import { POLICY_STATUSES, RECIBO_STATUSES, type PolicyStatus, type ReciboStatus } from "../contract/vocabulary";
import {
  checkPolicyTransition,
  checkReciboTransition,
  coverResumesAt,
  extinctionDate,
  POLICY_ACTIONS,
  RECIBO_ACTIONS,
  renewalNoticeDate,
  renewalStopDeadline,
  suspensionDate,
  type PolicyAction,
  type PolicyState,
  type PolicyTransitionInput,
  type ReciboAction,
} from "./lifecycle";

const ctx = { today: "2027-01-10", withdrawal: { days: 14, lines: ["hogar", "alquiler"] } };
const policy = (status: PolicyStatus, extra: Partial<PolicyState> = {}): PolicyState => ({
  status,
  line: "hogar",
  startDate: "2027-01-01",
  endDate: "2027-03-20",
  contractedOn: "2027-01-01",
  renewalStoppedBy: null,
  recibos: [{ status: "cobrado", dueDate: "2027-01-01", sequence: 1 }],
  ...extra,
});
const input = (action: PolicyAction): PolicyTransitionInput =>
  action === "anular"
    ? { action, reason: "peticion_cliente", effectiveDate: "2027-01-15" }
    : action === "detener_renovacion"
      ? { action, by: "cliente" }
      : { action };

// The table of the machine, written out: what each action leaves a policy in, from each status.
const POLICY_TABLE: Record<PolicyAction, Partial<Record<PolicyStatus, PolicyStatus>>> = {
  activar: { pendiente_pago: "en_vigor" },
  suspender: { en_vigor: "suspendida" },
  rehabilitar: { suspendida: "en_vigor" },
  anular: { pendiente_pago: "anulada", en_vigor: "anulada", suspendida: "anulada" },
  vencer: { en_vigor: "vencida", suspendida: "vencida" },
  renovar: { en_vigor: "en_vigor" },
  detener_renovacion: { pendiente_pago: "pendiente_pago", en_vigor: "en_vigor", suspendida: "suspendida" },
};
const RECIBO_TABLE: Record<ReciboAction, Partial<Record<ReciboStatus, ReciboStatus>>> = {
  cobrar: { pendiente: "cobrado", devuelto: "cobrado" },
  remesar: { pendiente: "remesado", devuelto: "remesado" },
  liquidar: { remesado: "cobrado" },
  devolver: { pendiente: "devuelto", remesado: "devuelto", cobrado: "devuelto" },
  anular: { pendiente: "anulado", devuelto: "anulado" },
  extornar: { cobrado: "extornado" },
};

describe("the policy state machine, every (status, action) pair", () => {
  // `vencer` needs the end reached and `renovar` the renewal window open: a day that satisfies both.
  const late = { ...ctx, today: "2027-03-20" };
  for (const action of POLICY_ACTIONS) {
    for (const status of POLICY_STATUSES) {
      const to = POLICY_TABLE[action][status];
      it(`${action} from ${status}: ${to ?? "refused"}`, () => {
        const today = action === "vencer" || action === "renovar" ? late : ctx;
        const outcome = checkPolicyTransition(policy(status), input(action), today);
        if (to) expect(outcome).toEqual({ ok: true, from: status, to });
        else expect(outcome.ok).toBe(false);
      });
    }
  }

  it("says why in Spanish", () => {
    expect(checkPolicyTransition(policy("anulada"), { action: "suspender" }, ctx)).toEqual({
      ok: false,
      message: "La póliza está anulada; no se puede suspender",
    });
  });
});

describe("the recibo state machine, every (status, action) pair", () => {
  for (const action of RECIBO_ACTIONS) {
    for (const status of RECIBO_STATUSES) {
      const to = RECIBO_TABLE[action][status];
      it(`${action} from ${status}: ${to ?? "refused"}`, () => {
        const outcome = checkReciboTransition(status, action);
        if (to) expect(outcome).toEqual({ ok: true, from: status, to });
        else expect(outcome).toEqual({ ok: false, message: expect.stringMatching(/^El recibo está .+; no se puede /) });
      });
    }
  }
  it("says why in Spanish", () => {
    expect(checkReciboTransition("cobrado", "anular")).toEqual({ ok: false, message: "El recibo está cobrado; no se puede anular" });
  });
});

describe("the Ley de Contrato de Seguro's dates", () => {
  it("art. 15: a recibo unpaid one month after its due date suspends cover", () => {
    expect(suspensionDate("2027-02-01")).toBe("2027-03-01");
    expect(suspensionDate("2027-01-31")).toBe("2027-02-28");
  });
  it("art. 15: six months after the due date the contract is extinguished", () => {
    expect(extinctionDate("2027-02-01")).toBe("2027-08-01");
  });
  it("art. 15: cover resumes 24 hours after the payment", () => {
    expect(coverResumesAt(new Date("2027-03-05T10:30:00Z")).toISOString()).toBe("2027-03-06T10:30:00.000Z");
  });
  it("art. 22: the renewal notice goes out two months before the end", () => {
    expect(renewalNoticeDate("2027-12-15")).toBe("2027-10-15");
  });
  it("art. 22: the business may announce the renewal earlier (renewal_notice_months), never later than two months before", () => {
    expect(renewalNoticeDate("2027-12-15", 3)).toBe("2027-09-15");
    expect(renewalNoticeDate("2027-12-15", 1)).toBe("2027-10-15");
    const p = policy("en_vigor", { endDate: "2027-12-15" });
    expect(checkPolicyTransition(p, { action: "renovar" }, { ...ctx, today: "2027-09-15" })).toEqual({
      ok: false,
      message: "La renovación se prepara a partir del 15/10/2027, dos meses antes del vencimiento",
    });
    expect(checkPolicyTransition(p, { action: "renovar" }, { ...ctx, today: "2027-09-14", renewalNoticeMonths: 3 })).toEqual({
      ok: false,
      message: "La renovación se prepara a partir del 15/09/2027, tres meses antes del vencimiento",
    });
    expect(checkPolicyTransition(p, { action: "renovar" }, { ...ctx, today: "2027-09-15", renewalNoticeMonths: 3 }).ok).toBe(true);
  });
  it("art. 22: the customer stops the renewal with one month's notice, the insurer with two", () => {
    expect(renewalStopDeadline("2027-12-15", "cliente")).toBe("2027-11-15");
    expect(renewalStopDeadline("2027-12-15", "aseguradora")).toBe("2027-10-15");
    const p = policy("en_vigor", { endDate: "2027-12-15" });
    expect(checkPolicyTransition(p, { action: "detener_renovacion", by: "cliente" }, { ...ctx, today: "2027-11-15" }).ok).toBe(true);
    expect(checkPolicyTransition(p, { action: "detener_renovacion", by: "cliente" }, { ...ctx, today: "2027-11-16" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("art. 22 LCS"),
    });
    expect(checkPolicyTransition(p, { action: "detener_renovacion", by: "aseguradora" }, { ...ctx, today: "2027-10-16" }).ok).toBe(false);
  });
});

describe("guards", () => {
  it("a suspended policy with a recibo over a month overdue is not reactivated", () => {
    const p = policy("suspendida", { recibos: [{ status: "devuelto", dueDate: "2026-12-01", sequence: 2 }] });
    expect(checkPolicyTransition(p, { action: "rehabilitar" }, ctx)).toMatchObject({ ok: false, message: expect.stringContaining("recibo 2") });
  });
  it("desistimiento: not for a car policy, and only within the period", () => {
    const withdraw = { action: "anular", reason: "desistimiento", effectiveDate: "2027-01-10" } as const;
    expect(checkPolicyTransition(policy("en_vigor", { line: "auto" }), withdraw, ctx)).toMatchObject({
      ok: false,
      message: expect.stringContaining("responsabilidad civil obligatoria"),
    });
    expect(checkPolicyTransition(policy("en_vigor"), withdraw, ctx).ok).toBe(true);
    expect(checkPolicyTransition(policy("en_vigor"), withdraw, { ...ctx, today: "2027-01-16" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("plazo para desistir terminó el 15/01/2027"),
    });
  });
  it("a cancellation takes effect within the term, or today for a policy that has not started yet", () => {
    const future = policy("en_vigor", { startDate: "2027-01-20", endDate: "2028-01-20" });
    const on = (effectiveDate: string) => ({ action: "anular", reason: "peticion_cliente", effectiveDate }) as const;
    expect(checkPolicyTransition(future, on("2027-01-10"), ctx).ok).toBe(true);
    expect(checkPolicyTransition(future, on("2027-01-09"), ctx)).toMatchObject({ ok: false, message: expect.stringContaining("anterior al inicio") });
    expect(checkPolicyTransition(policy("en_vigor"), on("2026-12-31"), ctx).ok).toBe(false);
    expect(checkPolicyTransition(policy("en_vigor"), on("2028-01-01"), ctx)).toMatchObject({
      ok: false,
      message: expect.stringContaining("posterior al vencimiento"),
    });
  });

  it("a stopped renewal cannot be renewed, nor stopped twice", () => {
    const p = policy("en_vigor", { renewalStoppedBy: "cliente" });
    expect(checkPolicyTransition(p, { action: "renovar" }, { ...ctx, today: "2027-03-01" }).ok).toBe(false);
    expect(checkPolicyTransition(p, { action: "detener_renovacion", by: "aseguradora" }, ctx).ok).toBe(false);
  });
});
