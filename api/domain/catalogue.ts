// The seeded catalogue as data: product lines, plans, guarantees, the rating factor tables and
// the default settings. The seed inserts these rows when missing; after that the database is
// the source of truth (admins edit guarantees, prices and settings).
//
// Units, chosen so that no float is ever stored:
// - money: integer cents;
// - factors and rates: basis points, 10 000 bp = ×1 (a factor of 9 500 bp is −5 %);
// - the home Consorcio surcharge: parts per million of the sum insured (70 ppm = 0,07 ‰).
import type { GuaranteePriceType, LineCode, PaymentFrequency } from "../db/schema";

export type { LineCode };

/** ×1 in basis points. */
export const FACTOR_ONE_BP = 10_000;

// ─── Product lines and plans ──────────────────────────────────────────────────────────

export type ProductLineSeed = { code: LineCode; name: string; description: string };

export const PRODUCT_LINES: readonly ProductLineSeed[] = [
  {
    code: "auto",
    name: "Seguro de coche",
    description: "Protege su coche y a quien conduce, desde la responsabilidad civil obligatoria hasta el todo riesgo.",
  },
  {
    code: "hogar",
    name: "Seguro de hogar",
    description: "Cubre su vivienda y lo que hay dentro frente a incendios, agua, robos y otros imprevistos.",
  },
  {
    code: "alquiler",
    name: "Seguro de impago de alquiler",
    description: "Garantiza al propietario el cobro de la renta si el inquilino deja de pagar, con defensa jurídica incluida.",
  },
];

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

export const PLANS: readonly PlanSeed[] = [
  {
    line: "auto",
    code: "terceros",
    name: "Terceros",
    description: "La cobertura obligatoria y la voluntaria frente a terceros, con defensa jurídica.",
    basePremiumCents: 22_000,
    deductibleCents: 0,
    sortOrder: 1,
    recommended: false,
  },
  {
    line: "auto",
    code: "terceros_ampliado",
    name: "Terceros ampliado",
    description: "Terceros más lunas, robo, incendio, asistencia en viaje y accidentes del conductor.",
    basePremiumCents: 31_000,
    deductibleCents: 0,
    sortOrder: 2,
    recommended: true,
  },
  {
    line: "auto",
    code: "todo_riesgo_franquicia",
    name: "Todo riesgo con franquicia",
    description: "Terceros ampliado más los daños propios de su coche, con una franquicia de 300 € por siniestro.",
    basePremiumCents: 48_000,
    deductibleCents: 30_000,
    sortOrder: 3,
    recommended: false,
  },
  {
    line: "auto",
    code: "todo_riesgo",
    name: "Todo riesgo",
    description: "La protección más completa: daños propios sin franquicia y vehículo de sustitución.",
    basePremiumCents: 72_000,
    deductibleCents: 0,
    sortOrder: 4,
    recommended: false,
  },
  {
    line: "hogar",
    code: "basico",
    name: "Básico",
    description: "Las coberturas esenciales del continente y el contenido: incendio, agua, fenómenos atmosféricos y responsabilidad civil.",
    basePremiumCents: 9_000,
    deductibleCents: 15_000,
    sortOrder: 1,
    recommended: false,
  },
  {
    line: "hogar",
    code: "completo",
    name: "Completo",
    description: "Básico más robo, rotura de cristales, daños eléctricos, asistencia en el hogar y defensa jurídica.",
    basePremiumCents: 15_500,
    deductibleCents: 6_000,
    sortOrder: 2,
    recommended: true,
  },
  {
    line: "hogar",
    code: "premium",
    name: "Premium",
    description: "Completo más daños accidentales, sin franquicia.",
    basePremiumCents: 24_000,
    deductibleCents: 0,
    sortOrder: 3,
    recommended: false,
  },
  {
    line: "alquiler",
    code: "meses_6",
    name: "6 meses",
    description: "Cubre hasta 6 mensualidades impagadas y la defensa jurídica del desahucio.",
    basePremiumCents: 15_000,
    deductibleCents: 0,
    sortOrder: 1,
    recommended: false,
  },
  {
    line: "alquiler",
    code: "meses_12",
    name: "12 meses",
    description: "Cubre hasta 12 mensualidades impagadas, la defensa jurídica y los actos vandálicos del inquilino.",
    basePremiumCents: 22_000,
    deductibleCents: 0,
    sortOrder: 2,
    recommended: true,
  },
  {
    line: "alquiler",
    code: "meses_18",
    name: "18 meses",
    description: "Cubre hasta 18 mensualidades impagadas, con actos vandálicos y gastos de cerrajería incluidos.",
    basePremiumCents: 29_000,
    deductibleCents: 0,
    sortOrder: 3,
    recommended: false,
  },
];

// ─── Guarantees ───────────────────────────────────────────────────────────────────────

export type GuaranteeSeed = {
  line: LineCode;
  code: string;
  name: string;
  description: string;
  /** fixed: yearly cents; percent: basis points of the net premium. Only charged when optional. */
  priceType: GuaranteePriceType;
  priceValue: number;
  limitText: string | null;
  limitCents: number | null;
  deductibleCents: number;
  /** Plan codes whose price includes it. */
  includedIn: readonly string[];
  /** Plan codes that offer it as an optional extra at its price. */
  optionalIn: readonly string[];
};

const AUTO_ALL = ["terceros", "terceros_ampliado", "todo_riesgo_franquicia", "todo_riesgo"] as const;
const AUTO_FROM_AMPLIADO = ["terceros_ampliado", "todo_riesgo_franquicia", "todo_riesgo"] as const;
const HOGAR_ALL = ["basico", "completo", "premium"] as const;
const ALQUILER_ALL = ["meses_6", "meses_12", "meses_18"] as const;

export const GUARANTEES: readonly GuaranteeSeed[] = [
  // auto
  {
    line: "auto",
    code: "auto_rc_obligatoria",
    name: "Responsabilidad civil obligatoria",
    description: "Los daños personales y materiales que cause a otros con su vehículo, hasta los límites legales.",
    priceType: "fixed",
    priceValue: 0,
    limitText: "70 millones € por daños personales y 15 millones € por daños materiales",
    limitCents: null,
    deductibleCents: 0,
    includedIn: AUTO_ALL,
    optionalIn: [],
  },
  {
    line: "auto",
    code: "auto_rc_voluntaria",
    name: "Responsabilidad civil voluntaria",
    description: "Amplía la cobertura frente a terceros por encima de los límites del seguro obligatorio.",
    priceType: "fixed",
    priceValue: 0,
    limitText: "Hasta 50 millones €",
    limitCents: null, // beyond a 32-bit integer of cents: the text says it
    deductibleCents: 0,
    includedIn: AUTO_ALL,
    optionalIn: [],
  },
  {
    line: "auto",
    code: "auto_defensa_juridica",
    name: "Defensa jurídica",
    description: "Abogado y procurador para reclamar daños o defenderte tras un accidente de tráfico, y gestión de multas.",
    priceType: "fixed",
    priceValue: 0,
    limitText: "Hasta 3.000 €",
    limitCents: 300_000,
    deductibleCents: 0,
    includedIn: AUTO_ALL,
    optionalIn: [],
  },
  {
    line: "auto",
    code: "auto_asistencia_viaje",
    name: "Asistencia en viaje",
    description: "Grúa, reparación in situ y traslado de los ocupantes desde el kilómetro 0, las 24 horas.",
    priceType: "fixed",
    priceValue: 3_500,
    limitText: "Desde el km 0, remolque hasta 150 km",
    limitCents: null,
    deductibleCents: 0,
    includedIn: AUTO_FROM_AMPLIADO,
    optionalIn: ["terceros"],
  },
  {
    line: "auto",
    code: "auto_accidentes_conductor",
    name: "Accidentes del conductor",
    description: "Indemnización por fallecimiento o invalidez del conductor y sus gastos de asistencia sanitaria.",
    priceType: "fixed",
    priceValue: 2_500,
    limitText: "30.000 € por fallecimiento o invalidez permanente",
    limitCents: 3_000_000,
    deductibleCents: 0,
    includedIn: AUTO_FROM_AMPLIADO,
    optionalIn: ["terceros"],
  },
  {
    line: "auto",
    code: "auto_lunas",
    name: "Lunas",
    description: "Reparación o sustitución del parabrisas, la luneta trasera y las ventanillas.",
    priceType: "fixed",
    priceValue: 4_500,
    limitText: "Sin límite de importe",
    limitCents: null,
    deductibleCents: 0,
    includedIn: AUTO_FROM_AMPLIADO,
    optionalIn: ["terceros"],
  },
  {
    line: "auto",
    code: "auto_robo",
    name: "Robo",
    description: "El robo del vehículo o de sus piezas y los daños causados al intentarlo.",
    priceType: "percent",
    priceValue: 1_200,
    limitText: "Valor venal del vehículo",
    limitCents: null,
    deductibleCents: 0,
    includedIn: AUTO_FROM_AMPLIADO,
    optionalIn: ["terceros"],
  },
  {
    line: "auto",
    code: "auto_incendio",
    name: "Incendio",
    description: "Los daños que sufra el vehículo por incendio, explosión o caída de rayo.",
    priceType: "fixed",
    priceValue: 3_000,
    limitText: "Valor venal del vehículo",
    limitCents: null,
    deductibleCents: 0,
    includedIn: AUTO_FROM_AMPLIADO,
    optionalIn: ["terceros"],
  },
  {
    line: "auto",
    code: "auto_danos_propios_franquicia",
    name: "Daños propios con franquicia",
    description: "Los daños de su vehículo en un accidente, aunque usted tenga la culpa, descontando la franquicia.",
    priceType: "fixed",
    priceValue: 0,
    limitText: "Valor del vehículo",
    limitCents: null,
    deductibleCents: 30_000,
    includedIn: ["todo_riesgo_franquicia"],
    optionalIn: [],
  },
  {
    line: "auto",
    code: "auto_danos_propios",
    name: "Daños propios sin franquicia",
    description: "Los daños de su vehículo en un accidente, aunque usted tenga la culpa, sin pagar nada de su bolsillo.",
    priceType: "fixed",
    priceValue: 0,
    limitText: "Valor del vehículo",
    limitCents: null,
    deductibleCents: 0,
    includedIn: ["todo_riesgo"],
    optionalIn: [],
  },
  {
    line: "auto",
    code: "auto_vehiculo_sustitucion",
    name: "Vehículo de sustitución",
    description: "Un coche de alquiler mientras el tuyo está en el taller por un siniestro cubierto o ha sido robado.",
    priceType: "fixed",
    priceValue: 5_500,
    limitText: "Hasta 15 días por siniestro",
    limitCents: null,
    deductibleCents: 0,
    includedIn: ["todo_riesgo"],
    optionalIn: ["terceros", "terceros_ampliado", "todo_riesgo_franquicia"],
  },
  // hogar
  {
    line: "hogar",
    code: "hogar_incendio_explosion",
    name: "Incendio y explosión",
    description: "Los daños a la vivienda y a sus bienes por incendio, explosión o caída de rayo.",
    priceType: "fixed",
    priceValue: 0,
    limitText: "100 % de la suma asegurada",
    limitCents: null,
    deductibleCents: 0,
    includedIn: HOGAR_ALL,
    optionalIn: [],
  },
  {
    line: "hogar",
    code: "hogar_danos_agua",
    name: "Daños por agua",
    description: "Escapes, roturas de tuberías y filtraciones, incluida la localización y reparación de la avería.",
    priceType: "fixed",
    priceValue: 0,
    limitText: "100 % de la suma asegurada",
    limitCents: null,
    deductibleCents: 0,
    includedIn: HOGAR_ALL,
    optionalIn: [],
  },
  {
    line: "hogar",
    code: "hogar_fenomenos_atmosfericos",
    name: "Fenómenos atmosféricos",
    description: "Los daños por lluvia, viento, granizo o nieve que superen los umbrales de la póliza.",
    priceType: "fixed",
    priceValue: 0,
    limitText: "100 % de la suma asegurada",
    limitCents: null,
    deductibleCents: 0,
    includedIn: HOGAR_ALL,
    optionalIn: [],
  },
  {
    line: "hogar",
    code: "hogar_responsabilidad_civil",
    name: "Responsabilidad civil",
    description: "Los daños que usted, su familia o su vivienda causen a otras personas, como un escape al piso de abajo.",
    priceType: "fixed",
    priceValue: 0,
    limitText: "Hasta 300.000 €",
    limitCents: 30_000_000,
    deductibleCents: 0,
    includedIn: HOGAR_ALL,
    optionalIn: [],
  },
  {
    line: "hogar",
    code: "hogar_defensa_juridica",
    name: "Defensa jurídica",
    description: "Asesoramiento y defensa en conflictos con vecinos, comunidad, reparadores o suministros.",
    priceType: "fixed",
    priceValue: 1_800,
    limitText: "Hasta 3.000 €",
    limitCents: 300_000,
    deductibleCents: 0,
    includedIn: ["completo", "premium"],
    optionalIn: ["basico"],
  },
  {
    line: "hogar",
    code: "hogar_robo",
    name: "Robo",
    description: "El robo y el expolio dentro de la vivienda y los desperfectos causados por los ladrones.",
    priceType: "percent",
    priceValue: 1_500,
    limitText: "Hasta el 100 % del contenido; 1.500 € en efectivo y joyas",
    limitCents: null,
    deductibleCents: 0,
    includedIn: ["completo", "premium"],
    optionalIn: ["basico"],
  },
  {
    line: "hogar",
    code: "hogar_rotura_cristales",
    name: "Rotura de cristales",
    description: "Cristales, espejos, encimeras de piedra y placas vitrocerámicas.",
    priceType: "fixed",
    priceValue: 2_000,
    limitText: "Hasta 1.500 €",
    limitCents: 150_000,
    deductibleCents: 0,
    includedIn: ["completo", "premium"],
    optionalIn: ["basico"],
  },
  {
    line: "hogar",
    code: "hogar_danos_electricos",
    name: "Daños eléctricos",
    description: "Los daños a la instalación y a los electrodomésticos por subidas de tensión o cortocircuitos.",
    priceType: "fixed",
    priceValue: 2_500,
    limitText: "Hasta 3.000 €",
    limitCents: 300_000,
    deductibleCents: 0,
    includedIn: ["completo", "premium"],
    optionalIn: ["basico"],
  },
  {
    line: "hogar",
    code: "hogar_asistencia",
    name: "Asistencia en el hogar",
    description: "Fontanero, electricista y cerrajero urgentes las 24 horas, con 3 horas de mano de obra incluidas.",
    priceType: "fixed",
    priceValue: 1_500,
    limitText: "3 horas de mano de obra por servicio",
    limitCents: null,
    deductibleCents: 0,
    includedIn: ["completo", "premium"],
    optionalIn: ["basico"],
  },
  {
    line: "hogar",
    code: "hogar_danos_accidentales",
    name: "Daños accidentales",
    description: "Los daños imprevistos a la vivienda o a sus cosas que no cubre ninguna otra garantía, como un golpe a la televisión.",
    priceType: "percent",
    priceValue: 1_000,
    limitText: "Hasta 6.000 € por siniestro",
    limitCents: 600_000,
    deductibleCents: 10_000,
    includedIn: ["premium"],
    optionalIn: ["completo"],
  },
  {
    line: "hogar",
    code: "hogar_joyas_objetos_valor",
    name: "Joyas y objetos de valor",
    description: "Amplía la cobertura de joyas, relojes, obras de arte y otros objetos de valor declarados.",
    priceType: "fixed",
    priceValue: 4_500,
    limitText: "Hasta 6.000 €",
    limitCents: 600_000,
    deductibleCents: 0,
    includedIn: [],
    optionalIn: ["completo", "premium"],
  },
  // alquiler
  {
    line: "alquiler",
    code: "alquiler_impago_rentas",
    name: "Impago de rentas",
    description: "Le pagamos la renta mensual que el inquilino deje de abonar, durante los meses de su plan.",
    priceType: "fixed",
    priceValue: 0,
    limitText: "6, 12 o 18 mensualidades según el plan",
    limitCents: null,
    deductibleCents: 0,
    includedIn: ALQUILER_ALL,
    optionalIn: [],
  },
  {
    line: "alquiler",
    code: "alquiler_defensa_juridica",
    name: "Defensa jurídica",
    description: "Abogado y procurador para reclamar las rentas y tramitar el desahucio.",
    priceType: "fixed",
    priceValue: 0,
    limitText: "Hasta 6.000 €",
    limitCents: 600_000,
    deductibleCents: 0,
    includedIn: ALQUILER_ALL,
    optionalIn: [],
  },
  {
    line: "alquiler",
    code: "alquiler_actos_vandalicos",
    name: "Actos vandálicos del inquilino",
    description: "Los daños que el inquilino cause de forma malintencionada a la vivienda o al mobiliario.",
    priceType: "fixed",
    priceValue: 3_000,
    limitText: "Hasta 3.000 €",
    limitCents: 300_000,
    deductibleCents: 0,
    includedIn: ["meses_12", "meses_18"],
    optionalIn: ["meses_6"],
  },
  {
    line: "alquiler",
    code: "alquiler_cerrajeria",
    name: "Gastos de cerrajería",
    description: "El cambio de cerradura cuando recuperas la vivienda tras el desahucio.",
    priceType: "fixed",
    priceValue: 1_500,
    limitText: "Hasta 300 €",
    limitCents: 30_000,
    deductibleCents: 0,
    includedIn: ["meses_18"],
    optionalIn: ["meses_6", "meses_12"],
  },
];

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

/** The 52 provinces by INE code (the postcode's first two digits) with their risk zone (1 = lowest). */
export const PROVINCES: readonly { code: string; name: string; zone: 1 | 2 | 3 | 4 | 5 }[] = [
  { code: "01", name: "Álava", zone: 2 },
  { code: "02", name: "Albacete", zone: 2 },
  { code: "03", name: "Alicante", zone: 3 },
  { code: "04", name: "Almería", zone: 2 },
  { code: "05", name: "Ávila", zone: 1 },
  { code: "06", name: "Badajoz", zone: 2 },
  { code: "07", name: "Illes Balears", zone: 3 },
  { code: "08", name: "Barcelona", zone: 4 },
  { code: "09", name: "Burgos", zone: 1 },
  { code: "10", name: "Cáceres", zone: 1 },
  { code: "11", name: "Cádiz", zone: 3 },
  { code: "12", name: "Castellón", zone: 2 },
  { code: "13", name: "Ciudad Real", zone: 2 },
  { code: "14", name: "Córdoba", zone: 2 },
  { code: "15", name: "A Coruña", zone: 2 },
  { code: "16", name: "Cuenca", zone: 1 },
  { code: "17", name: "Girona", zone: 3 },
  { code: "18", name: "Granada", zone: 2 },
  { code: "19", name: "Guadalajara", zone: 2 },
  { code: "20", name: "Gipuzkoa", zone: 2 },
  { code: "21", name: "Huelva", zone: 2 },
  { code: "22", name: "Huesca", zone: 1 },
  { code: "23", name: "Jaén", zone: 2 },
  { code: "24", name: "León", zone: 1 },
  { code: "25", name: "Lleida", zone: 2 },
  { code: "26", name: "La Rioja", zone: 2 },
  { code: "27", name: "Lugo", zone: 1 },
  { code: "28", name: "Madrid", zone: 4 },
  { code: "29", name: "Málaga", zone: 3 },
  { code: "30", name: "Murcia", zone: 3 },
  { code: "31", name: "Navarra", zone: 2 },
  { code: "32", name: "Ourense", zone: 1 },
  { code: "33", name: "Asturias", zone: 2 },
  { code: "34", name: "Palencia", zone: 1 },
  { code: "35", name: "Las Palmas", zone: 3 },
  { code: "36", name: "Pontevedra", zone: 2 },
  { code: "37", name: "Salamanca", zone: 1 },
  { code: "38", name: "Santa Cruz de Tenerife", zone: 3 },
  { code: "39", name: "Cantabria", zone: 2 },
  { code: "40", name: "Segovia", zone: 1 },
  { code: "41", name: "Sevilla", zone: 3 },
  { code: "42", name: "Soria", zone: 1 },
  { code: "43", name: "Tarragona", zone: 3 },
  { code: "44", name: "Teruel", zone: 1 },
  { code: "45", name: "Toledo", zone: 2 },
  { code: "46", name: "Valencia", zone: 4 },
  { code: "47", name: "Valladolid", zone: 2 },
  { code: "48", name: "Bizkaia", zone: 2 },
  { code: "49", name: "Zamora", zone: 1 },
  { code: "50", name: "Zaragoza", zone: 2 },
  { code: "51", name: "Ceuta", zone: 5 },
  { code: "52", name: "Melilla", zone: 5 },
];

const PROVINCE_ZONES: Record<string, number> = Object.fromEntries(PROVINCES.map((p) => [p.code, p.zone]));

function zoneTable(title: string, factorsBp: readonly [number, number, number, number, number]): ZoneTable {
  const labels = ["Zona 1 (riesgo bajo)", "Zona 2", "Zona 3", "Zona 4", "Zona 5 (riesgo alto)"];
  return {
    kind: "zone",
    title,
    input: "postalCode",
    provinces: { ...PROVINCE_ZONES },
    zones: factorsBp.map((factorBp, i) => ({ zone: i + 1, label: labels[i]!, factorBp })),
  };
}

export const TARIFFS: readonly TariffSeed[] = [
  // auto
  {
    line: "auto",
    factor: "driver_age",
    table: {
      kind: "range",
      title: "Edad del conductor",
      input: "driverAge",
      unit: "years",
      bands: [
        { min: 18, max: 21, factorBp: 22_000, label: "De 18 a 20 años" },
        { min: 21, max: 25, factorBp: 17_000, label: "De 21 a 24 años" },
        { min: 25, max: 30, factorBp: 12_500, label: "De 25 a 29 años" },
        { min: 30, max: 65, factorBp: 10_000, label: "De 30 a 64 años" },
        { min: 65, max: 75, factorBp: 11_500, label: "De 65 a 74 años" },
        { min: 75, max: null, factorBp: 14_000, label: "75 años o más" },
      ],
    },
  },
  {
    line: "auto",
    factor: "licence_years",
    table: {
      kind: "range",
      title: "Antigüedad del carné",
      input: "licenceYears",
      unit: "years",
      bands: [
        { min: 0, max: 1, factorBp: 15_000, label: "Menos de 1 año" },
        { min: 1, max: 3, factorBp: 13_000, label: "De 1 a 2 años" },
        { min: 3, max: 5, factorBp: 11_000, label: "De 3 a 4 años" },
        { min: 5, max: 10, factorBp: 10_000, label: "De 5 a 9 años" },
        { min: 10, max: null, factorBp: 9_500, label: "10 años o más" },
      ],
    },
  },
  {
    line: "auto",
    factor: "vehicle_value",
    table: {
      kind: "range",
      title: "Valor del vehículo",
      input: "vehicleValueCents",
      unit: "cents",
      bands: [
        { min: 0, max: 1_000_000, factorBp: 9_000, label: "Hasta 10.000 €" },
        { min: 1_000_000, max: 2_000_000, factorBp: 10_000, label: "De 10.000 € a 20.000 €" },
        { min: 2_000_000, max: 3_500_000, factorBp: 12_000, label: "De 20.000 € a 35.000 €" },
        { min: 3_500_000, max: 6_000_000, factorBp: 14_500, label: "De 35.000 € a 60.000 €" },
        { min: 6_000_000, max: null, factorBp: 18_000, label: "Más de 60.000 €" },
      ],
    },
  },
  { line: "auto", factor: "zone", table: zoneTable("Zona de circulación (provincia)", [9_000, 10_000, 11_000, 12_000, 13_000]) },
  {
    line: "auto",
    factor: "claim_free_years",
    table: {
      kind: "range",
      title: "Bonificación por años sin siniestros",
      input: "claimFreeYears",
      unit: "years",
      bands: [
        { min: 0, max: 1, factorBp: 10_000, label: "Sin años sin siniestros" },
        { min: 1, max: 2, factorBp: 9_500, label: "1 año (−5 %)" },
        { min: 2, max: 3, factorBp: 9_000, label: "2 años (−10 %)" },
        { min: 3, max: 4, factorBp: 8_500, label: "3 años (−15 %)" },
        { min: 4, max: 5, factorBp: 8_000, label: "4 años (−20 %)" },
        { min: 5, max: 6, factorBp: 7_500, label: "5 años (−25 %)" },
        { min: 6, max: 7, factorBp: 7_000, label: "6 años (−30 %)" },
        { min: 7, max: 8, factorBp: 6_500, label: "7 años (−35 %)" },
        { min: 8, max: 9, factorBp: 6_000, label: "8 años (−40 %)" },
        { min: 9, max: 10, factorBp: 5_500, label: "9 años (−45 %)" },
        { min: 10, max: null, factorBp: 5_000, label: "10 años o más (−50 %)" },
      ],
    },
  },
  {
    line: "auto",
    factor: "vehicle_use",
    table: {
      kind: "choice",
      title: "Uso del vehículo",
      input: "use",
      options: [
        { value: "particular", label: "Particular", factorBp: 10_000 },
        { value: "profesional", label: "Profesional", factorBp: 12_500 },
      ],
    },
  },
  {
    line: "auto",
    factor: "annual_km",
    table: {
      kind: "range",
      title: "Kilómetros al año",
      input: "annualKm",
      unit: "km",
      bands: [
        { min: 0, max: 10_000, factorBp: 9_500, label: "Menos de 10.000 km" },
        { min: 10_000, max: 20_000, factorBp: 10_000, label: "De 10.000 a 20.000 km" },
        { min: 20_000, max: 30_000, factorBp: 11_000, label: "De 20.000 a 30.000 km" },
        { min: 30_000, max: null, factorBp: 12_000, label: "Más de 30.000 km" },
      ],
    },
  },
  // hogar
  {
    line: "hogar",
    factor: "area_m2",
    table: {
      kind: "range",
      title: "Superficie de la vivienda",
      input: "areaM2",
      unit: "m2",
      bands: [
        { min: 0, max: 60, factorBp: 8_500, label: "Menos de 60 m²" },
        { min: 60, max: 90, factorBp: 10_000, label: "De 60 a 89 m²" },
        { min: 90, max: 120, factorBp: 11_500, label: "De 90 a 119 m²" },
        { min: 120, max: 180, factorBp: 13_500, label: "De 120 a 179 m²" },
        { min: 180, max: null, factorBp: 16_000, label: "180 m² o más" },
      ],
    },
  },
  {
    line: "hogar",
    factor: "dwelling_type",
    table: {
      kind: "choice",
      title: "Tipo de vivienda",
      input: "dwellingType",
      options: [
        { value: "piso", label: "Piso", factorBp: 10_000 },
        { value: "casa", label: "Casa", factorBp: 12_500 },
      ],
    },
  },
  {
    line: "hogar",
    factor: "floor",
    table: {
      kind: "choice",
      title: "Planta",
      input: "floor",
      options: [
        { value: "bajo", label: "Bajo", factorBp: 11_500 },
        { value: "intermedio", label: "Planta intermedia", factorBp: 10_000 },
        { value: "atico", label: "Ático", factorBp: 11_000 },
      ],
    },
  },
  {
    line: "hogar",
    factor: "building_age",
    table: {
      kind: "range",
      title: "Antigüedad del edificio",
      input: "buildingAgeYears",
      unit: "years",
      bands: [
        { min: 0, max: 10, factorBp: 9_000, label: "Menos de 10 años" },
        { min: 10, max: 30, factorBp: 10_000, label: "De 10 a 29 años" },
        { min: 30, max: 50, factorBp: 11_000, label: "De 30 a 49 años" },
        { min: 50, max: null, factorBp: 12_500, label: "50 años o más" },
      ],
    },
  },
  {
    line: "hogar",
    factor: "security",
    table: {
      kind: "flags",
      title: "Medidas de seguridad",
      flags: [
        { input: "alarm", label: "Alarma conectada a central (−10 %)", factorBpWhenTrue: 9_000 },
        { input: "reinforcedDoor", label: "Puerta blindada (−5 %)", factorBpWhenTrue: 9_500 },
      ],
    },
  },
  {
    line: "hogar",
    factor: "residence",
    table: {
      kind: "choice",
      title: "Uso de la vivienda",
      input: "residence",
      options: [
        { value: "habitual", label: "Vivienda habitual", factorBp: 10_000 },
        { value: "secundaria", label: "Segunda residencia", factorBp: 13_000 },
      ],
    },
  },
  { line: "hogar", factor: "zone", table: zoneTable("Zona (provincia)", [9_500, 10_000, 10_500, 11_500, 12_000]) },
  // alquiler
  {
    line: "alquiler",
    factor: "monthly_rent",
    table: {
      kind: "range",
      title: "Renta mensual",
      input: "monthlyRentCents",
      unit: "cents",
      bands: [
        { min: 0, max: 60_000, factorBp: 9_000, label: "Hasta 600 €" },
        { min: 60_000, max: 100_000, factorBp: 10_000, label: "De 600 € a 1.000 €" },
        { min: 100_000, max: 150_000, factorBp: 12_000, label: "De 1.000 € a 1.500 €" },
        { min: 150_000, max: 250_000, factorBp: 14_500, label: "De 1.500 € a 2.500 €" },
        { min: 250_000, max: null, factorBp: 18_000, label: "Más de 2.500 €" },
      ],
    },
  },
  {
    line: "alquiler",
    factor: "rent_income_ratio",
    table: {
      kind: "range",
      title: "Esfuerzo del inquilino (renta / ingresos netos)",
      input: "rentToIncomeBp",
      unit: "bp",
      bands: [
        { min: 0, max: 2_000, factorBp: 9_000, label: "Menos del 20 %" },
        { min: 2_000, max: 3_000, factorBp: 10_000, label: "Del 20 % al 30 %" },
        { min: 3_000, max: 3_500, factorBp: 11_500, label: "Del 30 % al 35 %" },
        { min: 3_500, max: null, factorBp: 13_000, label: "Del 35 % al 40 %" },
      ],
      declineAbove: {
        value: 4_000,
        reason: "La renta supera el 40 % de los ingresos netos del inquilino, por lo que no podemos asegurar este alquiler.",
      },
    },
  },
  {
    line: "alquiler",
    factor: "tenant_contract",
    table: {
      kind: "choice",
      title: "Situación laboral del inquilino",
      input: "tenantContract",
      options: [
        { value: "indefinido", label: "Contrato indefinido", factorBp: 10_000 },
        { value: "funcionario", label: "Funcionario", factorBp: 9_000 },
        { value: "pensionista", label: "Pensionista", factorBp: 9_500 },
        { value: "autonomo", label: "Autónomo", factorBp: 11_500 },
        { value: "temporal", label: "Contrato temporal", factorBp: 12_500 },
      ],
    },
  },
  { line: "alquiler", factor: "zone", table: zoneTable("Zona (provincia)", [9_500, 10_000, 10_500, 11_000, 12_000]) },
];

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
  fractionation_surcharges_bp: Record<PaymentFrequency, number>;
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
};
export type SettingKey = keyof SettingsValues;

export const DEFAULT_SETTINGS: SettingsValues = {
  distributor: {
    distributorName: "Cotiza Correduría de Seguros, S.L.",
    distributorTaxId: "B12345674",
    registrationNumber: "J-3921",
    address: "Calle de Alcalá 123, 4.º, 28009 Madrid",
    email: "hola@cotiza.es",
    phone: "+34 910 123 456",
    complaintsEmail: "atencion.cliente@cotiza.es",
  },
  fractionation_surcharges_bp: { anual: 0, semestral: 300, trimestral: 500, mensual: 700 },
  consorcio: { autoCentsPerVehicle: 210, hogarPpmOfSumInsured: 70, alquilerCents: 0 },
  clea_bp: 15,
  ips_bp: 800,
  quote_validity_days: 15,
  withdrawal_days: 14,
  withdrawal_lines: ["hogar", "alquiler"],
};

/** Spanish descriptions of the settings, for the admin settings page. */
export const SETTING_DESCRIPTIONS: Record<SettingKey, string> = {
  distributor: "Identidad del distribuidor: razón social, NIF, inscripción en la DGSFP y datos de contacto",
  fractionation_surcharges_bp: "Recargo por fraccionamiento del pago, en puntos básicos de la prima neta",
  consorcio: "Recargos del Consorcio de Compensación de Seguros por ramo",
  clea_bp: "Recargo CLEA, en puntos básicos de la prima neta",
  ips_bp: "Impuesto sobre las primas de seguros (IPS), en puntos básicos",
  quote_validity_days: "Días de validez de una cotización",
  withdrawal_days: "Días para ejercer el desistimiento desde la contratación",
  withdrawal_lines: "Ramos que admiten desistimiento",
};
