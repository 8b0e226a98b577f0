// The reason codes of SEPA R-transactions (ISO 20022 ExternalStatusReason1Code, as the EPC SDD Core
// rulebook uses them) that Spanish banks put in their return files, each with the Spanish meaning
// staff and the customer read. A code not in this table is a line error of the import: we never
// record a return whose reason we cannot explain.
export const SEPA_RETURN_CODES = {
  AC01: "Número de cuenta incorrecto",
  AC04: "Cuenta cancelada",
  AC06: "Cuenta bloqueada",
  AC13: "La cuenta del deudor es de un consumidor",
  AG01: "Operación no permitida en esta cuenta",
  AG02: "Código de operación incorrecto",
  AM04: "Fondos insuficientes",
  AM05: "Adeudo duplicado",
  BE01: "El titular de la cuenta no coincide con el deudor",
  BE05: "Acreedor no reconocido",
  CNOR: "El banco del acreedor no está registrado",
  DNOR: "El banco del deudor no está registrado",
  FF01: "Formato de fichero no válido",
  FOCR: "Devolución tras petición de cancelación",
  MD01: "Sin mandato",
  MD02: "Faltan datos obligatorios del mandato o son incorrectos",
  MD06: "Devolución solicitada por el deudor (reembolso autorizado)",
  MD07: "El deudor ha fallecido",
  MS02: "Rechazado por el deudor sin motivo",
  MS03: "Motivo no especificado",
  RC01: "BIC incorrecto",
  RR01: "Falta la identificación o la cuenta del deudor (requisito normativo)",
  RR02: "Falta el nombre o la dirección del deudor (requisito normativo)",
  RR03: "Falta el nombre o la dirección del acreedor (requisito normativo)",
  RR04: "Motivo normativo",
  SL01: "Servicio específico del banco del deudor",
} as const satisfies Record<string, string>;

export type SepaReturnCode = keyof typeof SEPA_RETURN_CODES;

export function isSepaReturnCode(code: string): code is SepaReturnCode {
  return Object.prototype.hasOwnProperty.call(SEPA_RETURN_CODES, code);
}

/** "AM04 Fondos insuficientes": how history and pages name a return. */
export function returnCodeLabel(code: SepaReturnCode): string {
  return `${code} ${SEPA_RETURN_CODES[code]}`;
}
