import type { Line } from "../../../api/contract/vocabulary";
import { formatDate, formatMoney } from "~/lib/format";
import { Fact } from "./policy-facts";

/**
 * The insured risk as the quote form asked for it: one fact per rating input, in the form's
 * words, money in euros and dates dd/mm/aaaa. Inputs the list does not know (a newer form) are
 * shown as they come, so nothing stored is hidden.
 */
type Shown = { label: string; show?: (value: unknown) => string };

const money = (value: unknown) => formatMoney(Number(value));
const date = (value: unknown) => formatDate(String(value));
const yesNo = (value: unknown) => (value === true ? "Sí" : "No");
const choice = (labels: Record<string, string>) => (value: unknown) => labels[String(value)] ?? String(value);
const number = (unit = "") => (value: unknown) => `${Number(value).toLocaleString("es-ES")}${unit}`;

const RISK_FIELDS: Record<Line, Record<string, Shown>> = {
  auto: {
    vehicleBrand: { label: "Marca" },
    vehicleModel: { label: "Modelo" },
    vehicleYear: { label: "Año de matriculación", show: String },
    vehicleValue: { label: "Valor del coche", show: money },
    use: { label: "Uso", show: choice({ particular: "Particular", profesional: "Profesional" }) },
    annualKm: { label: "Kilómetros al año", show: number(" km") },
    driverBirthDate: { label: "Fecha de nacimiento del conductor", show: date },
    licenseDate: { label: "Fecha del carné de conducir", show: date },
    claimFreeYears: { label: "Años sin siniestros con culpa", show: number() },
    postalCode: { label: "Código postal" },
  },
  hogar: {
    postalCode: { label: "Código postal" },
    dwellingType: { label: "Tipo de vivienda", show: choice({ piso: "Piso", casa: "Casa" }) },
    floor: { label: "Planta", show: choice({ bajo: "Bajo", intermedio: "Intermedia", atico: "Ático" }) },
    areaM2: { label: "Superficie construida", show: number(" m²") },
    yearBuilt: { label: "Año de construcción", show: String },
    residence: { label: "Uso", show: choice({ habitual: "Vivienda habitual", secundaria: "Segunda residencia" }) },
    buildingValue: { label: "Continente (suma asegurada)", show: money },
    contentsValue: { label: "Contenido (suma asegurada)", show: money },
    alarm: { label: "Alarma conectada a una central", show: yesNo },
    reinforcedDoor: { label: "Puerta blindada o acorazada", show: yesNo },
  },
  alquiler: {
    postalCode: { label: "Código postal de la vivienda" },
    monthlyRent: { label: "Renta mensual", show: money },
    tenantMonthlyIncome: { label: "Ingresos netos mensuales del inquilino", show: money },
    months: { label: "Meses de renta cubiertos", show: number() },
    tenantContract: { label: "Situación laboral del inquilino" },
  },
};

export function PolicyRisk({ line, risk }: { line: Line; risk: Record<string, unknown> }) {
  const known = RISK_FIELDS[line];
  const rows: [string, Shown][] = [
    ...Object.entries(known).filter(([name]) => risk[name] !== undefined && risk[name] !== null),
    ...Object.keys(risk)
      .filter((name) => !(name in known))
      .map((name): [string, Shown] => [name, { label: name }]),
  ];
  if (rows.length === 0) return <p className="mt-2 text-slate-700">La póliza no guarda datos del riesgo.</p>;
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      {rows.map(([name, field]) => (
        <Fact key={name} term={field.label}>
          {field.show ? field.show(risk[name]) : String(risk[name])}
        </Fact>
      ))}
    </dl>
  );
}
