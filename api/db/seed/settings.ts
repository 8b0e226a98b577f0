// The default settings a fresh installation starts with (admins change them afterwards).
import type { SettingKey, SettingsValues } from "../../domain/catalogue";

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
  sepa_creditor: "Acreedor de los adeudos SEPA: nombre, identificador de acreedor, IBAN de abono y BIC",
  sepa_return_deadline_business_days: "Días hábiles tras la fecha de cobro de una remesa hasta dar por cobrados sus recibos no devueltos",
  return_fee_cents: "Gastos de devolución que se repercuten al cliente por un recibo devuelto, en céntimos (0: ninguno)",
  dunning_days: "Días tras la devolución o el vencimiento de un recibo impagado en que se envía un recordatorio de pago",
  insurers: "Entidad aseguradora de cada ramo (razón social, NIF, clave DGSFP y domicilio) para las pólizas nuevas; cada póliza guarda la suya",
};
