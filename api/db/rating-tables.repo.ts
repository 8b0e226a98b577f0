// The rating tables and settings a quote is priced with: the line's catalogue (plans, guarantees
// and their price versions, tariffs, the surcharge settings' versions) read from the database, the
// tables in force at a date, and how long a quote's prices hold. Staff may have changed prices, guarantees or tariffs since the
// seed, so the catalogue module is never read here.
import { and, eq, asc } from "drizzle-orm";
import { z } from "zod";
import type { LineCode } from "../domain/catalogue";
import { madridDate } from "../domain/calendar";
import { type GuaranteePriceVersion, priceInForce } from "../domain/guarantee-prices";
import type { RatingPlan, RatingSettings, RatingGuarantee, RatingTables, RatingTariff } from "../domain/rating";
import { ApiProblem } from "../http";
import type { DbOrTx } from "./client";
import { plans, guarantees, planGuarantees, guaranteePrices, tariffs } from "./schema";
import { readSettingVersions, settingAt, valueOn, type StoredSettingVersion, type SettingDate } from "./settings.repo";
import { readTogether } from "./reads-together";

// ─── Rating tables ──────────────────────────────────────────────────────────────────────

const bp = z.number().int().min(0);
const RatingSettingsSchema = z.object({
  fractionation_surcharges_bp: z.object({ anual: bp, semestral: bp, trimestral: bp, mensual: bp }),
  consorcio: z.object({ autoCentsPerVehicle: bp, hogarPpmOfSumInsured: bp, alquilerCents: bp }),
  clea_bp: bp,
  ips_bp: bp,
});
const RATING_SETTING_KEYS = ["fractionation_surcharges_bp", "consorcio", "clea_bp", "ips_bp"] as const;

/** The surcharge settings in force on `now`'s day (ADR 038): a quote is priced with its own day's values. */
export function ratingSettingsAt(versions: readonly StoredSettingVersion[], now: Date): RatingSettings {
  const day = madridDate(now);
  const parsed = RatingSettingsSchema.safeParse(Object.fromEntries(RATING_SETTING_KEYS.map((key) => [key, valueOn(versions, key, day)])));
  // The seed always writes them; a missing or broken version is an operator error, not a client one.
  if (!parsed.success) throw new ApiProblem(500, "Faltan los ajustes de tarificación");
  return parsed.data as RatingSettings;
}

/** What the rating of a line reads from the database, before choosing the tariffs in force. */
export type RatingCatalogue = {
  plans: RatingPlan[];
  /** Each guarantee with every version of its price; ratingTablesAt picks the one in force. */
  guarantees: CatalogueGuarantee[];
  tariffRows: TariffRow[];
  /** Every live version of the surcharge settings; ratingTablesAt picks those in force. */
  settingVersions: StoredSettingVersion[];
};

/** A guarantee as cached: its price versions instead of one price (ADR 016). */
export type CatalogueGuarantee = Omit<RatingGuarantee, "priceType" | "priceValue"> & { prices: GuaranteePriceVersion[] };

/**
 * The line's active plans and guarantees (with the plans that include or offer each), every
 * version of its tariff factors, and the surcharge settings. Hot paths read it through
 * CatalogueCache (api/db/catalogue-cache.ts); ratingTablesAt picks the tariffs in force.
 */
export async function readRatingCatalogue(db: DbOrTx, line: LineCode): Promise<RatingCatalogue> {
  const [planRows, guaranteeRows, linkRows, priceRows, tariffRows, settingVersions] = await readTogether(
    db,
    () =>
      db
        .select()
        .from(plans)
        .where(and(eq(plans.lineCode, line), eq(plans.active, true)))
        .orderBy(asc(plans.sortOrder), asc(plans.id)),
    () =>
      db
        .select()
        .from(guarantees)
        .where(and(eq(guarantees.lineCode, line), eq(guarantees.active, true)))
        .orderBy(asc(guarantees.sortOrder), asc(guarantees.id)),
    () =>
      db
        .select({ guaranteeId: planGuarantees.guaranteeId, planCode: plans.code, included: planGuarantees.included })
        .from(planGuarantees)
        .innerJoin(plans, eq(plans.id, planGuarantees.planId))
        .where(eq(plans.lineCode, line)),
    () =>
      db
        .select({
          guaranteeId: guaranteePrices.guaranteeId,
          version: guaranteePrices.version,
          priceType: guaranteePrices.priceType,
          priceValue: guaranteePrices.priceValue,
          validFrom: guaranteePrices.validFrom,
        })
        .from(guaranteePrices)
        .innerJoin(guarantees, eq(guarantees.id, guaranteePrices.guaranteeId))
        .where(and(eq(guarantees.lineCode, line), eq(guarantees.active, true))),
    () =>
      db
        .select({ factor: tariffs.factor, bands: tariffs.bands, version: tariffs.version, validFrom: tariffs.validFrom })
        .from(tariffs)
        .where(eq(tariffs.lineCode, line))
        .orderBy(asc(tariffs.id)),
    () => readSettingVersions(db, RATING_SETTING_KEYS),
  );

  const ratingPlans: RatingPlan[] = planRows.map((p) => ({
    line: p.lineCode,
    code: p.code,
    name: p.name,
    description: p.description,
    basePremiumCents: p.basePremiumCents,
    deductibleCents: p.deductibleCents,
    sortOrder: p.sortOrder,
    recommended: p.recommended,
    active: p.active,
  }));

  const ratingGuarantees: CatalogueGuarantee[] = guaranteeRows.map((g) => {
    const links = linkRows.filter((l) => l.guaranteeId === g.id);
    return {
      line: g.lineCode,
      code: g.code,
      name: g.name,
      description: g.description,
      prices: priceRows.filter((p) => p.guaranteeId === g.id).map(({ guaranteeId: _, ...version }) => version),
      limitText: g.limitText,
      deductibleCents: g.deductibleCents,
      includedIn: links.filter((l) => l.included).map((l) => l.planCode),
      optionalIn: links.filter((l) => !l.included).map((l) => l.planCode),
      sortOrder: g.sortOrder,
      active: g.active,
    };
  });

  return { plans: ratingPlans, guarantees: ratingGuarantees, tariffRows, settingVersions };
}

/**
 * The rating tables at `now`: the catalogue with the latest version of each tariff factor in
 * force, and each guarantee with the price in force on `now`'s day in Spain (ADR 016). Its shape
 * (`guarantees[*].priceType/priceValue`) is what quotes, renewals and endorsements price with.
 */
export function ratingTablesAt(catalogue: RatingCatalogue, line: LineCode, now: Date): RatingTables {
  const ratingTariffs = tariffsInForce(line, catalogue.tariffRows, now);
  // A line without tables would be priced at its bare base premiums: never silently.
  if (ratingTariffs.length === 0) throw new ApiProblem(500, "Faltan las tarifas del ramo");
  return {
    plans: catalogue.plans,
    guarantees: guaranteesAt(catalogue.guarantees, now),
    tariffs: ratingTariffs,
    settings: ratingSettingsAt(catalogue.settingVersions, now),
  };
}

/** Each guarantee with its price in force at `now` (Madrid calendar day). */
export function guaranteesAt(catalogue: readonly CatalogueGuarantee[], now: Date): RatingGuarantee[] {
  const day = madridDate(now);
  return catalogue.map(({ prices, ...g }) => {
    const price = priceInForce(prices, day);
    // Every guarantee gets its version 1 when created (API, seed, migration 0010).
    if (!price) throw new ApiProblem(500, `Falta el precio de la garantía ${g.code}`);
    return { ...g, priceType: price.priceType, priceValue: price.priceValue };
  });
}

/** The rating tables read straight from the database (checkout and documents, off the hot path). */
export async function loadRatingTables(db: DbOrTx, line: LineCode, now: Date): Promise<RatingTables> {
  return ratingTablesAt(await readRatingCatalogue(db, line), line, now);
}

type TariffRow = { factor: string; bands: RatingTariff["table"]; version: number; validFrom: Date };

/**
 * One table per factor: the highest version already in force at `now`. A factor whose first
 * version is dated after `now` still uses that first version, because the seed dates its rows at
 * install time and a factor must never drop out of the price. Factors keep the order in which
 * they were first defined (rows come ordered by id), so the explanation reads the same way.
 */
export function tariffsInForce(line: LineCode, rows: readonly TariffRow[], now: Date): RatingTariff[] {
  const chosen = new Map<string, TariffRow>();
  for (const row of rows) {
    const current = chosen.get(row.factor);
    const inForce = row.validFrom.getTime() <= now.getTime();
    const currentInForce = current !== undefined && current.validFrom.getTime() <= now.getTime();
    if (
      !current ||
      (inForce && (!currentInForce || row.version > current.version)) ||
      (!inForce && !currentInForce && row.version < current.version)
    ) {
      chosen.set(row.factor, row);
    }
  }
  return [...chosen.values()].map((row) => ({ line, factor: row.factor, table: row.bands }));
}

/** Days a quote's prices hold (setting quote_validity_days in force on `at`'s day). */
export function quoteValidityDaysOf(value: unknown): number {
  const parsed = z.number().int().min(1).max(365).safeParse(value);
  if (!parsed.success) throw new ApiProblem(500, "Falta el ajuste de validez de las cotizaciones");
  return parsed.data;
}

export async function readQuoteValidityDays(db: DbOrTx, at: SettingDate): Promise<number> {
  return quoteValidityDaysOf(await settingAt(db, "quote_validity_days", at));
}
