import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  GUARANTEE_PRICE_TYPE_LABELS,
  GuaranteeDetailSchema,
  GuaranteePriceFormSchema,
  type GuaranteeAuditEntry,
  type GuaranteeDetail,
} from "../../api/contract/guarantees";
import { hasPermission } from "../../api/contract/permissions";
import { LINE_LABELS, PRICE_STATUS_LABELS, PRICE_STATUS_TONES } from "../../api/contract/vocabulary";
import { DataTable, type Column } from "~/components/list/data-table";
import { BackLink } from "~/components/ui/back-link";
import { Badge } from "~/components/ui/badge";
import { ConfirmAction, ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { Detail, DetailSection } from "~/components/ui/detail";
import { ErrorSummary, FormErrorsAlert } from "~/components/ui/error-summary";
import { DateField, Field } from "~/components/ui/field";
import { RadioGroup } from "~/components/ui/radio-group";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminAction, adminLoader, type IntentReply } from "~/lib/admin-route.server";
import { formatDate, formatDateTime, formatMoney, isoDateTime } from "../../api/contract/format";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";
import { PRICE_TYPE_OPTIONS } from "./__admin.guarantee-form";
import { needsConfirmation } from "~/lib/form-intent";
import { describeGuaranteePrice } from "../../api/contract/guarantees";

/** /admin/guarantees/{id}: one guarantee, its plans, its price history with a new price, (de)activation and its audit. */
const ROUTE_ID = "routes/admin.guarantees.$id._index";
const guaranteePath = (id: number | string) => `/admin/guarantees/${id}`;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: adminTitle(data?.guarantee.name ?? "Garantía", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api, params, request }) => {
    const id = positiveIdParam(params.id);
    const guarantee = await api.get(guaranteePath(id), { schema: GuaranteeDetailSchema, signal: request.signal });
    return { guarantee, canWrite: hasPermission(admin.role.permissions, "guarantees:write") };
  });

const INTENTS = ["price", "deactivate", "activate"] as const;
type Intent = (typeof INTENTS)[number];
type ActionData = IntentReply<Intent>;

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    const { intent, wrap } = form.intent(INTENTS);
    if (intent === "price") {
      const body = form.parse(GuaranteePriceFormSchema, { wrap, fields: ["priceType", "validFrom"] });
      const updated = await api.post(`${guaranteePath(id)}/prices`, { body, schema: GuaranteeDetailSchema });
      const scheduled = updated.prices[0]!;
      return redirectWithToast(`${guaranteePath(id)}#precios`, {
        type: "success",
        title: "Precio programado",
        description: `${describeGuaranteePrice(scheduled.priceType, scheduled.priceValue)} desde el ${formatDate(scheduled.validFrom)}.`,
      });
    }
    // Without JavaScript the first press only asks (see ~/components/ui/confirm-dialog.tsx).
    if (needsConfirmation(form.formData)) return { intent, confirm: true } satisfies ActionData;
    form.expectNoFields({ wrap });
    const updated = await api.post(`${guaranteePath(id)}/${intent}`, { schema: GuaranteeDetailSchema });
    return redirectWithToast(guaranteePath(id), {
      type: "success",
      title: updated.active ? "Garantía activada" : "Garantía desactivada",
      description: updated.active
        ? "Se ofrece de nuevo en las cotizaciones nuevas."
        : "Ya no se ofrece en las cotizaciones nuevas; las pólizas que la llevan la conservan.",
    });
  });

function deactivateCopy(g: GuaranteeDetail): ConfirmCopy {
  return {
    title: `¿Desactivar «${g.name}»?`,
    description:
      // prettier-ignore
      <>
        Dejará de ofrecerse en las cotizaciones nuevas. {g.livePolicies > 0
          ? `La llevan ${g.livePolicies} pólizas vivas: la conservan, también en sus documentos.`
          : "Ninguna póliza viva la lleva."} Las garantías no se borran: puedes volver a activarla.
      </>,
    confirmLabel: "Sí, desactivar",
    pendingText: "Desactivando…",
    variant: "danger",
  };
}

const ACTIVATE_COPY: ConfirmCopy = {
  title: "¿Activar la garantía?",
  description: "Volverá a ofrecerse en las cotizaciones nuevas, en los planes y al precio que tiene ahora.",
  confirmLabel: "Sí, activar",
  pendingText: "Activando…",
  variant: "primary",
};

const SECTIONS = [
  ["datos", "Datos"],
  ["precios", "Precios"],
  ["historial", "Historial"],
] as const;

export default function GuaranteePage() {
  const { guarantee: g, canWrite } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const toggleIntent = g.active ? "deactivate" : "activate";
  const toggleCopy = g.active ? deactivateCopy(g) : ACTIVATE_COPY;

  return (
    <div className="space-y-8">
      <BackLink to="/admin/guarantees">Garantías</BackLink>
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight">{g.name}</h1>
          <Badge tone={g.active ? "success" : "neutral"}>{g.active ? "Activa" : "Inactiva"}</Badge>
        </div>
        <p className="text-slate-700">
          {LINE_LABELS[g.line]} · <span className="font-mono">{g.code}</span>
          {g.active ? null : " · No se ofrece en las cotizaciones nuevas; las pólizas que la llevan la conservan."}
        </p>
        {canWrite ? (
          <div className="flex flex-wrap items-start gap-3">
            <Link to={`${guaranteePath(g.id)}/edit`} className="btn-primary">
              Editar datos
            </Link>
            <div>
              <FormErrorsAlert
                id="activar-desactivar"
                lastResult={actionData?.intent === toggleIntent ? actionData.result : undefined}
                className="mb-3"
              />
              <ConfirmAction
                intent={toggleIntent}
                triggerLabel={g.active ? "Desactivar garantía" : "Activar garantía"}
                copy={toggleCopy}
                triggerVariant={g.active ? "danger" : "secondary"}
              />
            </div>
          </div>
        ) : (
          <p className="text-slate-700">Puedes ver esta garantía, pero no cambiarla: tu rol no incluye gestionar garantías.</p>
        )}
        <nav aria-label="Secciones de la garantía">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {SECTIONS.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      {actionData?.confirm && actionData.intent === toggleIntent ? <ConfirmStep intent={toggleIntent} copy={toggleCopy} /> : null}

      <DetailSection id="datos" title="Datos">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <Detail term="Descripción para el cliente">{g.description}</Detail>
          <Detail term="Ayuda">{g.hint ?? "—"}</Detail>
          <Detail term="Incluida en">{g.includedIn.length ? g.includedIn.map((p) => p.name).join(", ") : "Ningún plan"}</Detail>
          <Detail term="Opcional en">{g.optionalIn.length ? g.optionalIn.map((p) => p.name).join(", ") : "Ningún plan"}</Detail>
          <Detail term="Límite">{[g.limitCents !== null ? formatMoney(g.limitCents) : null, g.limitText].filter(Boolean).join(" · ") || "—"}</Detail>
          <Detail term="Franquicia">{g.deductibleCents ? formatMoney(g.deductibleCents) : "Sin franquicia"}</Detail>
          <Detail term="Pólizas vivas que la llevan">{g.livePolicies}</Detail>
          <Detail term="Creada">
            <time dateTime={isoDateTime(g.createdAt)}>{formatDateTime(g.createdAt)}</time>
          </Detail>
          <Detail term="Última modificación">
            <time dateTime={isoDateTime(g.updatedAt)}>{formatDateTime(g.updatedAt)}</time>
          </Detail>
        </dl>
      </DetailSection>

      <DetailSection id="precios" title="Precios">
        <p className="mb-3">
          Precio como opcional hoy: <strong>{describeGuaranteePrice(g.price.priceType, g.price.priceValue)}</strong>
          {g.nextPrice ? (
            // prettier-ignore
            <>
              . Programado: <strong>{describeGuaranteePrice(g.nextPrice.priceType, g.nextPrice.priceValue)}</strong> desde el {formatDate(g.nextPrice.validFrom)}
            </>
          ) : null}
          . Cada cotización conserva el precio con el que se hizo.
        </p>
        <DataTable caption="Historial de precios" columns={PRICE_COLUMNS} rows={g.prices} rowKey={(p) => p.version} empty={<p>Sin precios.</p>} />
        {canWrite ? (
          <PriceForm key={g.prices.length} today={g.today} lastResult={actionData?.intent === "price" ? actionData.result : undefined} />
        ) : null}
      </DetailSection>

      <DetailSection id="historial" title="Historial de cambios">
        {g.history.length === 0 ? (
          <p className="text-slate-700">No hay cambios registrados.</p>
        ) : (
          <ol className="space-y-3">
            {g.history.map((entry, index) => (
              <HistoryItem key={index} entry={entry} />
            ))}
          </ol>
        )}
      </DetailSection>
    </div>
  );
}

const PRICE_COLUMNS: Column<GuaranteeDetail["prices"][number]>[] = [
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

function PriceForm({ today, lastResult }: { today: string; lastResult: SubmissionResult<string[]> | undefined }) {
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
      <RadioGroup meta={fields.priceType as never} legend="Tipo de precio" options={PRICE_TYPE_OPTIONS} />
      <Field
        label="Importe"
        hint="En euros al año (por ejemplo, 25,50) o en porcentaje de la prima neta (por ejemplo, 12,5; como mucho 100)."
        meta={fields.price}
        width="xs"
        inputProps={{ autoComplete: "off", inputMode: "decimal" }}
      />
      <DateField label="Fecha de efecto" hint={`Desde hoy, ${formatDate(today)}.`} example={formatDate(today)} meta={fields.validFrom} />
      <SubmitButton intent="price" pendingText="Programando…" className="mt-6">
        Programar precio
      </SubmitButton>
    </Form>
  );
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
};

function HistoryItem({ entry }: { entry: GuaranteeAuditEntry }) {
  const summary = describeChanges(entry);
  const changes = entry.before != null || entry.after != null;
  return (
    <li className="border-l-4 border-slate-300 pl-3">
      <p>
        <time dateTime={entry.at} className="tabular-nums text-slate-700">
          {formatDateTime(entry.at)}
        </time>{" "}
        <strong>{entry.label}</strong>
        {entry.actorLabel ? <span className="text-slate-700"> · {entry.actorLabel}</span> : null}
      </p>
      {summary ? <p className="text-slate-700">{summary}</p> : null}
      {changes ? (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-brand-700">Ver antes y después</summary>
          <dl className="mt-1 grid gap-x-3 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">Antes</dt>
            <dd className="break-all font-mono text-xs">{entry.before == null ? "—" : JSON.stringify(entry.before)}</dd>
            <dt className="font-semibold">Después</dt>
            <dd className="break-all font-mono text-xs">{entry.after == null ? "—" : JSON.stringify(entry.after)}</dd>
          </dl>
        </details>
      ) : null}
    </li>
  );
}
