// The seeded catalogue as a whole: the three lines in the order of the home page, flattened into
// the rows the seed inserts, and the same rows as rating tables (what a fresh database holds).
import type { GuaranteeSeed, PlanSeed, ProductLineSeed, TariffSeed } from "../../domain/catalogue";
import type { RatingTables } from "../../domain/rating";
import { ALQUILER } from "./alquiler";
import { AUTO } from "./auto";
import { HOGAR } from "./hogar";
import { DEFAULT_SETTINGS } from "./settings";

const LINES = [AUTO, HOGAR, ALQUILER];

export const PRODUCT_LINES: readonly ProductLineSeed[] = LINES.map((l) => l.product);
export const PLANS: readonly PlanSeed[] = LINES.flatMap((l) => l.plans);
export const GUARANTEES: readonly GuaranteeSeed[] = LINES.flatMap((l) => l.guarantees);
export const TARIFFS: readonly TariffSeed[] = LINES.flatMap((l) => l.tariffs);

/** The seeded catalogue as rating tables (what a fresh database holds). */
export const SEED_RATING_TABLES: RatingTables = {
  plans: PLANS,
  guarantees: GUARANTEES,
  tariffs: TARIFFS,
  settings: DEFAULT_SETTINGS,
};
