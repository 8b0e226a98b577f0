// The home page's "desde" prices: what the tariff in force gives a stated, typical
// low-risk profile for the cheapest plan of each line, paid once a year, taxes and surcharges
// included. Not the plans' bare base premiums (220,00 € for a car whose real quotes came to
// 137,72 €): the same rating as POST /quotes, so the figure is one a visitor can reproduce by
// quoting that profile. Pure: `now` and the tables are parameters.
import type { Line } from "../contract/vocabulary";
import { addMonths, madridDate } from "./calendar";
import { rateQuote, type RatingTables } from "./rating";
import { RatingInputError, type LineInputs } from "./rating-inputs";

export type FromPriceProfile<L extends Line = Line> = {
  line: L;
  inputs: LineInputs[L];
  /** The profile in words, as the home page shows it under the price. */
  description: string;
};

/** The profile each line's "desde" assumes, as of `now` (the ages and the building's age stay put). */
export function fromPriceProfile<L extends Line>(line: L, now: Date): FromPriceProfile<L> {
  const today = madridDate(now);
  const yearsAgo = (years: number) => addMonths(today, -12 * years);
  const year = Number(today.slice(0, 4));
  const profiles: { [K in Line]: FromPriceProfile<K> } = {
    auto: {
      line: "auto",
      inputs: {
        driverBirthDate: yearsAgo(45),
        licenseDate: yearsAgo(20),
        postalCode: "28001",
        vehicleBrand: "Seat",
        vehicleModel: "Ibiza",
        vehicleYear: year - 3,
        vehicleValue: 1_500_000,
        use: "particular",
        annualKm: 12_000,
        claimFreeYears: 10,
      },
      description:
        "Conductor de 45 años en Madrid, con carné desde hace 20 años y 10 años sin siniestros; un Seat Ibiza de 15.000 € de uso particular que recorre 12.000 km al año",
    },
    hogar: {
      line: "hogar",
      inputs: {
        postalCode: "28001",
        dwellingType: "piso",
        floor: "intermedio",
        areaM2: 80,
        yearBuilt: year - 20,
        residence: "habitual",
        buildingValue: 12_000_000,
        contentsValue: 3_000_000,
        alarm: false,
        reinforcedDoor: true,
      },
      description: `Piso de 80 m² en planta intermedia en Madrid, construido en ${year - 20}, vivienda habitual con puerta blindada; continente de 120.000 € y contenido de 30.000 €`,
    },
    alquiler: {
      line: "alquiler",
      inputs: { postalCode: "28001", monthlyRent: 80_000, tenantMonthlyIncome: 300_000, tenantContract: "indefinido" },
      description: "Piso alquilado en Madrid por 800 € al mes a un inquilino con contrato indefinido e ingresos netos de 3.000 € al mes",
    },
  };
  return profiles[line] as FromPriceProfile<L>;
}

export type FromPrice = {
  /** The yearly total (net + surcharges + IPS) of the cheapest plan, paid once a year. */
  totalCents: number;
  plan: { code: string; name: string };
  profile: FromPriceProfile;
};

/**
 * The "desde" of a line: its profile rated with the tables in force, the cheapest plan's yearly
 * total (anual, no optional guarantees). Null when the tariff cannot price the profile (declined,
 * a table without a band for it, no active plan): the home page then shows no "desde" rather
 * than a wrong one.
 */
export function fromPrice(line: Line, tables: RatingTables, now: Date): FromPrice | null {
  const profile = fromPriceProfile(line, now);
  let result;
  try {
    result = rateQuote({ line: profile.line, inputs: profile.inputs } as Parameters<typeof rateQuote>[0], tables, now);
  } catch (error) {
    if (error instanceof RatingInputError) return null;
    throw error;
  }
  if (result.status !== "priced" || result.plans.length === 0) return null;
  const cheapest = result.plans.reduce((best, p) => (p.prices.anual.total < best.prices.anual.total ? p : best));
  return { totalCents: cheapest.prices.anual.total, plan: { code: cheapest.code, name: cheapest.name }, profile };
}
