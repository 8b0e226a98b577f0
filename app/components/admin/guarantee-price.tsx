import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  describeGuaranteePrice,
  GUARANTEE_PRICE_TYPE_LABELS,
  GUARANTEE_PRICE_TYPES,
  GuaranteePriceFormSchema,
  type GuaranteeAuditEntry,
  type GuaranteeDetail,
} from "../../../api/contract/guarantees";
import { formatDate, formatDateTime } from "../../../api/contract/format";
import { PRICE_STATUS_LABELS, PRICE_STATUS_TONES } from "../../../api/contract/vocabulary";
import type { HistoryEntry } from "~/components/admin/history-section";
import type { Column } from "~/components/list/data-table";
import { Badge } from "~/components/ui/badge";
import { ErrorSummary } from "~/components/ui/error-summary";
import { DateField, Field } from "~/components/ui/field";
import { RadioGroup } from "~/components/ui/radio-group";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";

// A guarantee's price in the back office: the type and amount fields (the new guarantee's form and
// a new price), its price history, the form that schedules a new price, and its audit entries as
// rows of the HistorySection.

export const PRICE_TYPE_OPTIONS = GUARANTEE_PRICE_TYPES.map((value) => ({ value, label: GUARANTEE_PRICE_TYPE_LABELS[value] }));

/** The price's type (fixed or a percentage) and its amount. */
export function GuaranteePriceFields({
  fields,
  legend,
  hint = "",
}: {
  fields: { priceType: FieldMetadata<unknown>; price: FieldMetadata<unknown> };
  legend: string;
  /** Said after how the amount is written. */
  hint?: string;
}) {
  return (
    <>
      <RadioGroup meta={fields.priceType as never} legend={legend} options={PRICE_TYPE_OPTIONS} />
      <Field
        label="Importe"
        hint={`En euros al año (por ejemplo, 25,50) o en porcentaje de la prima neta (por ejemplo, 12,5; como mucho 100).${hint}`}
        meta={fields.price as never}
        width="xs"
        inputProps={{ autoComplete: "off", inputMode: "decimal" }}
      />
    </>
  );
}

export const PRICE_COLUMNS: Column<GuaranteeDetail["prices"][number]>[] = [
  { id: "version", header: "Versión", rowHeader: true, cell: (p) => `v${p.version}` },
  { id: "type", header: "Tipo", cell: (p) => GUARANTEE_PRICE_TYPE_LABELS[p.priceType] },
  { id: "amount", header: "Importe", align: "end", className: "whitespace-nowrap", cell: (p) => describeGuaranteePrice(p.priceType, p.priceValue) },
  {
    id: "validFrom",
    header: "En vigor desde",
    className: "whitespace-nowrap",
    cell: (p) => <time dateTime={p.validFrom}>{formatDate(p.validFrom)}</time>,
  },
  { id: "status", header: "Estado", cell: (p) => <Badge tone={PRICE_STATUS_TONES[p.status]}>{PRICE_STATUS_LABELS[p.status]}</Badge> },
  { id: "createdBy", header: "Cambiado por", className: "break-all", cell: (p) => p.createdBy ?? "Carga inicial" },
  {
    id: "createdAt",
    header: "Cuándo",
    className: "whitespace-nowrap",
    cell: (p) => <time dateTime={p.createdAt}>{formatDateTime(p.createdAt)}</time>,
  },
];

export function PriceForm({ today, lastResult }: { today: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useZodForm({
    id: "nuevo-precio",
    schema: GuaranteePriceFormSchema,
    lastResult,
    defaultValue: { priceType: "fixed", validFrom: formatDate(today) },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 max-w-xl rounded-md border border-slate-300 bg-white p-4">
      <h3 className="text-lg font-bold">Nuevo precio</h3>
      <p className="mt-1 text-slate-700">
        Se aplica a las cotizaciones que se hagan desde su fecha de efecto (hoy o más adelante). Las ya hechas no cambian.
      </p>
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={[fields.priceType, fields.price, fields.validFrom]} />
      <GuaranteePriceFields fields={fields} legend="Tipo de precio" />
      <DateField label="Fecha de efecto" hint={`Desde hoy, ${formatDate(today)}.`} example={formatDate(today)} meta={fields.validFrom} />
      <SubmitButton intent="price" pendingText="Programando…" className="mt-6">
        Programar precio
      </SubmitButton>
    </Form>
  );
}

/** The guarantee's audit entries as rows of the HistorySection. */
export function guaranteeHistoryEntries(history: GuaranteeAuditEntry[]): HistoryEntry[] {
  return history.map((entry, index) => ({
    key: index,
    at: entry.at,
    label: entry.label,
    summary: describeChanges(entry),
    actor: entry.actorLabel,
    before: entry.before,
    after: entry.after,
  }));
}

function describeChanges(entry: GuaranteeAuditEntry): string | null {
  const after = entry.after as Record<string, unknown> | undefined;
  if (!after || typeof after !== "object") return null;
  if (entry.action === "guarantee.price_changed" && typeof after.priceValue === "number") {
    return `v${String(after.version)}: ${describeGuaranteePrice(after.priceType === "percent" ? "percent" : "fixed", after.priceValue)} desde el ${formatDate(String(after.validFrom))}`;
  }
  if (entry.action === "guarantee.updated")
    return `Cambió: ${Object.keys(after)
      .map((k) => FIELD_LABELS[k] ?? k)
      .join(", ")}`;
  return null;
}

const FIELD_LABELS: Record<string, string> = {
  name: "nombre",
  description: "descripción",
  hint: "ayuda",
  includedIn: "planes que la incluyen",
  optionalIn: "planes que la ofrecen",
  limitText: "límite (texto)",
  limitCents: "límite (importe)",
  deductibleCents: "franquicia",
  waitingDays: "carencia",
};
