import fc from "fast-check";
import { describe, it } from "vitest";
import { FREQUENCIES, INSTALMENTS, type Line as LineCode } from "../contract/vocabulary";
import { SEED_RATING_TABLES } from "../db/seed/catalogue";
import { addMonths, madridDate } from "./calendar";
import { rateQuote, type Breakdown, type RatingResult } from "./rating";
import { type AlquilerInputs, type AutoInputs, type HogarInputs, type QuoteRequest } from "./rating-inputs";

const RUNS = { numRuns: 300 };

// ─── Generators ───────────────────────────────────────────────────────────────────────

const nowArb = fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2040-12-31T23:59:59Z"), noInvalidDate: true });

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function fullYears(from: string, to: string): number {
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) < from.slice(5) ? years - 1 : years;
}

const provinceArb = fc.integer({ min: 1, max: 52 }).map((p) => String(p).padStart(2, "0"));
const postalCodeArb = fc.tuple(provinceArb, fc.integer({ min: 0, max: 999 })).map(([p, rest]) => `${p}${String(rest).padStart(3, "0")}`);

/** Optional guarantees of a line: per plan, any subset of what the plan offers. */
function optionalsArb(line: LineCode): fc.Arbitrary<Record<string, string[]>> {
  const plans = SEED_RATING_TABLES.plans.filter((p) => p.line === line);
  const entries = plans.map((plan) => {
    const offered = SEED_RATING_TABLES.guarantees.filter((g) => g.line === line && g.optionalIn.includes(plan.code)).map((g) => g.code);
    return fc.subarray(offered).map((codes) => [plan.code, codes] as const);
  });
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs));
}

/** A driver of 18 to 95 with a licence obtained between the 18th birthday and today. */
const autoArb = nowArb.chain((now) => {
  const today = madridDate(now);
  return fc
    .record({
      // 18 × 366 days back is 18 years even with five leap days in between.
      ageDays: fc.integer({ min: 18 * 366, max: 95 * 365 }),
      licenceShare: fc.double({ min: 0, max: 1, noNaN: true }),
      claimFreeWanted: fc.integer({ min: 0, max: 60 }),
      postalCode: postalCodeArb,
      vehicleYear: fc.integer({ min: 1950, max: Number(today.slice(0, 4)) + 1 }),
      vehicleValue: fc.integer({ min: 1, max: 50_000_000 }),
      use: fc.constantFrom("particular" as const, "profesional" as const),
      annualKm: fc.integer({ min: 0, max: 150_000 }),
      optionalGuarantees: optionalsArb("auto"),
    })
    .map((g) => {
      const driverBirthDate = addDays(today, -g.ageDays);
      // A 29 February birthday is reached on 1 March in common years.
      let eighteenth = addMonths(driverBirthDate, 18 * 12);
      if (driverBirthDate.slice(5) === "02-29" && eighteenth.slice(5) === "02-28") eighteenth = addDays(eighteenth, 1);
      const licenseDate = addDays(eighteenth, Math.floor(g.licenceShare * daysBetween(eighteenth, today)));
      const inputs: AutoInputs = {
        driverBirthDate,
        licenseDate,
        postalCode: g.postalCode,
        vehicleBrand: "Marca",
        vehicleModel: "Modelo",
        vehicleYear: g.vehicleYear,
        vehicleValue: g.vehicleValue,
        use: g.use,
        annualKm: g.annualKm,
        claimFreeYears: Math.min(g.claimFreeWanted, fullYears(licenseDate, today)),
      };
      return { now, request: { line: "auto", inputs, optionalGuarantees: g.optionalGuarantees } satisfies QuoteRequest };
    });
});

const hogarArb = nowArb.chain((now) =>
  fc
    .record({
      postalCode: postalCodeArb,
      dwellingType: fc.constantFrom("piso" as const, "casa" as const),
      floor: fc.constantFrom("bajo" as const, "intermedio" as const, "atico" as const),
      areaM2: fc.integer({ min: 1, max: 2_000 }),
      yearBuilt: fc.integer({ min: 1600, max: Number(madridDate(now).slice(0, 4)) }),
      residence: fc.constantFrom("habitual" as const, "secundaria" as const),
      buildingValue: fc.integer({ min: 0, max: 500_000_000 }),
      contentsValue: fc.integer({ min: 1, max: 100_000_000 }),
      alarm: fc.boolean(),
      reinforcedDoor: fc.boolean(),
    })
    .chain((inputs: HogarInputs) =>
      optionalsArb("hogar").map((optionalGuarantees) => ({
        now,
        request: { line: "hogar", inputs, optionalGuarantees } satisfies QuoteRequest,
      })),
    ),
);

const tenantContractArb = fc.option(fc.constantFrom("indefinido", "funcionario", "pensionista", "autonomo", "temporal"), { nil: undefined });

/** Rents and incomes anywhere, plus many right at the 40 % limit (income ≈ 2,5 × rent). */
const rentIncomeArb = fc.oneof(
  fc.record({ monthlyRent: fc.integer({ min: 1, max: 1_000_000 }), tenantMonthlyIncome: fc.integer({ min: 0, max: 3_000_000 }) }),
  fc
    .record({ monthlyRent: fc.integer({ min: 1, max: 1_000_000 }), delta: fc.integer({ min: -3, max: 3 }) })
    .map(({ monthlyRent, delta }) => ({ monthlyRent, tenantMonthlyIncome: Math.max(0, Math.ceil((monthlyRent * 5) / 2) + delta) })),
);

const alquilerArb = fc
  .record({
    now: nowArb,
    postalCode: postalCodeArb,
    rentIncome: rentIncomeArb,
    tenantContract: tenantContractArb,
    optionalGuarantees: optionalsArb("alquiler"),
  })
  .map(({ now, postalCode, rentIncome, tenantContract, optionalGuarantees }) => {
    const inputs: AlquilerInputs = { postalCode, ...rentIncome, ...(tenantContract ? { tenantContract } : {}) };
    return { now, request: { line: "alquiler", inputs, optionalGuarantees } satisfies QuoteRequest };
  });

// ─── Properties ───────────────────────────────────────────────────────────────────────

// Plain checks rather than expect(): thousands of them run per property, and fast-check
// reports the failing input together with the message.
function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

function checkWholeNonNegative(value: number, what: string): void {
  check(Number.isSafeInteger(value) && value >= 0, `${what} = ${value} is not a whole, non-negative number of cents`);
}

function checkBreakdown(b: Breakdown, frequency: (typeof FREQUENCIES)[number], where: string): void {
  for (const key of ["net", "fractionation", "consorcio", "clea", "ips", "total"] as const) checkWholeNonNegative(b[key], `${where} ${key}`);
  check(b.total === b.net + b.fractionation + b.consorcio + b.clea + b.ips, `${where}: total ${b.total} is not the sum of its components`);
  check(b.recibos.length === INSTALMENTS[frequency], `${where}: ${b.recibos.length} recibos`);
  b.recibos.forEach((r, i) => {
    checkWholeNonNegative(r.amount, `${where} recibo ${r.sequence}`);
    check(r.sequence === i + 1, `${where}: recibo ${i + 1} numbered ${r.sequence}`);
    if (i > 0) {
      check(r.dueDate > b.recibos[i - 1]!.dueDate, `${where}: recibo ${r.sequence} is not due after the previous one`);
      // Later recibos are equal; only the first carries the remainder and the surcharges.
      check(r.amount === b.recibos[1]!.amount, `${where}: recibo ${r.sequence} differs from recibo 2`);
    }
  });
  const sum = b.recibos.reduce((acc, r) => acc + r.amount, 0);
  check(sum === b.total, `${where}: recibos add up to ${sum}, not ${b.total}`);
  if (b.recibos.length > 1) {
    check(b.recibos[0]!.amount - b.recibos[1]!.amount >= b.consorcio + b.clea, `${where}: the first recibo lacks the surcharges`);
  }
}

function checkPriced(result: RatingResult, request: QuoteRequest): void {
  if (result.status !== "priced") throw new Error(`Unexpectedly declined: ${result.reason}`);
  const planCount = SEED_RATING_TABLES.plans.filter((p) => p.line === request.line).length;
  check(result.plans.length === planCount, `${result.plans.length} plans priced`);
  for (const plan of result.plans) {
    checkWholeNonNegative(plan.riskPremiumCents, `${plan.code} risk premium`);
    // The explanation redoes the sum: its last running amount is the risk premium.
    const last = plan.explanation.at(-1)?.amountCents ?? plan.basePremiumCents;
    check(last === plan.riskPremiumCents, `${plan.code}: explanation ends at ${last}, risk premium ${plan.riskPremiumCents}`);
    const chosen = plan.optionalGuarantees.filter((g) => g.selected).reduce((sum, g) => sum + g.priceCents, 0);
    for (const g of plan.optionalGuarantees) checkWholeNonNegative(g.priceCents, `${plan.code} ${g.code}`);
    const asked = [...(request.optionalGuarantees?.[plan.code] ?? [])].sort().join();
    check(
      [...plan.selectedOptionalGuarantees].sort().join() === asked,
      `${plan.code}: selected ${plan.selectedOptionalGuarantees.join()}, asked ${asked}`,
    );
    for (const frequency of FREQUENCIES) {
      const b = plan.prices[frequency];
      checkBreakdown(b, frequency, `${plan.code} ${frequency}`);
      check(b.net === plan.riskPremiumCents + chosen, `${plan.code} ${frequency}: net is not risk premium + chosen optionals`);
    }
    // Paying in instalments never costs less than paying once.
    const totals = FREQUENCIES.map((f) => plan.prices[f].total);
    check(
      totals.every((t, i) => i === 0 || t >= totals[i - 1]!),
      `${plan.code}: totals by frequency ${totals.join(" ")} decrease`,
    );
  }
}

describe("rateQuote · propiedades", () => {
  it("coche: every frequency of every plan adds up, in whole non-negative cents", () => {
    fc.assert(
      fc.property(autoArb, ({ now, request }) => checkPriced(rateQuote(request, SEED_RATING_TABLES, now), request)),
      RUNS,
    );
  });

  it("hogar: every frequency of every plan adds up, in whole non-negative cents", () => {
    fc.assert(
      fc.property(hogarArb, ({ now, request }) => checkPriced(rateQuote(request, SEED_RATING_TABLES, now), request)),
      RUNS,
    );
  });

  it("alquiler: declined exactly when the rent is above 40 % of the income, otherwise priced and adding up", () => {
    fc.assert(
      fc.property(alquilerArb, ({ now, request }) => {
        const result = rateQuote(request, SEED_RATING_TABLES, now);
        const { monthlyRent, tenantMonthlyIncome } = request.inputs;
        const above40 = monthlyRent * 10 > tenantMonthlyIncome * 4;
        check(result.status === (above40 ? "declined" : "priced"), `${result.status} with rent ${monthlyRent} and income ${tenantMonthlyIncome}`);
        if (result.status === "declined") {
          check(result.reason.startsWith("La renta supera el 40 %"), `reason: ${result.reason}`);
          return;
        }
        checkPriced(result, request);
        // The months are the plan (ADR 023): the catalogue's recommended plan, whatever the risk.
        const recommended = result.plans
          .filter((p) => p.recommended)
          .map((p) => p.code)
          .join();
        check(recommended === "meses_12", `recommended ${recommended}`);
      }),
      RUNS,
    );
  });

  it("adding an optional guarantee never lowers any price", () => {
    fc.assert(
      fc.property(hogarArb, ({ now, request }) => {
        const withOptionals = rateQuote(request, SEED_RATING_TABLES, now);
        const without = rateQuote({ ...request, optionalGuarantees: {} }, SEED_RATING_TABLES, now);
        if (withOptionals.status !== "priced" || without.status !== "priced") throw new Error("declined");
        withOptionals.plans.forEach((plan, i) => {
          for (const f of FREQUENCIES) check(plan.prices[f].total >= without.plans[i]!.prices[f].total, `${plan.code} ${f} got cheaper`);
        });
      }),
      { numRuns: 100 },
    );
  });
});
