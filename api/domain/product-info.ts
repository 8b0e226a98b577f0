// The product information that does not come from the tariff tables: the parts of each line's
// IPID (documento de información sobre el producto de seguro, Reglamento (UE) 2017/1469) that
// describe exclusions, restrictions, territory and obligations, and the Spanish description of an
// insured risk from a quote's inputs. Pure; amounts in cents, dates as ISO calendar dates.
import type { Line as LineCode } from "../contract/vocabulary";
import { formatRiskAddress, readRiskAddress } from "./insured-object";
import { provinceOf } from "./provinces";
import { formatRegistration } from "./registration";
import { formatIsoDate, formatMoney } from "../contract/format";

export type IpidTexts = {
  /** ¿En qué consiste este tipo de seguro? */
  kind: string;
  /** ¿Qué no está asegurado? */
  notInsured: string[];
  /** ¿Existen restricciones en lo que respecta a la cobertura? */
  restrictions: string[];
  /** ¿Dónde estoy cubierto? */
  where: string[];
  /** ¿Cuáles son mis obligaciones? (besides the common ones) */
  obligations: string[];
};

const COMMON_OBLIGATIONS = [
  "Declarar con exactitud, al contratar, todas las circunstancias que se le pregunten y que puedan influir en la valoración del riesgo.",
  "Comunicar durante el contrato, tan pronto como sea posible, cualquier cambio que agrave el riesgo.",
  "Pagar la prima en los plazos acordados.",
  "Comunicar el siniestro en un plazo máximo de 7 días desde que lo conozca, facilitar la información que se le pida y tomar las medidas a su alcance para reducir sus consecuencias.",
];

export const IPID_TEXTS: Record<LineCode, IpidTexts> = {
  auto: {
    kind: "Seguro de automóviles. Cubre la responsabilidad civil de suscripción obligatoria del vehículo y, según el plan elegido, la responsabilidad civil voluntaria, la defensa jurídica, la asistencia en viaje, los accidentes del conductor, las lunas, el robo, el incendio y los daños propios del vehículo.",
    notInsured: [
      "Los daños causados intencionadamente.",
      "Los daños propios del vehículo en los planes que no incluyen esa garantía (Terceros y Terceros ampliado).",
      "Los daños sufridos cuando el conductor circula bajo los efectos del alcohol o de drogas, o sin permiso de conducir válido (frente a terceros se indemniza y después se le puede reclamar lo pagado).",
      "La participación en carreras, competiciones o pruebas de velocidad.",
      "Los daños a las mercancías transportadas y a los objetos que se lleven en el vehículo.",
      "Los riesgos extraordinarios (inundaciones, terremotos, terrorismo…), que indemniza el Consorcio de Compensación de Seguros.",
    ],
    restrictions: [
      "Cada garantía tiene el límite de indemnización que figura en las condiciones particulares.",
      "En el plan Todo riesgo con franquicia, usted asume el importe de la franquicia en cada siniestro de daños propios.",
      "Si el uso del vehículo, los kilómetros anuales o el conductor no son los declarados, la indemnización puede reducirse en proporción a la prima que correspondería.",
    ],
    where: [
      "La responsabilidad civil obligatoria, en España, en el Espacio Económico Europeo y en los países adheridos al sistema de Carta Verde.",
      "Las demás garantías, en España y en el resto de Europa.",
    ],
    obligations: [
      "Mantener el vehículo en buen estado de uso y con la inspección técnica (ITV) al día.",
      "Comunicar el cambio de conductor habitual, de domicilio o de uso del vehículo.",
    ],
  },
  hogar: {
    kind: "Seguro multirriesgo del hogar. Cubre la vivienda (continente) y los bienes que hay en ella (contenido) frente a incendio, daños por agua, fenómenos atmosféricos y, según el plan, robo, rotura de cristales, daños eléctricos y daños accidentales, además de la responsabilidad civil familiar y la asistencia en el hogar.",
    notInsured: [
      "Los daños causados intencionadamente por el asegurado o las personas que conviven con él.",
      "El desgaste, el deterioro por el uso y los daños por falta de mantenimiento de la vivienda.",
      "Las joyas y los objetos de valor, salvo que se contrate su garantía.",
      "Los daños producidos durante obras de reforma o por obras sin licencia.",
      "Los riesgos extraordinarios (inundaciones, terremotos, terrorismo…), que indemniza el Consorcio de Compensación de Seguros.",
    ],
    restrictions: [
      "Las sumas aseguradas de continente y contenido son el límite de la indemnización; si son inferiores al valor real de los bienes, se aplica la regla proporcional.",
      "Algunas garantías tienen límites y franquicias propios, indicados en las condiciones particulares.",
      "El robo exige denuncia ante la policía y que el ladrón haya entrado con fuerza, violencia o intimidación.",
    ],
    where: [
      "En la vivienda asegurada, situada en España, cuya dirección figura en la póliza.",
      "La responsabilidad civil familiar, en todo el mundo, por reclamaciones ante tribunales españoles.",
    ],
    obligations: [
      "Mantener la vivienda en buen estado y cerrar sus accesos cuando quede vacía.",
      "Comunicar si la vivienda pasa a estar deshabitada o cambia su uso (habitual o secundaria).",
    ],
  },
  alquiler: {
    kind: "Seguro de impago de alquiler para propietarios de viviendas. Garantiza el cobro de la renta cuando el inquilino deja de pagarla, durante el número de meses del plan contratado, e incluye la defensa jurídica para reclamar la deuda y recuperar la vivienda.",
    notInsured: [
      "Las rentas que ya se debían antes de la fecha de efecto de la póliza.",
      "Las cantidades distintas de la renta (suministros, gastos de comunidad, impuestos), salvo que el contrato las incluya en ella.",
      "Los alquileres de temporada, vacacionales o de locales de negocio.",
      "Los contratos de alquiler que no consten por escrito.",
    ],
    restrictions: [
      "Se indemnizan como máximo las mensualidades del plan contratado (6, 12 o 18 meses) y hasta la renta declarada.",
      "Solo se aseguran alquileres cuya renta mensual no supere el 40 % de los ingresos netos mensuales del inquilino.",
      "El impago debe comunicarse dentro del mes siguiente al vencimiento de la primera renta impagada.",
    ],
    where: ["Viviendas alquiladas situadas en España."],
    obligations: [
      "Facilitar el contrato de alquiler y la documentación que acredite la solvencia del inquilino.",
      "Comunicar cualquier cambio en el contrato de alquiler o de inquilino.",
    ],
  },
};

export function ipidObligations(line: LineCode): string[] {
  return [...COMMON_OBLIGATIONS, ...IPID_TEXTS[line].obligations];
}

// ─── The insured risk, as a person reads it ──────────────────────────────────────────

const CHOICES: Record<string, Record<string, string>> = {
  use: { particular: "Particular", profesional: "Profesional" },
  dwellingType: { piso: "Piso", casa: "Casa" },
  floor: { bajo: "Bajo", intermedio: "Planta intermedia", atico: "Ático" },
  residence: { habitual: "Vivienda habitual", secundaria: "Segunda residencia" },
  tenantContract: {
    indefinido: "Contrato indefinido",
    funcionario: "Funcionario",
    pensionista: "Pensionista",
    autonomo: "Autónomo",
    temporal: "Contrato temporal",
  },
};

type Field = {
  key: string;
  label: string;
  kind: "text" | "date" | "money" | "number" | "bool" | "choice" | "postal" | "km" | "m2" | "registration" | "address";
};

const RISK_FIELDS: Record<LineCode, Field[]> = {
  // The insured object's identification (given at checkout, so only in a policy's risk) comes first.
  auto: [
    { key: "registration", label: "Matrícula", kind: "registration" },
    { key: "vehicleBrand", label: "Marca", kind: "text" },
    { key: "vehicleModel", label: "Modelo", kind: "text" },
    { key: "vehicleYear", label: "Año de fabricación", kind: "number" },
    { key: "vehicleValue", label: "Valor del vehículo", kind: "money" },
    { key: "use", label: "Uso", kind: "choice" },
    { key: "annualKm", label: "Kilómetros al año", kind: "km" },
    { key: "driverBirthDate", label: "Fecha de nacimiento del conductor", kind: "date" },
    { key: "licenseDate", label: "Fecha del carné de conducir", kind: "date" },
    { key: "claimFreeYears", label: "Años sin siniestros", kind: "number" },
    { key: "postalCode", label: "Código postal de circulación", kind: "postal" },
  ],
  hogar: [
    { key: "riskAddress", label: "Dirección de la vivienda", kind: "address" },
    { key: "postalCode", label: "Código postal de la vivienda", kind: "postal" },
    { key: "dwellingType", label: "Tipo de vivienda", kind: "choice" },
    { key: "floor", label: "Planta", kind: "choice" },
    { key: "areaM2", label: "Superficie", kind: "m2" },
    { key: "yearBuilt", label: "Año de construcción", kind: "number" },
    { key: "residence", label: "Uso", kind: "choice" },
    { key: "buildingValue", label: "Continente (suma asegurada)", kind: "money" },
    { key: "contentsValue", label: "Contenido (suma asegurada)", kind: "money" },
    { key: "alarm", label: "Alarma", kind: "bool" },
    { key: "reinforcedDoor", label: "Puerta blindada", kind: "bool" },
  ],
  alquiler: [
    { key: "riskAddress", label: "Dirección de la vivienda", kind: "address" },
    { key: "postalCode", label: "Código postal de la vivienda", kind: "postal" },
    { key: "monthlyRent", label: "Renta mensual", kind: "money" },
    { key: "tenantMonthlyIncome", label: "Ingresos netos mensuales del inquilino", kind: "money" },
    { key: "tenantContract", label: "Situación laboral del inquilino", kind: "choice" },
    // No "months": the months of rent covered are the plan's (ADR 023). Quotes and policies from
    // before still hold the months the form asked, which could differ from the plan bought; the
    // plan is what was priced and paid, so only the plan says it.
  ],
};

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".");

function formatValue(field: Field, value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  switch (field.kind) {
    case "money":
      return typeof value === "number" ? formatMoney(value) : null;
    case "date":
      return typeof value === "string" ? formatIsoDate(value) : null;
    case "bool":
      return value === true ? "Sí" : value === false ? "No" : null;
    case "choice":
      return typeof value === "string" ? (CHOICES[field.key]?.[value] ?? value) : null;
    case "postal": {
      if (typeof value !== "string") return null;
      const province = provinceOf(value)?.name;
      return province ? `${value} (${province})` : value;
    }
    case "km":
      return typeof value === "number" ? `${thousands(value)} km` : null;
    case "m2":
      return `${String(value)} m²`;
    case "registration":
      return typeof value === "string" ? formatRegistration(value) : null;
    case "address": {
      const address = readRiskAddress(value);
      return address ? formatRiskAddress(address) : null;
    }
    default:
      return String(value);
  }
}

/** The insured risk as [label, value] rows, in a fixed order per line; missing inputs are left out. */
export function describeRisk(line: LineCode, inputs: Record<string, unknown>): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  for (const field of RISK_FIELDS[line]) {
    const value = formatValue(field, inputs[field.key]);
    if (value !== null) rows.push([field.label, value]);
  }
  return rows;
}

/** The row of describeRisk that identifies the insured object (the car's registration, the dwelling's address), if the risk has it. */
export function insuredObjectRow(line: LineCode, inputs: Record<string, unknown>): [string, string] | null {
  const field = RISK_FIELDS[line].find((f) => f.kind === "registration" || f.kind === "address");
  const value = field ? formatValue(field, inputs[field.key]) : null;
  return field && value !== null ? [field.label, value] : null;
}

/** The dwelling's address when the policy has it, else the quote's postal code. */
function dwellingPlace(inputs: Record<string, unknown>): string {
  const address = readRiskAddress(inputs.riskAddress);
  return address ? formatRiskAddress(address) : String(inputs.postalCode ?? "");
}

/** The title of the insured risk: the car, the dwelling or the rented flat. */
export function riskTitle(line: LineCode, inputs: Record<string, unknown>): string {
  switch (line) {
    case "auto":
      return `Vehículo ${String(inputs.vehicleBrand ?? "")} ${String(inputs.vehicleModel ?? "")}`.trim();
    case "hogar":
      return `Vivienda en ${dwellingPlace(inputs)}`;
    case "alquiler":
      return `Vivienda alquilada en ${dwellingPlace(inputs)}`;
    default:
      return "Riesgo asegurado";
  }
}
