import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AdminEmailSchema } from "../../api/contract/emails";
import { formatDateTime, isoDateTime } from "../../api/contract/format";
import { IdParamSchema } from "../../api/contract/ids";
import { hasPermission } from "../../api/contract/permissions";
import { DetailHeader } from "~/components/admin/detail-header";
import { formatFileSize } from "~/components/document/document-list-columns";
import { ADMIN_EMAIL_PATH, adminEmailHtmlPath, adminEmailPath, EmailStatusBadge } from "~/components/email/email-list-columns";
import { adminPolicyPath } from "~/components/policy/admin-policy-header";
import { Badge } from "~/components/ui/badge";
import { ConfirmAction, ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { Detail, DetailSection } from "~/components/ui/detail";
import { FormErrorsAlert } from "~/components/ui/error-summary";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { replyFor, type StaffActionReply } from "~/lib/form-intent";
import { notFound } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/** /admin/email/{id}: one message of the outbox, its delivery, its HTML and text parts, attachments; resend or cancel (ADR 039). */
const ROUTE_ID = "routes/admin.email.$id._index";
const emailId = (value: string | undefined) => {
  const parsed = IdParamSchema.safeParse({ id: value });
  if (!parsed.success || !/^\d+$/.test(value ?? "")) throw notFound();
  return parsed.data.id;
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: adminTitle(data?.message.email.subject ?? "Correo", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api, params, request }) => {
    const message = await api.get(`/admin/emails/${emailId(params.id)}`, { schema: AdminEmailSchema, signal: request.signal });
    return { message, canWrite: hasPermission(admin.role.permissions, "email:write") };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = emailId(params.id);
    // Without JavaScript the first press only asks (see ~/components/ui/confirm-dialog.tsx).
    return runStaffAction(form, {
      resend: staffIntent(z.object({}), async () => {
        const copy = await api.post(`/admin/emails/${id}/resend`, { schema: AdminEmailSchema });
        return redirectWithToast(adminEmailPath(copy.email.id), {
          type: "success",
          title: "Correo reenviado",
          description: "La copia está en la cola y sale en la próxima pasada del envío.",
        });
      }),
      cancel: staffIntent(z.object({}), async () => {
        await api.post(`/admin/emails/${id}/cancel`, { schema: AdminEmailSchema });
        return redirectWithToast(adminEmailPath(id), { type: "success", title: "Envío cancelado", description: "Este correo no se enviará." });
      }),
    });
  });

const RESEND_COPY: ConfirmCopy = {
  title: "¿Reenviar este correo?",
  description: "Se pone en cola una copia como un correo nuevo, con el mismo destino, texto y adjuntos, enlazada a este.",
  confirmLabel: "Sí, reenviar",
  pendingText: "Reenviando…",
  variant: "primary",
};

const CANCEL_COPY: ConfirmCopy = {
  title: "¿Cancelar el envío?",
  description: "El correo no se enviará ni se volverá a intentar. Queda en la bandeja de salida como cancelado, con quién lo canceló.",
  confirmLabel: "Sí, cancelar el envío",
  pendingText: "Cancelando…",
  variant: "danger",
};

const SECTIONS = [
  ["envio", "Envío"],
  ["html", "HTML"],
  ["texto", "Texto"],
  ["adjuntos", "Adjuntos"],
] as const;

const when = (value: string) => <time dateTime={isoDateTime(value)}>{formatDateTime(value)}</time>;

export default function EmailMessagePage() {
  const { message, canWrite } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StaffActionReply | undefined;
  const e = message.email;

  return (
    <div className="space-y-8">
      <DetailHeader
        back={{ to: ADMIN_EMAIL_PATH, label: "Correo" }}
        title={e.subject}
        badges={
          <>
            <EmailStatusBadge status={e.status} />
            {e.templateLabel ? <Badge tone="neutral">{e.templateLabel}</Badge> : null}
          </>
        }
        sections={SECTIONS}
        sectionsLabel="Secciones del correo"
      >
        {canWrite && (message.resendable || message.cancellable) ? (
          <div className="flex flex-wrap items-start gap-3">
            {message.resendable ? (
              <div>
                <FormErrorsAlert id="reenviar" lastResult={replyFor(reply, "resend")?.result} className="mb-3" />
                <ConfirmAction intent="resend" triggerLabel="Reenviar" copy={RESEND_COPY} triggerVariant="secondary" />
              </div>
            ) : null}
            {message.cancellable ? (
              <div>
                <FormErrorsAlert id="cancelar" lastResult={replyFor(reply, "cancel")?.result} className="mb-3" />
                <ConfirmAction intent="cancel" triggerLabel="Cancelar envío" copy={CANCEL_COPY} />
              </div>
            ) : null}
          </div>
        ) : null}
      </DetailHeader>

      {reply?.confirm && reply.intent === "resend" ? <ConfirmStep intent="resend" copy={RESEND_COPY} /> : null}
      {reply?.confirm && reply.intent === "cancel" ? <ConfirmStep intent="cancel" copy={CANCEL_COPY} /> : null}

      <DetailSection id="envio" title="Envío">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <Detail term="Para">
            <span className="break-all">{e.to}</span>
          </Detail>
          <Detail term="Tipo">{e.templateLabel ?? "Sin tipo (anterior a las plantillas)"}</Detail>
          <Detail term="Póliza">
            {e.policy ? (
              <Link to={adminPolicyPath(e.policy.id)} className="font-mono">
                {e.policy.number}
              </Link>
            ) : (
              "—"
            )}
          </Detail>
          <Detail term="Cliente">{e.client ? <Link to={`/admin/clients/${e.client.id}`}>{e.client.name}</Link> : "—"}</Detail>
          <Detail term="Creado">{when(e.createdAt)}</Detail>
          <Detail term="Intentos">{e.attempts}</Detail>
          <Detail term="Último error">{e.lastError ? <span className="break-words">{e.lastError}</span> : "Ninguno"}</Detail>
          {e.status === "pendiente" ? <Detail term="Próximo intento">{when(e.nextAttemptAt)}</Detail> : null}
          <Detail term="Enviado">{e.sentAt ? when(e.sentAt) : "—"}</Detail>
          {e.cancelledAt ? (
            <Detail term="Cancelado">
              {when(e.cancelledAt)}
              {e.cancelledBy ? ` por ${e.cancelledBy}` : ""}
              {e.sentAt ? (
                <span className="block text-sm text-slate-700">Se canceló mientras se enviaba: el servidor de correo ya lo había aceptado.</span>
              ) : null}
            </Detail>
          ) : null}
          {e.resentFromId !== null ? (
            <Detail term="Reenvío de">
              <Link to={adminEmailPath(e.resentFromId)}>el correo {e.resentFromId}</Link>
            </Detail>
          ) : null}
          {message.resends.length > 0 ? (
            <Detail term="Reenvíos">
              <ul>
                {message.resends.map((r) => (
                  <li key={r.id}>
                    <Link to={adminEmailPath(r.id)}>{`Correo ${r.id}`}</Link>
                    {`, ${formatDateTime(r.createdAt)} `}
                    <EmailStatusBadge status={r.status} />
                  </li>
                ))}
              </ul>
            </Detail>
          ) : null}
          <Detail term="Message-ID">
            <span className="break-all font-mono text-sm">{e.messageId}</span>
          </Detail>
        </dl>
      </DetailSection>

      <DetailSection id="html" title="HTML">
        {e.hasHtml ? (
          <>
            {/* Sandboxed, from a route that answers the stored HTML under its own strict policy (ADR 039). */}
            <iframe
              src={adminEmailHtmlPath(e.id)}
              sandbox=""
              title={`Vista previa en HTML: ${e.subject}`}
              className="h-[32rem] w-full rounded border border-slate-300 bg-white"
              referrerPolicy="no-referrer"
            />
            <p className="mt-2 text-sm">
              <a href={adminEmailHtmlPath(e.id)} target="_blank" rel="noreferrer">
                Abrir el HTML en otra pestaña
              </a>
            </p>
          </>
        ) : (
          <p>Este correo no tiene parte HTML.</p>
        )}
      </DetailSection>

      <DetailSection id="texto" title="Texto">
        <pre className="max-w-full whitespace-pre-wrap break-words rounded border border-slate-300 bg-slate-50 p-3 font-mono text-sm">{e.text}</pre>
      </DetailSection>

      <DetailSection id="adjuntos" title="Adjuntos">
        {e.attachments.length === 0 ? (
          <p>Sin adjuntos.</p>
        ) : (
          <ul className="space-y-1">
            {e.attachments.map((a, i) => (
              <li key={`${a.filename}-${i}`}>
                <span className="break-all">{a.filename}</span>
                {` (${a.contentType}, ${a.sizeBytes === null ? "se genera al enviar" : formatFileSize(a.sizeBytes)})`}
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
    </div>
  );
}
