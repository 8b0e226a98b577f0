import { describe, expect, it } from "vitest";
import { clientStageAfter, dailyClientStage, settledStage, type PolicyFacts } from "./client-stage";

const TODAY = "2026-06-15";
const policy = (overrides: Partial<PolicyFacts> = {}): PolicyFacts => ({
  id: 1,
  status: "en_vigor",
  startDate: "2026-01-01",
  endDate: "2027-01-01",
  renewalStopped: false,
  returnedUnpaid: false,
  ...overrides,
});

describe("primera póliza", () => {
  it("un prospecto con su primera póliza pasa a Alta", () => {
    expect(clientStageAfter("prospecto", "emitida", 1, [policy({ startDate: "2026-06-16" })], TODAY)).toEqual({
      to: "alta",
      cause: "primera_poliza",
      policyId: 1,
    });
  });
  it("un cliente de baja con una póliza nueva vuelve a Alta", () => {
    const policies = [policy({ id: 1, status: "vencida" }), policy({ id: 2, startDate: "2026-06-20" })];
    expect(clientStageAfter("baja", "emitida", 2, policies, TODAY)).toEqual({ to: "alta", cause: "primera_poliza", policyId: 2 });
  });
  it("la segunda póliza de un cliente activo no lo mueve", () => {
    expect(clientStageAfter("activo", "emitida", 2, [policy(), policy({ id: 2 })], TODAY)).toBeNull();
  });
});

describe("entrada en vigor", () => {
  it("un cliente de Alta pasa a Activo cuando su póliza entra en vigor o se cobra su primer recibo", () => {
    expect(clientStageAfter("alta", "activada", 1, [policy({ startDate: TODAY })], TODAY)).toEqual({
      to: "activo",
      cause: "poliza_en_vigor",
      policyId: 1,
    });
    expect(clientStageAfter("alta", "recibo_cobrado", 1, [policy({ startDate: TODAY })], TODAY)?.to).toBe("activo");
  });
  it("pagada antes de la fecha de efecto sigue en Alta", () => {
    expect(clientStageAfter("alta", "activada", 1, [policy({ startDate: "2026-06-16" })], TODAY)).toBeNull();
  });
  it("el proceso diario lo pasa a Activo el día de efecto, no antes", () => {
    const facts = [policy({ startDate: "2026-06-16" })];
    expect(dailyClientStage("alta", "2026-06-10", facts, TODAY)).toBeNull();
    expect(dailyClientStage("alta", "2026-06-10", facts, "2026-06-16")).toEqual({ to: "activo", cause: "poliza_en_vigor", policyId: 1 });
  });
});

describe("renovación", () => {
  const ending = policy({ endDate: "2026-08-14" }); // 60 days after TODAY
  it("a 60 días del vencimiento pasa a Renovación; a 61, no", () => {
    expect(dailyClientStage("activo", "2026-01-01", [ending], TODAY)).toEqual({ to: "renovacion", cause: "renovacion_proxima", policyId: 1 });
    expect(dailyClientStage("activo", "2026-01-01", [ending], "2026-06-14")).toBeNull();
  });
  it("no, si la renovación está detenida", () => {
    expect(dailyClientStage("activo", "2026-01-01", [{ ...ending, renewalStopped: true }], TODAY)).toBeNull();
  });
  it("no, si entró en Activo después de abrirse la ventana (movido a mano): el evento ya pasó", () => {
    expect(dailyClientStage("activo", "2026-06-15", [ending], TODAY)).toBeNull();
    expect(dailyClientStage("activo", "2026-06-14", [ending], TODAY)?.to).toBe("renovacion");
  });
  it("renovada, vuelve a Activo", () => {
    expect(clientStageAfter("renovacion", "renovada", 1, [policy({ endDate: "2027-08-14" })], TODAY)).toEqual({
      to: "activo",
      cause: "renovada",
      policyId: 1,
    });
  });
  it("renovada una póliza, sigue en Renovación si otra está por renovar", () => {
    expect(clientStageAfter("renovacion", "renovada", 1, [policy({ endDate: "2027-08-14" }), { ...ending, id: 2 }], TODAY)).toBeNull();
  });
  it("los otros estados no se mueven con el tiempo", () => {
    for (const stage of ["prospecto", "renovacion", "en_riesgo", "baja"] as const)
      expect(dailyClientStage(stage, "2026-01-01", [ending], TODAY)).toBeNull();
  });
});

describe("en riesgo", () => {
  it("un recibo devuelto, una suspensión o un aviso de no renovación lo ponen En riesgo", () => {
    for (const stage of ["alta", "activo", "renovacion"] as const) {
      expect(clientStageAfter(stage, "recibo_devuelto", 1, [policy({ returnedUnpaid: true })], TODAY)).toEqual({
        to: "en_riesgo",
        cause: "recibo_devuelto",
        policyId: 1,
      });
      expect(clientStageAfter(stage, "suspendida", 1, [policy({ status: "suspendida" })], TODAY)?.cause).toBe("suspension");
      expect(clientStageAfter(stage, "renovacion_detenida", 1, [policy({ renewalStopped: true })], TODAY)?.cause).toBe("no_renovacion");
    }
    expect(clientStageAfter("en_riesgo", "recibo_devuelto", 1, [policy({ returnedUnpaid: true })], TODAY)).toBeNull();
  });
  it("cobrado el recibo, vuelve a Activo (o a Renovación si está en la ventana)", () => {
    expect(clientStageAfter("en_riesgo", "recibo_cobrado", 1, [policy()], TODAY)).toEqual({ to: "activo", cause: "riesgo_resuelto", policyId: 1 });
    expect(clientStageAfter("en_riesgo", "recibo_cobrado", 1, [policy({ endDate: "2026-07-01" })], TODAY)?.to).toBe("renovacion");
  });
  it("rehabilitada la póliza, vuelve a Activo", () => {
    expect(clientStageAfter("en_riesgo", "rehabilitada", 1, [policy()], TODAY)?.to).toBe("activo");
  });
  it("sigue En riesgo mientras quede algo en riesgo", () => {
    const policies = [policy(), policy({ id: 2, status: "suspendida" })];
    expect(clientStageAfter("en_riesgo", "recibo_cobrado", 1, policies, TODAY)).toBeNull();
  });
});

describe("baja", () => {
  it("terminadas todas sus pólizas (vencida, anulada), pasa a Baja", () => {
    const ended = [policy({ status: "vencida" }), policy({ id: 2, status: "anulada" })];
    for (const stage of ["alta", "activo", "renovacion", "en_riesgo"] as const) {
      expect(clientStageAfter(stage, "anulada", 2, ended, TODAY)).toEqual({ to: "baja", cause: "polizas_terminadas", policyId: 2 });
      expect(clientStageAfter(stage, "vencida", 1, ended, TODAY)?.to).toBe("baja");
    }
  });
  it("no, mientras le quede otra póliza; si la anulada era la que estaba en riesgo, sale del riesgo", () => {
    const policies = [policy(), policy({ id: 2, status: "anulada" })];
    expect(clientStageAfter("activo", "anulada", 2, policies, TODAY)).toBeNull();
    expect(clientStageAfter("en_riesgo", "anulada", 2, policies, TODAY)).toEqual({ to: "activo", cause: "riesgo_resuelto", policyId: 2 });
  });
});

describe("settledStage", () => {
  it("sin pólizas, prospecto; con pólizas terminadas, baja; pagada sin efecto, alta", () => {
    expect(settledStage([], TODAY).stage).toBe("prospecto");
    expect(settledStage([policy({ status: "vencida" })], TODAY).stage).toBe("baja");
    expect(settledStage([policy({ startDate: "2026-07-01" })], TODAY).stage).toBe("alta");
  });
});
