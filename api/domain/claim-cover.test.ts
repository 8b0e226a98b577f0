import { describe, expect, it } from "vitest";
import type { ClaimCheck } from "../contract/claim-vocabulary";
import type { ClaimEventType } from "../contract/claim-vocabulary";
import { madridInstant } from "./calendar";
import { checkClaimCover, payableCents, refusalForCustomer, type CoverGuarantee, type PolicyCoverSnapshot } from "./claim-cover";

const NOW = new Date("2027-06-01T10:00:00Z");
const g = (code: string, over: Partial<CoverGuarantee> = {}): CoverGuarantee => ({
  code,
  name: code,
  limitCents: null,
  limitText: null,
  deductibleCents: 0,
  waitingDays: 0,
  since: "2026-03-01",
  until: null,
  ...over,
});
const hogar = (over: Partial<PolicyCoverSnapshot> = {}): PolicyCoverSnapshot => ({
  policyNumber: "COT-2026-000001",
  line: "hogar",
  planDeductibleCents: 6_000,
  terms: [{ startDate: "2026-03-01", endDate: "2027-03-01" }],
  inForceFrom: "2026-02-20",
  cancellationEffectiveDate: null,
  suspensions: [],
  guarantees: [
    g("hogar_danos_agua"),
    g("hogar_rotura_cristales", { limitCents: 150_000 }),
    g("hogar_responsabilidad_civil", { limitCents: 30_000_000 }),
  ],
  ...over,
});
/** The result of one rule for a claim at 12:00 (Madrid) on `day`. */
function rule(
  snapshot: PolicyCoverSnapshot,
  eventType: ClaimEventType,
  day: string,
  check: ClaimCheck,
  time = "12:00",
  amountCents: number | null = null,
) {
  const result = checkClaimCover({ snapshot, eventType, occurredAt: madridInstant(day, time), amountCents }, NOW);
  return result.lines.find((l) => l.check === check)!;
}

describe("vigencia: del primer al último día de la anualidad, ambos incluidos (días de España)", () => {
  it.each([
    ["2026-02-28", "fallo"],
    ["2026-03-01", "ok"],
    ["2027-02-28", "ok"],
    ["2027-03-01", "fallo"],
  ])("%s: %s", (day, result) => {
    expect(rule(hogar(), "hogar_agua", day, "vigencia").result).toBe(result);
  });

  it("cuenta el día en España: las 00:30 del 01/03 en Madrid (23:30 UTC del día anterior) ya están cubiertas", () => {
    expect(rule(hogar(), "hogar_agua", "2026-03-01", "vigencia", "00:30").result).toBe("ok");
    expect(rule(hogar(), "hogar_agua", "2027-02-28", "vigencia", "23:59").result).toBe("ok");
  });

  it("una póliza renovada cubre sus dos anualidades sin hueco, y explica al cliente la fecha de inicio", () => {
    const renewed = hogar({
      terms: [
        { startDate: "2026-03-01", endDate: "2027-03-01" },
        { startDate: "2027-03-01", endDate: "2028-03-01" },
      ],
    });
    expect(rule(renewed, "hogar_agua", "2027-03-01", "vigencia").result).toBe("ok");
    expect(rule(renewed, "hogar_agua", "2028-02-29", "vigencia").result).toBe("ok");
    expect(rule(renewed, "hogar_agua", "2026-02-28", "vigencia").customerText).toBe(
      "El siniestro ocurrió el 28/02/2026, antes de que empezara la cobertura de su póliza, el 01/03/2026. Un seguro cubre lo que ocurre mientras está en vigor.",
    );
  });
});

describe("anulación: la fecha de efecto es el primer día sin cobertura", () => {
  it.each([
    ["2026-08-31", "ok"],
    ["2026-09-01", "fallo"],
  ])("anulada con efecto el 01/09/2026, siniestro del %s: %s", (day, result) => {
    expect(rule(hogar({ cancellationEffectiveDate: "2026-09-01" }), "hogar_agua", day, "anulacion").result).toBe(result);
  });
});

describe("primera prima (art. 15 LCS): sin pagar antes del siniestro, el asegurador queda liberado", () => {
  it("falla mientras la primera prima no está pagada, con el artículo", () => {
    const line = rule(hogar({ inForceFrom: null }), "hogar_agua", "2026-03-05", "primera_prima");
    expect(line).toMatchObject({ result: "fallo", article: "art. 15 LCS" });
  });
  it.each([
    ["2026-03-09", "fallo"],
    ["2026-03-10", "ok"],
  ])("pagada el 10/03/2026, siniestro del %s: %s", (day, result) => {
    expect(rule(hogar({ inForceFrom: "2026-03-10" }), "hogar_agua", day, "primera_prima").result).toBe(result);
  });
});

describe("suspensión por impago (art. 15 LCS): el día de la suspensión no está cubierto, el día en que se reanuda sí", () => {
  // Suspended on 01/07/2026 (the recibo of 01/06 unpaid a month), paid on 14/07: cover back on 15/07 (24 h after the payment).
  const suspended = hogar({ suspensions: [{ from: "2026-07-01", resumesOn: "2026-07-15" }] });
  it.each([
    ["2026-06-30", "ok"],
    ["2026-07-01", "fallo"],
    ["2026-07-14", "fallo"],
    ["2026-07-15", "ok"],
  ])("siniestro del %s: %s", (day, result) => {
    expect(rule(suspended, "hogar_agua", day, "suspension").result).toBe(result);
  });

  it("el día de la suspensión no está cubierto desde su primer minuto", () => {
    expect(rule(suspended, "hogar_agua", "2026-07-01", "suspension", "00:01").result).toBe("fallo");
    expect(rule(suspended, "hogar_agua", "2026-07-15", "suspension", "00:01").result).toBe("ok");
  });

  it("explica al cliente el artículo y cuándo volvió la cobertura, y rechaza el siniestro", () => {
    const result = checkClaimCover(
      { snapshot: suspended, eventType: "hogar_agua", occurredAt: madridInstant("2026-07-03", "09:00"), amountCents: 50_000 },
      NOW,
    );
    expect(result.covered).toBe(false);
    const line = result.lines.find((l) => l.check === "suspension")!;
    expect(line.article).toBe("art. 15 LCS");
    expect(line.reason).toContain("desde el 01/07/2026 hasta el 14/07/2026 (la cobertura se reanudó el 15/07/2026)");
    expect(refusalForCustomer(result)).toEqual([
      "El día del siniestro (03/07/2026) la cobertura de su póliza estaba suspendida porque un recibo llevaba más de un mes sin pagar. Según el artículo 15 de la Ley de Contrato de Seguro, mientras la cobertura está suspendida la aseguradora no responde de los siniestros. La cobertura se reanudó el 15/07/2026, después del pago.",
    ]);
  });

  it("una suspensión que sigue abierta no cubre nada desde su primer día", () => {
    const still = hogar({ suspensions: [{ from: "2026-07-01", resumesOn: null }] });
    expect(rule(still, "hogar_agua", "2026-12-31", "suspension").result).toBe("fallo");
  });

  it("una suspensión levantada el mismo día no deja ningún día sin cobertura", () => {
    const sameDay = hogar({ suspensions: [{ from: "2026-07-01", resumesOn: "2026-07-01" }] });
    expect(rule(sameDay, "hogar_agua", "2026-07-01", "suspension").result).toBe("ok");
  });
});

describe("garantía: la que cubre el siniestro, tenida ese día", () => {
  it("coche: una luna rota en un plan sin lunas no está cubierta; con la garantía de lunas sí", () => {
    const auto = hogar({ line: "auto", guarantees: [g("auto_rc_obligatoria")] });
    expect(rule(auto, "auto_lunas", "2026-05-05", "garantia").result).toBe("fallo");
    expect(rule(hogar({ line: "auto", guarantees: [g("auto_lunas")] }), "auto_lunas", "2026-05-05", "garantia").result).toBe("ok");
  });

  it("coche: una colisión la cubre la responsabilidad civil aunque no haya daños propios", () => {
    const auto = hogar({ line: "auto", guarantees: [g("auto_rc_obligatoria")] });
    expect(rule(auto, "auto_colision", "2026-05-05", "garantia").reason).toContain("auto_rc_obligatoria");
  });

  it.each([
    ["2026-09-14", "fallo"],
    ["2026-09-15", "ok"],
  ])("añadida por un suplemento con efecto el 15/09/2026, siniestro del %s: %s", (day, result) => {
    const endorsed = hogar({ guarantees: [g("hogar_danos_agua"), g("hogar_danos_electricos", { name: "Daños eléctricos", since: "2026-09-15" })] });
    expect(rule(endorsed, "hogar_electricos", day, "garantia").result).toBe(result);
  });

  it("al cliente le dice que la añadió después del siniestro", () => {
    const endorsed = hogar({ guarantees: [g("hogar_danos_electricos", { name: "Daños eléctricos", since: "2026-09-15" })] });
    expect(rule(endorsed, "hogar_electricos", "2026-09-14", "garantia").customerText).toBe(
      "El 14/09/2026 su póliza no incluía la garantía que cubre este siniestro («Daños eléctricos»): la añadió con efecto el 15/09/2026, después de que ocurriera.",
    );
  });

  it.each([
    ["2026-10-31", "ok"],
    ["2026-11-01", "fallo"],
  ])("quitada por un suplemento con efecto el 01/11/2026, siniestro del %s: %s", (day, result) => {
    const removed = hogar({ guarantees: [g("hogar_robo", { until: "2026-11-01" })] });
    expect(rule(removed, "hogar_robo", day, "garantia").result).toBe(result);
  });
});

describe("carencia: se cuenta desde el inicio de la garantía (alquiler)", () => {
  const rent = hogar({
    line: "alquiler",
    planDeductibleCents: 0,
    guarantees: [g("alquiler_impago_rentas", { name: "Impago de rentas", waitingDays: 30, limitCents: 570_000 })],
  });
  it.each([
    ["2026-03-30", "fallo"], // the 30th day counted from 01/03, the last of the carencia
    ["2026-03-31", "ok"],
  ])("carencia de 30 días desde el 01/03/2026, impago del %s: %s", (day, result) => {
    expect(rule(rent, "alquiler_impago", day, "carencia").result).toBe(result);
  });

  it("la carencia de una garantía añadida por suplemento empieza en su fecha de efecto", () => {
    const endorsed = hogar({ line: "alquiler", guarantees: [g("alquiler_impago_rentas", { waitingDays: 30, since: "2026-06-10" })] });
    expect(rule(endorsed, "alquiler_impago", "2026-07-09", "carencia").result).toBe("fallo");
    expect(rule(endorsed, "alquiler_impago", "2026-07-10", "carencia").result).toBe("ok");
  });

  it("sin carencia, la línea lo dice y no falla", () => {
    expect(rule(hogar(), "hogar_agua", "2026-03-01", "carencia").result).toBe("ok");
  });
});

describe("importe: a pagar = mín(límite, máx(0, importe − franquicia)), en céntimos", () => {
  it.each([
    [100_000, 6_000, null, 94_000],
    [5_000, 6_000, null, 0],
    [6_000, 6_000, null, 0],
    [200_000, 0, 150_000, 150_000],
    [156_000, 6_000, 150_000, 150_000],
    [156_001, 6_000, 150_000, 150_000],
  ])("%i − %i con límite %s = %i", (amount, deductible, limit, payable) => {
    expect(payableCents(amount, deductible, limit)).toBe(payable);
  });

  it("hogar: aplica la franquicia del plan a los daños propios y la muestra", () => {
    const result = checkClaimCover(
      { snapshot: hogar(), eventType: "hogar_agua", occurredAt: madridInstant("2026-05-05", "10:00"), amountCents: 100_000 },
      NOW,
    );
    expect(result.amounts).toEqual({
      guaranteeCode: "hogar_danos_agua",
      claimedCents: 100_000,
      deductibleCents: 6_000,
      limitCents: null,
      payableCents: 94_000,
    });
    expect(result.lines.at(-1)).toMatchObject({ check: "importe", result: "ok" });
    expect(result.lines.at(-1)!.reason).toMatch(/^1\.000,00\s€ − franquicia 60,00\s€ = 940,00\s€$/);
  });

  it("hogar: la responsabilidad civil frente a un vecino no lleva la franquicia del plan", () => {
    expect(rule(hogar(), "hogar_rc_vecino", "2026-05-05", "importe", "10:00", 100_000).reason).toMatch(/= 1\.000,00\s€$/);
  });

  it("coche: la franquicia propia de la garantía manda (daños propios con franquicia)", () => {
    const auto = hogar({ line: "auto", planDeductibleCents: 30_000, guarantees: [g("auto_danos_propios_franquicia", { deductibleCents: 30_000 })] });
    const result = checkClaimCover(
      { snapshot: auto, eventType: "auto_un_vehiculo", occurredAt: madridInstant("2026-05-05", "10:00"), amountCents: 120_000 },
      NOW,
    );
    expect(result.amounts?.payableCents).toBe(90_000);
  });

  it("avisa cuando el importe no supera la franquicia o se corta en el límite, y cuando falta el importe", () => {
    expect(rule(hogar(), "hogar_agua", "2026-05-05", "importe", "10:00", 5_000).result).toBe("aviso");
    expect(rule(hogar(), "hogar_cristales", "2026-05-05", "importe", "10:00", 300_000).result).toBe("aviso");
    expect(rule(hogar(), "hogar_agua", "2026-05-05", "importe").result).toBe("aviso");
  });
});

describe("el resultado", () => {
  it("una línea por regla, en orden, y cubierto cuando ninguna falla", () => {
    const result = checkClaimCover(
      { snapshot: hogar(), eventType: "hogar_agua", occurredAt: madridInstant("2026-05-05", "10:00"), amountCents: 100_000 },
      NOW,
    );
    expect(result.lines.map((l) => l.check)).toEqual(["vigencia", "anulacion", "primera_prima", "suspension", "garantia", "carencia", "importe"]);
    expect(result).toMatchObject({ covered: true, occurredOn: "2026-05-05", checkedAt: NOW.toISOString() });
    expect(refusalForCustomer(result)).toEqual([]);
  });
});
