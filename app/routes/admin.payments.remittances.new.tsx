import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  RemittanceConfirmFormSchema,
  RemittanceDetailSchema,
  RemittancePreviewSchema,
  RemittanceSelectionFormSchema,
  type RemittancePreview,
  type RemittanceSelection,
} from "../../api/contract/remittances";
import { formatIsoDate, formatMoney } from "../../api/contract/format";
import { LINE_LABELS, LINES } from "../../api/contract/vocabulary";
import { BackLink } from "~/components/ui/back-link";
import { ErrorSummary, FormErrorsAlert } from "~/components/ui/error-summary";
import { DateField, Field, SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { INTENT_FIELD } from "~/lib/form-intent";
import { adminTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /admin/payments/remittances/new (ADR 029): the selection (collection date and the list's
 * filters), its preview ("Se va a generar una remesa de N recibos por X €…") with a request key
 * made for it, then the confirmation. Both steps are plain POSTs: it works without JavaScript, and a
 * second click or a resent form carries the same key, so it makes one remittance.
 */
const ROUTE_ID = "routes/admin.payments.remittances.new";
const SELECTION_FIELDS = ["collectionDate", "dueFrom", "dueTo", "line", "q", "status", "amountMin", "amountMax"] as const;
const CONFIRM_ID = "confirmar-remesa";

type Reply =
  | {
      intent: "preview";
      result?: SubmissionResult<string[]>;
      preview?: RemittancePreview;
      selection?: RemittanceSelection;
      values?: Record<string, string>;
    }
  | { intent: "generate"; result: SubmissionResult<string[]> };

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Nueva remesa SEPA", matches) }];

/** "Generar remesa" from /admin/payments brings the list's filters: the form starts from them. */
const LIST_FILTERS = ["dueFrom", "dueTo", "line", "q", "status", "amountMin", "amountMax"] as const;

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ request }) => {
    const params = new URL(request.url).searchParams;
    const defaults: Record<string, string> = { status: "todos" };
    for (const name of LIST_FILTERS) {
      const value = params.get(name)?.slice(0, 40);
      if (value && (name !== "status" || value === "pendiente" || value === "devuelto")) defaults[name] = value;
    }
    return { defaults };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form }): Promise<Reply | Response> => {
    if (form.formData.get(INTENT_FIELD) === "generate") {
      const body = form.parse(RemittanceConfirmFormSchema, { wrap: (result) => ({ intent: "generate", result }), fields: [] });
      const made = await api.post("/admin/payments/remittances", { body, schema: RemittanceDetailSchema });
      return redirectWithToast(`/admin/payments/remittances/${made.id}`, {
        type: "success",
        title: `Remesa ${made.id} generada`,
        description: `${made.count} recibos por ${formatMoney(made.totalCents)} con fecha de cobro ${formatIsoDate(made.collectionDate)}. Descarga el fichero y envíalo al banco.`,
      });
    }
    const selection = form.parse(RemittanceSelectionFormSchema, { wrap: (result) => ({ intent: "preview", result }), fields: ["collectionDate"] });
    const preview = await api.post("/admin/payments/remittances/preview", { body: selection, schema: RemittancePreviewSchema });
    const values = Object.fromEntries(SELECTION_FIELDS.map((name) => [name, String(form.formData.get(name) ?? "")]));
    return { intent: "preview", preview, selection, values };
  });

export default function NewRemittancePage() {
  const { defaults } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const previewReply = reply?.intent === "preview" ? reply : undefined;
  const [form, fields] = useZodForm({
    id: "seleccion-remesa",
    schema: RemittanceSelectionFormSchema,
    lastResult: previewReply?.result,
    defaultValue: previewReply?.values ?? defaults,
  });
  const preview = previewReply?.preview;
  return (
    <div className="max-w-3xl space-y-6">
      <BackLink to="/admin/payments/remittances">Remesas SEPA</BackLink>
      <h1 className="text-2xl font-bold tracking-tight">Nueva remesa SEPA</h1>
      <p className="text-slate-700">
        Entran los recibos domiciliados pendientes o devueltos que vencen hasta la fecha de cobro, de pólizas en vigor o suspendidas con mandato
        activo. La fecha de cobro debe ser un día hábil a partir de mañana.
      </p>
      {reply?.intent === "generate" ? <FormErrorsAlert id={CONFIRM_ID} lastResult={reply.result} /> : null}
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <ErrorSummary form={form} fields={SELECTION_FIELDS.map((name) => fields[name])} />
        <DateField label="Fecha de cobro" meta={fields.collectionDate} example="15/06/2026" />
        <DateField label="Vencimiento desde (opcional)" meta={fields.dueFrom} example="01/06/2026" />
        <DateField label="Vencimiento hasta (opcional)" hint="Nunca después de la fecha de cobro." meta={fields.dueTo} example="15/06/2026" />
        <SelectField
          label="Ramo (opcional)"
          meta={fields.line}
          width="sm"
          placeholder="Todos los ramos"
          options={LINES.map((value) => ({ value, label: LINE_LABELS[value] }))}
        />
        <Field label="Póliza (opcional)" hint="Su número o su comienzo (COT-…)." meta={fields.q} width="sm" />
        <SelectField
          label="Estado de los recibos"
          meta={fields.status}
          width="sm"
          options={[
            { value: "todos", label: "Pendientes y devueltos" },
            { value: "pendiente", label: "Solo pendientes" },
            { value: "devuelto", label: "Solo devueltos (volver a presentarlos)" },
          ]}
        />
        <Field label="Importe mínimo en euros (opcional)" meta={fields.amountMin} width="xs" inputProps={{ inputMode: "decimal" }} />
        <Field label="Importe máximo en euros (opcional)" meta={fields.amountMax} width="xs" inputProps={{ inputMode: "decimal" }} />
        <div className="mt-6">
          <SubmitButton intent="preview" pendingText="Calculando…" variant={preview ? "secondary" : "primary"}>
            Ver la remesa
          </SubmitButton>
        </div>
      </Form>
      {preview && previewReply?.selection ? (
        <section aria-labelledby="vista-previa-titulo" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="vista-previa-titulo" className="text-xl font-semibold">
            Vista previa
          </h2>
          {preview.count === 0 ? (
            <p role="status" className="mt-2">
              No hay recibos SEPA que remesar con esa selección: cambia los filtros o la fecha de cobro.
            </p>
          ) : (
            <Form method="post" id={CONFIRM_ID} className="mt-2">
              <AuthenticityTokenInput />
              <p role="status">
                {`Se va a generar una remesa de ${preview.count} ${preview.count === 1 ? "recibo" : "recibos"} por ${formatMoney(preview.totalCents)} con fecha de cobro ${formatIsoDate(preview.collectionDate)}.`}
              </p>
              <input type="hidden" name="selection" value={JSON.stringify(previewReply.selection)} />
              <input type="hidden" name="requestKey" value={preview.requestKey} />
              <input type="hidden" name="expectedCount" value={preview.count} />
              <input type="hidden" name="expectedTotalCents" value={preview.totalCents} />
              <div className="mt-4">
                <SubmitButton intent="generate" pendingText="Generando…">
                  Generar la remesa
                </SubmitButton>
              </div>
            </Form>
          )}
        </section>
      ) : null}
    </div>
  );
}
