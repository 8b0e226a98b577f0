// The insurance company that carries the risk of each line (art. 6 and the IDD: every policy and
// its pre-contract information name the insurer as well as the distributor). Pure.
//
// A setting per line (`insurers`) says who carries the risk of new policies; each policy keeps a
// copy of the one in force when it was sold (`risk.insurer`), because changing the insurer of a
// line does not change the contracts already made (ADR 019).
import type { Line } from "../contract/vocabulary";

export type InsurerInfo = {
  /** Razón social, e.g. "Aseguradora Meseta, S.A. de Seguros y Reaseguros". */
  name: string;
  /** NIF (CIF) of the company. */
  taxId?: string;
  /** Key in the DGSFP's register of insurance companies, e.g. "C0999". */
  dgsfpKey?: string;
  /** Registered address. */
  address?: string;
};

export type InsurersByLine = Partial<Record<Line, InsurerInfo>>;

/** An insurer as stored (a setting or a policy's copy), or null when it is not one. */
export function readInsurerInfo(value: unknown): InsurerInfo | null {
  if (typeof value !== "object" || value === null) return null;
  const { name, taxId, dgsfpKey, address } = value as Record<string, unknown>;
  if (typeof name !== "string" || !name.trim()) return null;
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : undefined);
  const info: InsurerInfo = { name };
  if (text(taxId)) info.taxId = text(taxId);
  if (text(dgsfpKey)) info.dgsfpKey = text(dgsfpKey);
  if (text(address)) info.address = text(address);
  return info;
}

/** The per-line setting as stored, keeping only the lines with a valid insurer. */
export function readInsurersByLine(value: unknown): InsurersByLine {
  if (typeof value !== "object" || value === null) return {};
  const out: InsurersByLine = {};
  for (const line of ["auto", "hogar", "alquiler"] as const) {
    const info = readInsurerInfo((value as Record<string, unknown>)[line]);
    if (info) out[line] = info;
  }
  return out;
}

/** What a document says when no insurer is configured (never on a seeded installation). */
export const INSURER_UNKNOWN_TEXT = "La entidad aseguradora que emite la póliza, según figura en sus condiciones generales.";

/** "Aseguradora Meseta, S.A. … · NIF A28645315 · clave DGSFP C0999 · Paseo de la Castellana 200, 28046 Madrid". */
export function insurerText(insurer: InsurerInfo | null): string {
  if (!insurer) return INSURER_UNKNOWN_TEXT;
  return [
    insurer.name,
    insurer.taxId ? `NIF ${insurer.taxId}` : null,
    insurer.dgsfpKey ? `clave DGSFP ${insurer.dgsfpKey}` : null,
    insurer.address ?? null,
  ]
    .filter(Boolean)
    .join(" · ");
}
