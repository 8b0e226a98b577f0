// The tariff of a line in words, for its IPID: what raises or lowers the price, band
// by band, so that a customer who reads the document knows which of their data count and how
// much, before any quote. The IPID is one document per line (the same for everyone), so it lists
// the whole table; a quote's own figures (its base premium, the factors that applied, the running
// amounts) are on /results. Pure: takes the rating tables, returns text.
import type { RangeTable, TariffTable } from "./catalogue";
import { formatMoney } from "../contract/format";
import { provinceOf } from "./provinces";
import type { RatingPlan, RatingTariff } from "./rating";

export type TariffRow = { factor: string; band: string; effect: string };
export type TariffInWords = {
  /** "Terceros: 220,00 €", one per plan. */
  basePremiums: string[];
  /** One row per band, option or flag; the factor's title on the first row of each factor only. */
  rows: TariffRow[];
  /** For each zone table, which provinces fall in each zone ("Zona 1 (riesgo bajo): Álava, Ávila…"). */
  zones: { title: string; lines: string[] }[];
};

/** "1,2345" from 12345 basis points of ×1, exactly; whole hundredths as "1,20". */
function multiplier(bp: number): string {
  const decimals = String(bp % 10_000)
    .padStart(4, "0")
    .replace(/0{1,2}$/, "");
  return `${Math.floor(bp / 10_000)},${decimals}`;
}

/** A percentage of basis points: 2000 → "20", 1250 → "12,5". */
function percentText(bp: number): string {
  const whole = Math.floor(bp / 100);
  const rest = bp % 100;
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

/** What a factor does to the price, in words, with its multiplier: "Sube un 20 % (× 1,20)". */
export function effectInWords(bp: number): string {
  if (bp === 10_000) return "Sin efecto (× 1,00)";
  return bp > 10_000 ? `Sube un ${percentText(bp - 10_000)} % (× ${multiplier(bp)})` : `Baja un ${percentText(10_000 - bp)} % (× ${multiplier(bp)})`;
}

function boundText(table: RangeTable, value: number): string {
  switch (table.unit) {
    case "cents":
      return formatMoney(value);
    case "bp":
      return `${percentText(value)} %`;
    case "years":
      return `${value} años`;
    case "km":
      return `${String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ".")} km`;
    case "m2":
      return `${value} m²`;
    default:
      return String(value);
  }
}

function tableRows(table: TariffTable): Array<{ band: string; effect: string }> {
  switch (table.kind) {
    case "range": {
      const rows = table.bands.map((b) => ({ band: b.label, effect: effectInWords(b.factorBp) }));
      if (table.declineAbove) rows.push({ band: `Más de ${boundText(table, table.declineAbove.value)}`, effect: "No se asegura" });
      return rows;
    }
    case "choice":
      return table.options.map((o) => ({ band: o.label, effect: effectInWords(o.factorBp) }));
    case "flags":
      return [
        ...table.flags.map((f) => ({ band: f.label, effect: effectInWords(f.factorBpWhenTrue) })),
        { band: "Ninguna", effect: effectInWords(10_000) },
      ];
    case "zone":
      return table.zones.map((z) => ({ band: z.label, effect: effectInWords(z.factorBp) }));
    default:
      return [];
  }
}

/** The line's plans' base premiums and every factor of its tariff, band by band, in words. */
export function tariffInWords(line: string, plans: readonly RatingPlan[], tariffs: readonly RatingTariff[]): TariffInWords {
  const rows: TariffRow[] = [];
  const zones: TariffInWords["zones"] = [];
  for (const t of tariffs.filter((x) => x.line === line)) {
    tableRows(t.table).forEach((row, i) => rows.push({ factor: i === 0 ? t.table.title : "", ...row }));
    if (t.table.kind === "zone") {
      const table = t.table;
      zones.push({
        title: table.title,
        lines: table.zones.map((z) => {
          const names = Object.entries(table.provinces)
            .filter(([, zone]) => zone === z.zone)
            .map(([code]) => provinceOf(code)?.name ?? code)
            .sort((a, b) => a.localeCompare(b, "es"));
          return `${z.label}: ${names.length ? names.join(", ") : "ninguna provincia"}.`;
        }),
      });
    }
  }
  return {
    basePremiums: plans.filter((p) => p.line === line && p.active !== false).map((p) => `${p.name}: ${formatMoney(p.basePremiumCents)} al año`),
    rows,
    zones,
  };
}
