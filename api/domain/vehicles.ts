// The car brands and models a customer chooses from on /cotizar (and that POST /quotes accepts):
// our own list of the makes most sold in Spain with their main models, as data. Pure.
//
// A list kept in code rather than a third-party data set: it is small, it changes a few times a
// year (a release adds a model), and the web form, the API and its OpenAPI document read the very
// same list (GET /public/vehicles serves it to other clients). Quotes stored before the list
// existed keep their free-text brand and model: the list is checked when a quote is made, not
// when a stored one is read or renewed (ADR 019).

export type VehicleBrand = { brand: string; models: readonly string[] };

export const VEHICLE_BRANDS: readonly VehicleBrand[] = [
  { brand: "Alfa Romeo", models: ["Giulia", "Giulietta", "Stelvio", "Tonale", "MiTo"] },
  { brand: "Audi", models: ["A1", "A3", "A4", "A5", "A6", "Q2", "Q3", "Q5", "Q7", "Q8", "e-tron"] },
  { brand: "BMW", models: ["Serie 1", "Serie 2", "Serie 3", "Serie 4", "Serie 5", "X1", "X2", "X3", "X5", "i3", "iX"] },
  { brand: "BYD", models: ["Atto 3", "Dolphin", "Seal", "Han", "Tang"] },
  { brand: "Citroën", models: ["C1", "C3", "C3 Aircross", "C4", "C5 Aircross", "Berlingo", "Xsara Picasso", "C4 Picasso"] },
  { brand: "Cupra", models: ["Born", "Formentor", "León", "Ateca", "Tavascan"] },
  { brand: "Dacia", models: ["Sandero", "Sandero Stepway", "Duster", "Jogger", "Logan", "Spring"] },
  { brand: "DS", models: ["DS 3", "DS 4", "DS 7", "DS 9"] },
  { brand: "Fiat", models: ["500", "500X", "Panda", "Tipo", "Punto", "Doblò"] },
  { brand: "Ford", models: ["Fiesta", "Focus", "Puma", "Kuga", "Mondeo", "EcoSport", "Mustang Mach-E", "Ranger", "Tourneo Connect"] },
  { brand: "Honda", models: ["Civic", "Jazz", "HR-V", "CR-V", "ZR-V"] },
  { brand: "Hyundai", models: ["i10", "i20", "i30", "Bayon", "Kona", "Tucson", "Santa Fe", "Ioniq 5"] },
  { brand: "Jaguar", models: ["E-Pace", "F-Pace", "I-Pace", "XE", "XF"] },
  { brand: "Jeep", models: ["Avenger", "Renegade", "Compass", "Wrangler", "Grand Cherokee"] },
  { brand: "Kia", models: ["Picanto", "Rio", "Stonic", "Ceed", "XCeed", "Niro", "Sportage", "Sorento", "EV6"] },
  { brand: "Land Rover", models: ["Defender", "Discovery", "Discovery Sport", "Range Rover Evoque", "Range Rover Sport"] },
  { brand: "Lexus", models: ["CT", "UX", "NX", "RX", "ES"] },
  { brand: "Mazda", models: ["Mazda2", "Mazda3", "Mazda6", "CX-3", "CX-30", "CX-5", "MX-5"] },
  { brand: "Mercedes-Benz", models: ["Clase A", "Clase B", "Clase C", "Clase E", "CLA", "GLA", "GLB", "GLC", "GLE", "EQA"] },
  { brand: "MG", models: ["MG3", "MG4", "MG5", "ZS", "HS", "Marvel R"] },
  { brand: "Mini", models: ["Mini 3 puertas", "Mini 5 puertas", "Cabrio", "Clubman", "Countryman"] },
  { brand: "Mitsubishi", models: ["Space Star", "ASX", "Eclipse Cross", "Outlander"] },
  { brand: "Nissan", models: ["Micra", "Juke", "Qashqai", "X-Trail", "Leaf", "Ariya", "Navara"] },
  { brand: "Opel", models: ["Corsa", "Astra", "Mokka", "Crossland", "Grandland", "Insignia", "Zafira", "Combo"] },
  { brand: "Peugeot", models: ["108", "208", "308", "408", "508", "2008", "3008", "5008", "Rifter", "Partner"] },
  { brand: "Porsche", models: ["911", "Cayenne", "Macan", "Panamera", "Taycan"] },
  { brand: "Renault", models: ["Clio", "Captur", "Mégane", "Arkana", "Austral", "Kadjar", "Scénic", "Twingo", "Zoe", "Kangoo"] },
  { brand: "Seat", models: ["Ibiza", "León", "Arona", "Ateca", "Tarraco", "Mii", "Toledo", "Alhambra"] },
  { brand: "Škoda", models: ["Fabia", "Scala", "Octavia", "Superb", "Kamiq", "Karoq", "Kodiaq", "Enyaq"] },
  { brand: "Smart", models: ["fortwo", "forfour", "#1", "#3"] },
  { brand: "SsangYong", models: ["Tivoli", "Korando", "Rexton", "Torres"] },
  { brand: "Subaru", models: ["Impreza", "XV", "Forester", "Outback"] },
  { brand: "Suzuki", models: ["Ignis", "Swift", "Vitara", "S-Cross", "Jimny"] },
  { brand: "Tesla", models: ["Model 3", "Model Y", "Model S", "Model X"] },
  { brand: "Toyota", models: ["Aygo X", "Yaris", "Yaris Cross", "Corolla", "C-HR", "RAV4", "Prius", "Land Cruiser", "Hilux", "Proace City"] },
  { brand: "Volkswagen", models: ["Polo", "Golf", "T-Cross", "T-Roc", "Tiguan", "Passat", "Touran", "Taigo", "ID.3", "ID.4", "Caddy"] },
  { brand: "Volvo", models: ["XC40", "XC60", "XC90", "V40", "V60", "S60", "EX30"] },
];

export const VEHICLE_MESSAGES = {
  brand: "Elija la marca del vehículo de la lista",
  model: "Elija el modelo del vehículo de la lista",
  modelOfBrand: (brand: string) => `Elija un modelo de ${brand}: el modelo elegido no es de esa marca`,
} as const;

const BY_BRAND = new Map(VEHICLE_BRANDS.map((b) => [b.brand, b]));

export function isVehicleBrand(brand: unknown): boolean {
  return typeof brand === "string" && BY_BRAND.has(brand);
}

export function isVehicleModel(brand: unknown, model: unknown): boolean {
  if (typeof brand !== "string" || typeof model !== "string") return false;
  return BY_BRAND.get(brand)?.models.includes(model) ?? false;
}

/** The models of a brand (empty for a brand not in the list). */
export function modelsOf(brand: string): readonly string[] {
  return BY_BRAND.get(brand)?.models ?? [];
}

/**
 * The field errors of a brand and model chosen for a new quote: the brand must be in the list and
 * the model one of that brand's. Empty when both are fine.
 */
export function vehicleErrors(given: { vehicleBrand?: unknown; vehicleModel?: unknown }): Record<string, string[]> {
  const { vehicleBrand: brand, vehicleModel: model } = given;
  if (!isVehicleBrand(brand)) return { vehicleBrand: [VEHICLE_MESSAGES.brand] };
  if (isVehicleModel(brand, model)) return {};
  const anyBrand = typeof model === "string" && VEHICLE_BRANDS.some((b) => b.models.includes(model));
  return { vehicleModel: [anyBrand ? VEHICLE_MESSAGES.modelOfBrand(brand as string) : VEHICLE_MESSAGES.model] };
}
