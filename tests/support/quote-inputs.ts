// Valid rating inputs per line (API units: cents, ISO dates), shared by the unit and integration tests.
import type { AlquilerInputs, AutoInputs, HogarInputs } from "../../api/domain/rating-inputs";

export const AUTO: AutoInputs = {
  driverBirthDate: "1985-06-15",
  licenseDate: "2005-09-01",
  postalCode: "28013",
  vehicleBrand: "Seat",
  vehicleModel: "León",
  vehicleYear: 2021,
  vehicleValue: 2_200_000,
  use: "particular",
  annualKm: 15_000,
  claimFreeYears: 8,
};
export const HOGAR: HogarInputs = {
  postalCode: "46001",
  dwellingType: "piso",
  floor: "intermedio",
  areaM2: 85,
  yearBuilt: 1998,
  residence: "habitual",
  buildingValue: 15_000_000,
  contentsValue: 3_000_000,
  alarm: true,
  reinforcedDoor: false,
};
export const ALQUILER: AlquilerInputs = { postalCode: "08001", monthlyRent: 95_000, tenantMonthlyIncome: 320_000 };
