import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDateTime, formatIsoDate, formatMoney } from "../../api/contract/format";
import { MovedCardSchema } from "../../api/contract/pipeline";
import { LeadDetailSchema } from "../../api/contract/pipeline-leads";
import {
  CALLBACK_SLOT_LABELS,
  LEAD_LOST_REASON_LABELS,
  LEAD_SOURCE_LABELS,
  LEAD_STAGE_LABELS,
  LINE_LABELS,
  QUOTE_STATUS_LABELS,
} from "../../api/contract/vocabulary";
import { DetailHeader } from "~/components/admin/detail-header";
import { HistorySection } from "~/components/admin/history-section";
import {
  LeadEditForm,
  LeadEditFormSchema,
  LeadMoveForm,
  LeadMoveFormSchema,
  LeadOwnerForm,
  LeadOwnerFormSchema,
  NO_OWNER,
} from "~/components/pipeline/lead-forms";
import { Badge } from "~/components/ui/badge";
import { Detail, DetailSection } from "~/components/ui/detail";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { replyFor, type StaffActionReply } from "~/lib/form-intent";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { readLeadOwners } from "~/lib/pipeline-board.server";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/** /admin/pipeline/{id}: one lead, its quotes and history; moving and editing it for whoever may. */
const ROUTE_ID = "routes/admin.pipeline.$id";
const leadPath = (id: number | string) => `/admin/pipeline/leads/${id}`;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: adminTitle(data?.lead.name ?? "Oportunidad", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, params, request }) => {
    const lead = await api.get(leadPath(positiveIdParam(params.id)), { schema: LeadDetailSchema, signal: request.signal });
    // The list of commercials only for whoever may reassign.
    return { lead, owners: lead.canReassign ? await readLeadOwners({ api, request }) : [] };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    return runStaffAction(form, {
      move: staffIntent(
        LeadMoveFormSchema,
        async (body) => {
          const moved = await api.post(`${leadPath(id)}/move`, { body, schema: MovedCardSchema });
          return redirectWithToast(`/admin/pipeline/${id}`, {
            type: "success",
            title: `Movida a ${LEAD_STAGE_LABELS[moved.stage as keyof typeof LEAD_STAGE_LABELS]}`,
          });
        },
        { confirm: false },
      ),
      edit: staffIntent(
        LeadEditFormSchema,
        async (body) => {
          await api.patch(leadPath(id), { body, schema: LeadDetailSchema });
          return redirectWithToast(`/admin/pipeline/${id}`, { type: "success", title: "Cambios guardados" });
        },
        { confirm: false },
      ),
      owner: staffIntent(
        LeadOwnerFormSchema,
        async ({ ownerId }) => {
          const lead = await api.patch(leadPath(id), { body: { ownerId: ownerId === NO_OWNER ? null : ownerId }, schema: LeadDetailSchema });
          return redirectWithToast(`/admin/pipeline/${id}`, {
            type: "success",
            title: lead.owner ? `Ahora la lleva ${lead.owner.name}` : "Sin comercial",
          });
        },
        { confirm: false },
      ),
    });
  });

export default function LeadPage() {
  const { lead, owners } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StaffActionReply | undefined;
  return (
    <article className="space-y-8">
      <DetailHeader
        back={{ to: "/admin/pipeline", label: "Embudo comercial" }}
        title={lead.name}
        badges={
          <>
            <Badge tone={lead.stage === "ganado" ? "success" : lead.stage === "perdido" ? "neutral" : "info"}>{LEAD_STAGE_LABELS[lead.stage]}</Badge>
            {lead.stale ? <Badge tone="warning">Parada</Badge> : null}
          </>
        }
        sections={[
          ["datos", "Datos"],
          ["cotizaciones", "Cotizaciones"],
          ...(lead.canEdit ? ([["trabajar", "Mover y editar"]] as const) : []),
          ["historial", "Historial"],
        ]}
        sectionsLabel="Secciones de la oportunidad"
      >
        <p className="text-slate-700">{LEAD_SOURCE_LABELS[lead.source]}</p>
      </DetailHeader>

      <DetailSection id="datos" title="Datos">
        <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Detail term="Correo">{lead.email ?? "—"}</Detail>
          <Detail term="Teléfono">{lead.phone ?? "—"}</Detail>
          <Detail term="Seguro">{lead.line ? LINE_LABELS[lead.line] : "Sin decidir"}</Detail>
          <Detail term="Prima anual esperada">{lead.premiumCents === null ? "—" : formatMoney(lead.premiumCents)}</Detail>
          <Detail term="Comercial">{lead.owner?.name ?? "Sin comercial"}</Detail>
          <Detail term="Próxima acción">
            {lead.nextAction ? `${lead.nextAction}${lead.nextActionOn ? ` (${formatIsoDate(lead.nextActionOn)})` : ""}` : "—"}
          </Detail>
          <Detail term="En la etapa desde">{formatDateTime(lead.stageSince)}</Detail>
          <Detail term="Última actividad">{formatDateTime(lead.lastActivityAt)}</Detail>
          {lead.callbackSlot ? (
            <Detail term="Quiere que le llamen">
              {CALLBACK_SLOT_LABELS[lead.callbackSlot]}
              {lead.callbackConsentAt ? ` (consentimiento del ${formatDateTime(lead.callbackConsentAt)})` : ""}
            </Detail>
          ) : null}
          {lead.lostReason ? <Detail term="Motivo de la pérdida">{LEAD_LOST_REASON_LABELS[lead.lostReason]}</Detail> : null}
          {lead.wonPolicy ? (
            <Detail term="Póliza">
              <Link to={`/admin/policies/${lead.wonPolicy.id}`}>{lead.wonPolicy.number}</Link>
            </Detail>
          ) : null}
          {lead.notes ? <Detail term="Notas">{lead.notes}</Detail> : null}
        </dl>
      </DetailSection>

      <DetailSection id="cotizaciones" title="Cotizaciones">
        {lead.quotes.length === 0 ? (
          <p className="mt-2 text-slate-700">Ninguna cotización todavía.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {lead.quotes.map((q) => (
              // No link: a quote has no page of its own in the back office (the list shows them all).
              <li key={q.id}>
                {`${LINE_LABELS[q.line]} del ${formatDateTime(q.createdAt)}: ${QUOTE_STATUS_LABELS[q.status]}${q.bestPriceCents === null ? "" : `, desde ${formatMoney(q.bestPriceCents)} al año`}`}
              </li>
            ))}
          </ul>
        )}
      </DetailSection>

      {lead.canEdit ? (
        <DetailSection id="trabajar" title="Mover y editar">
          <div className="grid gap-8 lg:grid-cols-2">
            <LeadMoveForm stage={lead.stage} lastResult={replyFor(reply, "move")?.result} />
            <LeadEditForm lead={lead} lastResult={replyFor(reply, "edit")?.result} />
            {lead.canReassign ? (
              <LeadOwnerForm owners={owners} ownerId={lead.owner?.id ?? null} lastResult={replyFor(reply, "owner")?.result} />
            ) : null}
          </div>
        </DetailSection>
      ) : null}

      <HistorySection
        caption="Historial de la oportunidad"
        empty="Sin cambios registrados."
        entries={lead.history.map((h, i) => ({ key: i, at: h.at, label: h.label, actor: h.actor, after: h.after }))}
      />
    </article>
  );
}
