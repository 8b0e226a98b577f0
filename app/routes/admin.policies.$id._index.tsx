import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import {
  AdminPolicySchema,
  NoteBodySchema,
  StopRenewalBodySchema,
  SuspendPolicyBodySchema,
  type AdminPolicy,
  type AdminPolicyAction,
} from "../../api/contract/admin-policies";
import { formatDate, formatDateTime, formatMoney } from "../../api/contract/format";
import { HistorySection } from "~/components/admin/history-section";
import { NotesSection } from "~/components/admin/notes-section";
import { AdminPolicyHeader, adminPolicyPath, adminPolicyPaymentsPath } from "~/components/policy/admin-policy-header";
import { InsurerInfo } from "~/components/policy/insurer-info";
import { LifecycleFacts } from "~/components/policy/lifecycle-facts";
import { CancelForm, confirmCopy, NoFields, PolicyActionsSection } from "~/components/policy/policy-actions";
import { Fact } from "~/components/policy/policy-facts";
import { PolicyGuarantees } from "~/components/policy/policy-guarantees";
import { policyHistoryEntries } from "~/components/policy/policy-history";
import { PolicyRiskFacts } from "~/components/policy/policy-risk";
import { ReciboTable } from "~/components/policy/recibo-table";
import { ConfirmStep } from "~/components/ui/confirm-dialog";
import { DetailSection } from "~/components/ui/detail";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { loadAdminPolicy } from "~/lib/admin-policies.server";
import { loadEntityDocuments } from "~/lib/document-upload.server";
import { EntityDocumentsPanel } from "~/components/document/entity-documents";
import { adminDocumentPaths, documentPaths } from "~/lib/document-paths";
import { replyFor, type StaffActionReply } from "~/lib/form-intent";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /admin/policies/{id}: one policy as staff see it: the actions its state allows now (each asks
 * first), its lifecycle, risk, guarantees, recibos in short, history and internal notes.
 */
const ROUTE_ID = "routes/admin.policies.$id._index";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data ? `Póliza ${data.data.policy.number}` : "Póliza", matches) },
];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (context) => {
    const [policy, stored] = await Promise.all([loadAdminPolicy(context, ROUTE_ID), loadEntityDocuments(context, "policies")]);
    return { ...policy, stored };
  });

type Intent = AdminPolicyAction | "note";

/** What each action says once done, from the policy as the API answers it afterwards. */
const DONE: Record<Intent, { title: string; detail?: (p: AdminPolicy) => string }> = {
  suspend: {
    title: "Cobertura suspendida",
    detail: () => "La póliza queda suspendida hasta que se rehabilite. El historial dice si se ha avisado al cliente por correo.",
  },
  reactivate: {
    title: "Póliza rehabilitada",
    detail: (p) =>
      p.lifecycle.coverResumesAt ? `La cobertura se reanuda el ${formatDateTime(p.lifecycle.coverResumesAt)}.` : "La póliza vuelve a estar en vigor.",
  },
  cancel: {
    title: "Póliza anulada",
    detail: (p) =>
      p.lifecycle.cancellation
        ? `Con efecto ${formatDate(p.lifecycle.cancellation.effectiveDate)}; sus recibos pendientes quedan anulados. El historial dice si se ha avisado al cliente por correo.`
        : "",
  },
  "stop-renewal": { title: "Renovación detenida", detail: (p) => `La póliza vencerá el ${formatDate(p.policy.endDate)}.` },
  renew: {
    title: "Renovación preparada",
    detail: (p) =>
      p.lifecycle.renewalOffer
        ? `Nueva anualidad del ${formatDate(p.lifecycle.renewalOffer.startDate)} al ${formatDate(p.lifecycle.renewalOffer.endDate)}, prima total ${formatMoney(p.lifecycle.renewalOffer.totalPremiumCents)}. Se ha enviado el aviso al cliente.`
        : "",
  },
  note: { title: "Nota añadida" },
};

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    const act = <S extends z.AnyZodObject>(intent: Intent, schema: S, options?: { confirm?: boolean }) =>
      staffIntent(
        schema,
        async (values) => {
          const path = intent === "note" ? "notes" : intent;
          const policy = await api.post(`/admin/policies/${id}/${path}`, { body: values, schema: AdminPolicySchema });
          return redirectWithToast(adminPolicyPath(id), {
            type: "success",
            title: DONE[intent].title,
            description: DONE[intent].detail?.(policy) || undefined,
          });
        },
        options,
      );
    return runStaffAction(form, {
      suspend: act("suspend", SuspendPolicyBodySchema),
      reactivate: act("reactivate", NoFields),
      cancel: act("cancel", CancelForm),
      "stop-renewal": act("stop-renewal", StopRenewalBodySchema),
      renew: act("renew", NoFields),
      note: act("note", NoteBodySchema, { confirm: false }),
    });
  });

export default function AdminPolicyPage() {
  const { data, canWrite, canReadPayments, canReadDocuments, stored } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StaffActionReply | undefined;
  const { policy } = data;
  const confirming = reply?.confirm && reply.intent !== "note" && data.actions.includes(reply.intent as AdminPolicyAction) ? reply : null;

  // Staff open a policy to read it: the summary first (situation, holder, risk, guarantees,
  // recibos), then the actions, each closed until asked for. The step that confirms an action
  // without JavaScript stays at the top: it is what the person is doing now, and takes focus.
  return (
    <div className="space-y-8">
      <AdminPolicyHeader data={data} payments={canReadPayments}>
        {canWrite && data.actions.length > 0 ? (
          <p>
            <a href="#acciones">Ir a las acciones</a>
          </p>
        ) : null}
      </AdminPolicyHeader>

      {canWrite && confirming ? (
        <ConfirmStep
          intent={confirming.intent}
          copy={confirmCopy(confirming.intent as AdminPolicyAction, policy.number, confirming.confirm)}
          fields={confirming.confirm}
        />
      ) : null}

      <DetailSection id="situacion" title="Situación">
        <LifecycleFacts data={data} />
      </DetailSection>

      <DetailSection id="tomador" title="Tomador">
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          <Fact term="Nombre">{policy.policyholder.name}</Fact>
          <Fact term="NIF/NIE">{policy.policyholder.nif ?? "—"}</Fact>
          <Fact term="Correo electrónico">
            <span className="break-all">{policy.policyholder.email ?? "—"}</span>
          </Fact>
          <Fact term="Teléfono">{policy.policyholder.phone ?? "—"}</Fact>
          <Fact term="Dirección">
            {[policy.policyholder.address, [policy.policyholder.postalCode, policy.policyholder.city].filter(Boolean).join(" ")]
              .filter(Boolean)
              .join(", ") || "—"}
          </Fact>
        </dl>
      </DetailSection>

      <DetailSection id="riesgo" title="Riesgo asegurado">
        <PolicyRiskFacts policy={policy} />
        {policy.insurer ? (
          <InsurerInfo insurer={policy.insurer} intro="La entidad que cubre el riesgo de esta póliza (la del ramo cuando se contrató)." />
        ) : null}
        {canWrite && policy.status !== "anulada" && policy.status !== "vencida" ? (
          <p className="mt-4">
            <Link to={`/admin/policies/${policy.id}/edit`} className="underline">
              Modificar la matrícula o la dirección del riesgo, o el IBAN de los recibos
            </Link>
          </p>
        ) : null}
      </DetailSection>

      <DetailSection id="garantias" title="Garantías">
        <PolicyGuarantees policy={policy} />
      </DetailSection>

      <DetailSection id="recibos" title="Recibos">
        {data.recibos.length === 0 ? (
          <p className="mt-2 text-slate-700">La póliza no tiene recibos.</p>
        ) : (
          <ReciboTable
            badges
            policy={{
              number: policy.number,
              recibos: data.recibos.map((r) => ({
                sequence: r.sequence,
                kind: r.kind,
                period: r.period,
                dueDate: r.dueDate,
                amount: r.amountCents,
                status: r.status,
                paidAt: r.paidAt,
              })),
            }}
            pdfHref={canReadDocuments ? (sequence) => adminDocumentPaths.recibo(policy.id, sequence) : undefined}
          />
        )}
        {canReadPayments ? (
          <p className="mt-3">
            <Link to={adminPolicyPaymentsPath(policy.id)}>Ver los recibos y cobros</Link>
          </p>
        ) : null}
      </DetailSection>

      {/* Remounted by each change of the policy (its history grows): the form just confirmed is
          gone, so FocusOnNavigation takes the focus to the page's heading, as after a page change.
          The cancellation's default date is the API's today: its clock judges the date too. */}
      {canWrite ? <PolicyActionsSection key={data.history.length} data={data} today={data.today} reply={reply} /> : null}

      <DetailSection id="documentos" title="Documentos">
        {canReadDocuments ? null : <p className="mt-2 text-slate-700">Tu rol no incluye ver documentos: el IPID del ramo es público.</p>}
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {canReadDocuments ? (
            <li>
              <a href={adminDocumentPaths.conditions(policy.id)} download>
                Condiciones particulares (PDF)
              </a>
            </li>
          ) : null}
          <li>
            <a href={documentPaths.ipid(policy.line)}>Documento de información del producto (IPID) (PDF)</a>
          </li>
          {canReadDocuments && policy.payment?.method === "sepa" ? (
            <li>
              <a href={adminDocumentPaths.mandate(policy.id)} download>
                Orden de domiciliación SEPA (PDF)
              </a>
            </li>
          ) : null}
          {stored.canCertificate && policy.status === "en_vigor" ? (
            <li>
              <a href={adminDocumentPaths.certificate(policy.id)}>Certificado de seguro (PDF)</a>
            </li>
          ) : null}
        </ul>
        {canReadDocuments ? (
          <p className="mt-2 text-sm text-slate-700">
            Los recibos en PDF, en la tabla de recibos. Son los mismos documentos guardados que el cliente descarga desde Mi póliza.
          </p>
        ) : null}
        <EntityDocumentsPanel
          documents={stored.documents}
          allHref={`/admin/documents?policy=${encodeURIComponent(policy.number)}`}
          uploadHref={stored.canUpload ? adminDocumentPaths.upload("policies", policy.id) : null}
        />
      </DetailSection>

      <HistorySection caption="Historial de la póliza" entries={policyHistoryEntries(data.history)} empty="Sin movimientos todavía." statusColumn />

      <NotesSection
        notes={data.notes}
        empty="No hay notas."
        form={
          canWrite
            ? {
                schema: NoteBodySchema,
                hint: "Solo la ve el equipo; queda en el historial con tu nombre.",
                lastResult: replyFor(reply, "note")?.result,
              }
            : null
        }
      />
    </div>
  );
}
