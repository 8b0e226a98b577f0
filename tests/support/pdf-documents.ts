// One of each customer document (api/services/pdf-*.ts, one module a document) rendered from fixed data, without a database:
// a hogar quote, the line's IPID, the particular conditions of a policy with a suplemento, a
// recibo, the suplemento's recibo and the confirmation of a withdrawal. For the tests that read
// the files as a reader would (pdftotext, pdfinfo). A new kind of document gets a line here.
import { SEED_RATING_TABLES } from "../../api/db/seed/catalogue";
import { DEFAULT_SETTINGS } from "../../api/db/seed/settings";
import type { PolicyView } from "../../api/db/policies.repo";
import type { DocumentContext } from "../../api/db/document-context.repo";
import { premiumComponents, rateQuote } from "../../api/domain/rating";
import { renderConditionsPdf } from "../../api/services/pdf-conditions";
import { renderIpidPdf } from "../../api/services/pdf-ipid";
import { renderQuotePdf } from "../../api/services/pdf-quote";
import { renderReceiptPdf } from "../../api/services/pdf-receipt";
import { renderReciboPdf } from "../../api/services/pdf-recibo";
import { renderWithdrawalPdf } from "../../api/services/pdf-withdrawal";
import { HOGAR } from "./quote-inputs";

export const DOCUMENT_CONTEXT: DocumentContext = {
  distributor: DEFAULT_SETTINGS.distributor,
  insurers: DEFAULT_SETTINGS.insurers,
  withdrawal: { days: 14, lines: ["hogar", "alquiler"] },
};

const NOW = new Date("2026-03-10T09:05:00Z");

function pricedHogar() {
  const result = rateQuote({ line: "hogar", inputs: HOGAR, startDate: "2026-03-10" }, SEED_RATING_TABLES, NOW);
  if (result.status !== "priced") throw new Error("The fixture's hogar quote should be priced");
  return result.plans;
}

/** A hogar policy in force, paid in two recibos, with one suplemento (version 2 of its conditions). */
export function hogarPolicy(): PolicyView {
  const plan = pricedHogar().find((p) => p.code === "completo") ?? pricedHogar()[0]!;
  const price = plan.prices.semestral;
  return {
    id: 7,
    number: "COT-2026-000007",
    line: "hogar",
    lineName: "Seguro de hogar",
    status: "en_vigor",
    plan: { code: plan.code, name: plan.name, deductibleCents: plan.deductibleCents },
    startDate: "2026-03-10",
    endDate: "2027-03-10",
    frequency: "semestral",
    createdAt: NOW,
    quoteId: null,
    userId: 3,
    clientId: 3,
    policyholder: {
      name: "Lucía Martín Pérez",
      nif: "12345678Z",
      email: "lucia.martin@example.com",
      phone: "+34 600 123 456",
      address: "Calle de la Paz 3, 2.º A",
      postalCode: "46001",
      city: "Valencia",
      birthDate: "1988-02-29",
    },
    risk: { ...HOGAR, riskAddress: { street: "Calle de la Paz 3", door: "2.º A", postalCode: "46001", city: "Valencia" } },
    insurer: DEFAULT_SETTINGS.insurers.hogar,
    guarantees: [
      ...plan.guarantees.map((g) => ({ ...g, kind: "incluida" as const, priceCents: null, since: null })),
      {
        code: "hogar_asistencia",
        name: "Asistencia en el hogar",
        description: "Fontanero, cerrajero y electricista urgentes.",
        limitText: null,
        kind: "opcional",
        priceCents: 3_500,
        since: "2026-05-01",
      },
    ],
    premium: { net: price.net, fractionation: price.fractionation, consorcio: price.consorcio, clea: price.clea, ips: price.ips, total: price.total },
    recibos: [
      { sequence: 1, kind: "prima", term: 1, dueDate: "2026-03-10", amount: price.recibos[0]!.amount, status: "cobrado", paidAt: NOW },
      { sequence: 2, kind: "prima", term: 1, dueDate: "2026-09-10", amount: price.recibos[1]!.amount, status: "pendiente", paidAt: null },
      { sequence: 3, kind: "suplemento", term: 1, dueDate: "2026-05-01", amount: 3_101, status: "cobrado", paidAt: new Date("2026-04-20T10:00:00Z") },
    ],
    payment: { method: "card", label: "•••• 4242" },
    withdrawal: { allowed: true, until: "2026-03-24" },
    term: 1,
    endorsements: [
      {
        id: 1,
        version: 2,
        term: 1,
        effectiveDate: "2026-05-01",
        guarantees: [
          {
            code: "hogar_asistencia",
            name: "Asistencia en el hogar",
            description: "Fontanero, cerrajero y electricista urgentes.",
            limitText: null,
            deductibleCents: 0,
            yearlyCents: 3_500,
            netCents: 3_001,
          },
        ],
        remainingDays: 313,
        termDays: 365,
        price: { net: 3_001, fractionation: 90, consorcio: 0, clea: 5, ips: 5, total: 3_101 },
        // The yearly premium from the suplemento on (ADR 023): the term's net plus 35,00 € a year.
        annualPremium: premiumComponents({
          netCents: price.net + 3_500,
          frequency: "semestral",
          consorcioCents: price.consorcio,
          settings: DEFAULT_SETTINGS,
        }),
        reciboSequence: 3,
        paymentMethod: "card",
        channel: "web",
        createdAt: new Date("2026-04-20T10:00:00Z"),
      },
    ],
  };
}

/** Each kind of document, rendered on demand (one of each, from the data above). */
export const DOCUMENTS = {
  quote: () =>
    renderQuotePdf(
      {
        id: "8f1c2d3e-0000-4000-8000-000000000001",
        line: "hogar",
        lineName: "Seguro de hogar",
        status: "cotizada",
        createdAt: NOW,
        validUntil: new Date("2026-03-25T09:05:00Z"),
        inputs: HOGAR,
        plans: pricedHogar(),
      },
      DOCUMENT_CONTEXT,
    ),
  ipid: () =>
    renderIpidPdf(
      {
        line: "hogar",
        lineName: "Seguro de hogar",
        lineDescription: "",
        plans: SEED_RATING_TABLES.plans.filter((p) => p.line === "hogar"),
        guarantees: SEED_RATING_TABLES.guarantees.filter((g) => g.line === "hogar"),
        fractionationBp: DEFAULT_SETTINGS.fractionation_surcharges_bp,
        tariffs: SEED_RATING_TABLES.tariffs.filter((t) => t.line === "hogar"),
      },
      DOCUMENT_CONTEXT,
    ),
  conditions: () => renderConditionsPdf(hogarPolicy(), DOCUMENT_CONTEXT),
  recibo: () => renderReciboPdf(hogarPolicy(), 1, DOCUMENT_CONTEXT),
  /** The recibo of the suplemento. */
  suplemento: () => renderReciboPdf(hogarPolicy(), 3, DOCUMENT_CONTEXT),
  withdrawal: () =>
    renderWithdrawalPdf(
      hogarPolicy(),
      { requestedAt: new Date("2026-03-20T11:00:00Z"), effectiveDate: "2026-03-21", refundCents: 21_345 },
      DOCUMENT_CONTEXT,
    ),
  /** The justificante de pago of recibo 1, paid with a return fee (ADR 031). */
  receipt: () =>
    renderReceiptPdf(
      hogarPolicy(),
      1,
      {
        paidAt: NOW,
        amountCents: hogarPolicy().recibos[0]!.amount + 300,
        feeCents: 300,
        means: "Tarjeta •••• 4242",
        reference: "test_card_0123456789abcdef",
      },
      DOCUMENT_CONTEXT,
    ),
} satisfies Record<string, () => Promise<Buffer>>;

export type DocumentKind = keyof typeof DOCUMENTS;
