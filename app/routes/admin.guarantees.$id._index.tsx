import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { describeGuaranteePrice, GuaranteeDetailSchema, GuaranteePriceFormSchema, type GuaranteeDetail } from "../../api/contract/guarantees";
import { hasPermission } from "../../api/contract/permissions";
import { LINE_LABELS } from "../../api/contract/vocabulary";
import { guaranteeHistoryEntries, PRICE_COLUMNS, PriceForm } from "~/components/admin/guarantee-price";
import { DetailHeader } from "~/components/admin/detail-header";
import { HistorySection } from "~/components/admin/history-section";
import { DataTable } from "~/components/list/data-table";
import { Badge } from "~/components/ui/badge";
import { ConfirmAction, ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { Detail, DetailSection } from "~/components/ui/detail";
import { FormErrorsAlert } from "~/components/ui/error-summary";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { formatDate, formatDateTime, formatMoney, isoDateTime } from "../../api/contract/format";
import { replyFor, type StaffActionReply } from "~/lib/form-intent";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";

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

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    // Without JavaScript the first press only asks (see ~/components/ui/confirm-dialog.tsx).
    const toggle = (path: "activate" | "deactivate") =>
      staffIntent(z.object({}), async () => {
        const updated = await api.post(`${guaranteePath(id)}/${path}`, { schema: GuaranteeDetailSchema });
        return redirectWithToast(guaranteePath(id), {
          type: "success",
          title: updated.active ? "Garantía activada" : "Garantía desactivada",
          description: updated.active
            ? "Se ofrece de nuevo en las cotizaciones nuevas."
            : "Ya no se ofrece en las cotizaciones nuevas; las pólizas que la llevan la conservan.",
        });
      });
    return runStaffAction(form, {
      price: staffIntent(
        GuaranteePriceFormSchema,
        async (body) => {
          const updated = await api.post(`${guaranteePath(id)}/prices`, { body, schema: GuaranteeDetailSchema });
          const scheduled = updated.prices[0]!;
          return redirectWithToast(`${guaranteePath(id)}#precios`, {
            type: "success",
            title: "Precio programado",
            description: `${describeGuaranteePrice(scheduled.priceType, scheduled.priceValue)} desde el ${formatDate(scheduled.validFrom)}.`,
          });
        },
        { confirm: false, fields: ["priceType", "validFrom"] },
      ),
      deactivate: toggle("deactivate"),
      activate: toggle("activate"),
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
  const reply = useActionData<typeof action>() as StaffActionReply | undefined;
  const toggleIntent = g.active ? "deactivate" : "activate";
  const toggleCopy = g.active ? deactivateCopy(g) : ACTIVATE_COPY;

  return (
    <div className="space-y-8">
      <DetailHeader
        back={{ to: "/admin/guarantees", label: "Garantías" }}
        title={g.name}
        badges={<Badge tone={g.active ? "success" : "neutral"}>{g.active ? "Activa" : "Inactiva"}</Badge>}
        sections={SECTIONS}
        sectionsLabel="Secciones de la garantía"
      >
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
              <FormErrorsAlert id="activar-desactivar" lastResult={replyFor(reply, toggleIntent)?.result} className="mb-3" />
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
      </DetailHeader>

      {reply?.confirm && reply.intent === toggleIntent ? <ConfirmStep intent={toggleIntent} copy={toggleCopy} /> : null}

      <DetailSection id="datos" title="Datos">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <Detail term="Descripción para el cliente">{g.description}</Detail>
          <Detail term="Ayuda">{g.hint ?? "—"}</Detail>
          <Detail term="Incluida en">{g.includedIn.length ? g.includedIn.map((p) => p.name).join(", ") : "Ningún plan"}</Detail>
          <Detail term="Opcional en">{g.optionalIn.length ? g.optionalIn.map((p) => p.name).join(", ") : "Ningún plan"}</Detail>
          <Detail term="Límite">{[g.limitCents !== null ? formatMoney(g.limitCents) : null, g.limitText].filter(Boolean).join(" · ") || "—"}</Detail>
          <Detail term="Franquicia">{g.deductibleCents ? formatMoney(g.deductibleCents) : "Sin franquicia"}</Detail>
          <Detail term="Carencia">{g.waitingDays ? `${g.waitingDays} ${g.waitingDays === 1 ? "día" : "días"}` : "Sin carencia"}</Detail>
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
        {canWrite ? <PriceForm key={g.prices.length} today={g.today} lastResult={replyFor(reply, "price")?.result} /> : null}
      </DetailSection>

      <HistorySection
        title="Historial de cambios"
        caption="Historial de cambios de la garantía"
        entries={guaranteeHistoryEntries(g.history)}
        empty="No hay cambios registrados."
      />
    </div>
  );
}
