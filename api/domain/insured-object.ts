// What identifies the insured object of a policy, asked at checkout and kept in the policy's risk:
// the car's registration number (auto), the address of the dwelling (hogar, alquiler). Pure.
//
// The dwelling's postal code is the quote's: the price depends on it (the province's zone), so a
// dwelling elsewhere needs a new quote rather than a different address on this one.
import type { Line } from "../contract/vocabulary";
import { isValidRegistration, normalizeRegistration, REGISTRATION_ERROR } from "./registration";

export type InsuredObjectKind = "registration" | "address";

/** Which identification each line asks for. */
export const INSURED_OBJECT: Record<Line, InsuredObjectKind> = { auto: "registration", hogar: "address", alquiler: "address" };

/** Whether the customer may say that the dwelling is at the policyholder's address: a home, yes; a flat let to a tenant, rarely. */
export const SAME_ADDRESS_OFFERED: Record<Line, boolean> = { auto: false, hogar: true, alquiler: false };

/** The insured dwelling's address as stored in the policy's risk (`riskAddress`). */
export type RiskAddress = { street: string; door?: string; postalCode: string; city: string };

export const INSURED_OBJECT_MESSAGES = {
  registrationRequired: "Indique la matrícula del vehículo",
  registration: REGISTRATION_ERROR,
  registrationNotApplicable: "La matrícula solo se indica en el seguro de coche",
  street: "Indique la calle y el número de la vivienda",
  streetTooLong: "La calle y el número no pueden superar 200 caracteres",
  doorTooLong: "El piso y la puerta no pueden superar 40 caracteres",
  postalCode: "Introduzca el código postal de la vivienda (5 cifras)",
  city: "Indique la población de la vivienda",
  cityTooLong: "La población no puede superar 100 caracteres",
  addressNotApplicable: "La dirección de la vivienda solo se indica en los seguros de hogar y de alquiler",
} as const;

/** The dwelling's postal code must be the quote's, and this says why. */
export function postalCodeMismatchMessage(quotePostalCode: string): string {
  return `El código postal de la vivienda debe ser el de la cotización (${quotePostalCode}), porque el precio depende de él. Si la vivienda está en otro código postal, vuelva a cotizar.`;
}

/** "La misma que la del tomador" ticked, but the policyholder lives in another postal code. */
export function holderElsewhereMessage(holderPostalCode: string, quotePostalCode: string): string {
  return `Su dirección está en el código postal ${holderPostalCode} y la vivienda asegurada en el ${quotePostalCode}. Desmarque esta casilla e indique la dirección de la vivienda.`;
}

/** The policyholder's address as the dwelling's ("La misma que la del tomador"). */
export function riskAddressFromPolicyholder(holder: { address: string; postalCode: string; city: string }): RiskAddress {
  return { street: holder.address, postalCode: holder.postalCode, city: holder.city };
}

/** "Calle Mayor 12, 3.º B, 46001 Valencia". */
export function formatRiskAddress(address: RiskAddress): string {
  return [address.street, address.door, `${address.postalCode} ${address.city}`].filter((part) => part && part.trim()).join(", ");
}

/** A stored `riskAddress` read back from a policy's risk (jsonb), or null when it is not one. */
export function readRiskAddress(value: unknown): RiskAddress | null {
  if (typeof value !== "object" || value === null) return null;
  const { street, door, postalCode, city } = value as Record<string, unknown>;
  if (typeof street !== "string" || typeof postalCode !== "string" || typeof city !== "string") return null;
  return { street, ...(typeof door === "string" && door ? { door } : {}), postalCode, city };
}

export type InsuredObjectInput = { registration?: string; riskAddress?: RiskAddress };

/**
 * The field errors of the insured object given for a policy of `line` whose quote was priced for
 * `quotePostalCode`, keyed as the checkout's fields ("registration", "riskAddress.postalCode"…).
 * Formats are the contract's; this checks what depends on the line and the quote.
 */
export function insuredObjectErrors(line: Line, quotePostalCode: string | undefined, given: InsuredObjectInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (INSURED_OBJECT[line] === "registration") {
    if (given.riskAddress !== undefined) errors.riskAddress = [INSURED_OBJECT_MESSAGES.addressNotApplicable];
    if (given.registration === undefined) errors.registration = [INSURED_OBJECT_MESSAGES.registrationRequired];
    else if (!isValidRegistration(given.registration)) errors.registration = [INSURED_OBJECT_MESSAGES.registration];
    return errors;
  }
  if (given.registration !== undefined) errors.registration = [INSURED_OBJECT_MESSAGES.registrationNotApplicable];
  const address = given.riskAddress;
  if (!address) {
    errors["riskAddress.street"] = [INSURED_OBJECT_MESSAGES.street];
    errors["riskAddress.postalCode"] = [INSURED_OBJECT_MESSAGES.postalCode];
    errors["riskAddress.city"] = [INSURED_OBJECT_MESSAGES.city];
  } else if (quotePostalCode && address.postalCode !== quotePostalCode) {
    errors["riskAddress.postalCode"] = [postalCodeMismatchMessage(quotePostalCode)];
  }
  return errors;
}

/** The identification as stored in the policy's risk, beside the quote's rating inputs. */
export function insuredObjectRisk(line: Line, given: InsuredObjectInput): Record<string, unknown> {
  if (INSURED_OBJECT[line] === "registration") return given.registration ? { registration: normalizeRegistration(given.registration) } : {};
  if (!given.riskAddress) return {};
  const { street, door, postalCode, city } = given.riskAddress;
  return { riskAddress: { street, ...(door ? { door } : {}), postalCode, city } };
}
