// The shape of the product catalogue and the rules of its units; the seeded rows themselves
// are data and live in api/db/seed/ (one file per line). After the first start the database is
// the source of truth (admins edit guarantees, prices and settings); the rating engine takes the
// tables as values.
//
// Units, chosen so that no float is ever stored:
// - money: integer cents;
// - factors and rates: basis points, 10 000 bp = ×1 (a factor of 9 500 bp is −5 %);
// - the home Consorcio surcharge: parts per million of the sum insured (70 ppm = 0,07 ‰).
import type { Frequency, Line as LineCode } from "../contract/vocabulary";
import type { InsurerInfo } from "./insurer";

export type { LineCode };

/** ×1 in basis points. */
export const FACTOR_ONE_BP = 10_000;

/** How an optional guarantee is priced: fixed yearly cents, or a percentage of the net premium. */
export const GUARANTEE_PRICE_TYPES = ["fixed", "percent"] as const;
export type GuaranteePriceType = (typeof GUARANTEE_PRICE_TYPES)[number];

// ─── Product lines, plans and guarantees ──────────────────────────────────────────────

export type ProductLineSeed = { code: LineCode; name: string; description: string };

export type PlanSeed = {
  line: LineCode;
  code: string;
  name: string;
  description: string;
  basePremiumCents: number;
  deductibleCents: number;
  sortOrder: number;
  recommended: boolean;
};

export type GuaranteeSeed = {
  line: LineCode;
  code: string;
  name: string;
  description: string;
  /** fixed: yearly cents; percent: basis points of the plan's risk premium. Charged only when optional. */
  priceType: GuaranteePriceType;
  priceValue: number;
  limitText: string | null;
  limitCents: number | null;
  deductibleCents: number;
  /** Carencia in days (claims, ADR 042); none when absent. */
  waitingDays?: number;
  /** Plan codes whose price includes it. */
  includedIn: readonly string[];
  /** Plan codes that offer it as an optional extra at its price. */
  optionalIn: readonly string[];
};

// ─── Rating factor tables ─────────────────────────────────────────────────────────────

/** A band matches a value v when (min === null || v >= min) && (max === null || v < max). */
export type RangeBand = { min: number | null; max: number | null; factorBp: number; label: string };

/** A numeric input (or a value derived from the inputs, such as the driver's age) mapped to a factor. */
export type RangeTable = {
  kind: "range";
  title: string;
  input: string;
  unit: "years" | "cents" | "m2" | "km" | "bp";
  bands: RangeBand[];
  /** Values strictly above this are not insured: the quote is declined with this reason. */
  declineAbove?: { value: number; reason: string };
};

/** A categorical input mapped to a factor. */
export type ChoiceTable = {
  kind: "choice";
  title: string;
  input: string;
  options: { value: string; label: string; factorBp: number }[];
};

/** Yes/no inputs; each one that is true multiplies the price by its factor. */
export type FlagsTable = {
  kind: "flags";
  title: string;
  flags: { input: string; label: string; factorBpWhenTrue: number }[];
};

/** The province (first two digits of the postcode) gives a zone, the zone gives a factor. */
export type ZoneTable = {
  kind: "zone";
  title: string;
  input: "postalCode";
  provinces: Record<string, number>;
  zones: { zone: number; label: string; factorBp: number }[];
};

export type TariffTable = RangeTable | ChoiceTable | FlagsTable | ZoneTable;

export type TariffSeed = { line: LineCode; factor: string; table: TariffTable };

/** One line of the catalogue as seeded: the product with its plans, guarantees and tariffs. */
export type LineSeed = {
  product: ProductLineSeed;
  plans: readonly PlanSeed[];
  guarantees: readonly GuaranteeSeed[];
  tariffs: readonly TariffSeed[];
};

// ─── Settings ─────────────────────────────────────────────────────────────────────────

/** The distributor's identity as GET /public/site returns it (settings key "distributor"). */
export type DistributorInfo = {
  distributorName: string;
  distributorTaxId: string;
  registrationNumber: string;
  address: string;
  email: string;
  phone: string;
  complaintsEmail: string;
};

export type SettingsValues = {
  distributor: DistributorInfo;
  /** Recargo por fraccionamiento, basis points of the net premium. */
  fractionation_surcharges_bp: Record<Frequency, number>;
  /** Recargos del Consorcio de Compensación de Seguros. */
  consorcio: { autoCentsPerVehicle: number; hogarPpmOfSumInsured: number; alquilerCents: number };
  /** Liquidación de entidades aseguradoras (CLEA), basis points of the net premium. */
  clea_bp: number;
  /** Impuesto sobre las primas de seguros, basis points of net premium + fractionation surcharge. */
  ips_bp: number;
  quote_validity_days: number;
  withdrawal_days: number;
  /** Lines whose policies allow desistimiento (compulsory motor cover does not). */
  withdrawal_lines: LineCode[];
  /** The insurer that carries the risk of each line's new policies (ADR 019). */
  insurers: Record<LineCode, InsurerInfo>;
  /** Who collects SEPA recibos: the creditor of every remittance (pain.008). */
  sepa_creditor: SepaCreditor;
  /** Business days after a remittance's collection date until its unreturned recibos count as collected. */
  sepa_return_deadline_business_days: number;
  /** The bank's fee for a returned recibo passed on to the customer (0: none). */
  return_fee_cents: number;
  /** Days after a recibo is returned or falls due unpaid on which a reminder is sent (ascending). */
  dunning_days: number[];
  /** The outbox's backoff: the first wait after a failed delivery, doubled each attempt up to the longest. */
  email_retry: EmailRetry;
  /** How many months before the end of the term the renewal notice goes out (art. 22 LCS: at least two). */
  renewal_notice_months: number;
  /** Hours after which a signed-in visitor's quote not bought becomes a lead of the sales pipeline (issue 23). */
  lead_quote_after_hours: number;
  /** Days without activity after which an open lead shows as stale on the board. */
  lead_stale_days: number;
};

export type EmailRetry = { baseSeconds: number; maxSeconds: number };

/** The SEPA creditor identity: name, creditor identifier (ESkkZZZ + NIF), the account collected into and its BIC. */
export type SepaCreditor = { name: string; creditorId: string; iban: string; bic: string };
export type SettingKey = keyof SettingsValues;
