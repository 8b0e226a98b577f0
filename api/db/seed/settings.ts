// The default settings a fresh installation starts with (admins change them afterwards).
import type { SettingsValues } from "../../domain/catalogue";

const MESETA = {
  name: "Aseguradora Meseta, S.A. de Seguros y Reaseguros",
  taxId: "A28645315",
  dgsfpKey: "C0999",
  address: "Paseo de la Castellana 200, 28046 Madrid",
};

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
  // Fictitious companies (their NIF carries a valid control digit; their DGSFP keys are made up).
  insurers: {
    auto: MESETA,
    hogar: MESETA,
    alquiler: {
      name: "Meseta Caución y Alquiler, S.A. de Seguros",
      taxId: "A08907149",
      dgsfpKey: "C0998",
      address: "Avinguda Diagonal 640, 08017 Barcelona",
    },
  },
  // The distributor's creditor identifier (ES + check digits + ZZZ + its NIF) and a test account.
  sepa_creditor: { name: "Cotiza Correduría de Seguros, S.L.", creditorId: "ES11ZZZB12345674", iban: "ES9121000418450200051332", bic: "CAIXESBBXXX" },
  sepa_return_deadline_business_days: 2,
  return_fee_cents: 0,
  dunning_days: [1, 7, 20],
  email_retry: { baseSeconds: 60, maxSeconds: 21_600 },
  renewal_notice_months: 2,
  lead_quote_after_hours: 24,
  lead_stale_days: 7,
};
