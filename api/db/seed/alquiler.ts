// The rent-default line (alquiler) as seeded: the product, its plans, its guarantees and its rating tables.
// Units as in api/domain/catalogue.ts: cents, basis points, parts per million.
import type { LineSeed } from "../../domain/catalogue";
import { zoneTable } from "./common";

const ALQUILER_ALL = ["meses_6", "meses_12", "meses_18"] as const;

export const ALQUILER: LineSeed = {
  product: {
    code: "alquiler",
    name: "Seguro de impago de alquiler",
    description: "Garantiza al propietario el cobro de la renta si el inquilino deja de pagar, con defensa jurídica incluida.",
  },
  plans: [
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
  ],
  guarantees: [
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
      // Carencia: an unpaid rent due in the first 30 days of the policy is not covered (ADR 042).
      waitingDays: 30,
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
      description: "El cambio de cerradura cuando recupera la vivienda tras el desahucio.",
      priceType: "fixed",
      priceValue: 1_500,
      limitText: "Hasta 300 €",
      limitCents: 30_000,
      deductibleCents: 0,
      includedIn: ["meses_18"],
      optionalIn: ["meses_6", "meses_12"],
    },
  ],
  tariffs: [
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
  ],
};
