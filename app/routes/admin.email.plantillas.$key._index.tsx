import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import {
  ALLOWED_HTML_TAGS,
  EmailPreviewSchema,
  EmailTemplateDetailSchema,
  EmailTemplateKeySchema,
  emailTemplateDraftSchema,
  TEMPLATE_LIMITS,
  type EmailPreview,
} from "../../api/contract/email-templates";
import { hasPermission } from "../../api/contract/permissions";
import type { EmailTemplateKey } from "../../api/contract/vocabulary";
import { PlaceholderList, TemplateHistory, TemplatePreview, type PreviewDraft } from "~/components/admin/email-template-parts";
import { BackLink } from "~/components/ui/back-link";
import { ConfirmAction, ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { ErrorSummary, FormErrorsAlert } from "~/components/ui/error-summary";
import { Field, TextareaField } from "~/components/ui/field";
import { SubmitButton, useIsPending } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { INTENT_FIELD, replyFor, type StaffActionReply } from "~/lib/form-intent";
import { notFound } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/** /admin/email/plantillas/{key}: edit one e-mail's template, preview it with a real policy, send it to oneself, go back to the default (ADR 040). */
const ROUTE_ID = "routes/admin.email.plantillas.$key._index";
const FIELDS = ["subject", "text", "html", "note", "policyNumber"] as const;
/** The preview button posts the same form with this query (no name/value on the button: text browsers print them). */
const PREVIEW_QUERY = "accion=vista-previa";

const templateKey = (value: string | undefined): EmailTemplateKey => {
  const parsed = EmailTemplateKeySchema.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data;
};

const formSchema = (key: EmailTemplateKey) =>
  emailTemplateDraftSchema(key).and(
    z.object({
      note: z.string().trim().max(TEMPLATE_LIMITS.note, `Como mucho ${TEMPLATE_LIMITS.note} caracteres.`).optional(),
      policyNumber: z.string().trim().max(40, "Como mucho 40 caracteres.").optional(),
    }),
  );

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data?.template.label ?? "Plantilla de correo", matches) },
];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api, params, request }) => {
    const key = templateKey(params.key);
    const template = await api.get(`/admin/email/templates/${key}`, { schema: EmailTemplateDetailSchema, signal: request.signal });
    return { template, canWrite: hasPermission(admin.role.permissions, "email:write") };
  });

type PreviewReply = StaffActionReply & { preview?: EmailPreview; draft?: PreviewDraft };

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params, request }) => {
    const key = templateKey(params.key);
    const here = `/admin/email/plantillas/${key}`;
    // The edit form's preview button (the other forms may post to this address too once it is the page's).
    if (new URL(request.url).searchParams.get("accion") === "vista-previa" && form.formData.get(INTENT_FIELD) === "guardar")
      form.formData.set(INTENT_FIELD, "vista-previa");
    return runStaffAction(form, {
      guardar: staffIntent(
        formSchema(key),
        async ({ subject, text, html, note }) => {
          const saved = await api.post(`/admin/email/templates/${key}/versions`, {
            body: { subject, text, html, note },
            schema: EmailTemplateDetailSchema,
          });
          return redirectWithToast(here, {
            type: "success",
            title: `Versión ${saved.version} guardada`,
            description: "Los correos que salgan desde ahora usan este texto.",
          });
        },
        { confirm: false },
      ),
      "vista-previa": staffIntent(
        formSchema(key),
        async ({ subject, text, html, policyNumber }) => {
          const preview = await api.post(`/admin/email/templates/${key}/preview`, {
            body: { subject, text, html, policyNumber },
            schema: EmailPreviewSchema,
          });
          return json({
            intent: "vista-previa",
            target: null,
            preview,
            draft: { subject, text, html, policyNumber: policyNumber ?? "" },
          } satisfies PreviewReply);
        },
        { confirm: false },
      ),
      prueba: staffIntent(
        z.object({}),
        async () => {
          const sent = await api.post(`/admin/email/templates/${key}/test`, { schema: z.object({ emailId: z.number(), to: z.string() }) });
          return redirectWithToast(here, {
            type: "success",
            title: "Prueba en camino",
            description: `La plantilla guardada sale hacia ${sent.to} con el asunto «[Prueba] …».`,
          });
        },
        { confirm: false },
      ),
      "por-defecto": staffIntent(z.object({}), async () => {
        const saved = await api.post(`/admin/email/templates/${key}/reset`, { schema: EmailTemplateDetailSchema });
        return redirectWithToast(here, {
          type: "success",
          title: `Versión ${saved.version}: texto por defecto`,
          description: "Las versiones anteriores siguen en el historial.",
        });
      }),
    });
  });

const RESET_COPY: ConfirmCopy = {
  title: "¿Volver al texto por defecto?",
  description: "Se guarda una versión nueva igual al texto original de la web. Las versiones anteriores siguen en el historial.",
  confirmLabel: "Sí, volver al texto por defecto",
  pendingText: "Guardando…",
  variant: "primary",
};

export default function EmailTemplatePage() {
  const { template, canWrite } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as PreviewReply | undefined;
  const mine = replyFor(reply, "guardar") ?? replyFor(reply, "vista-previa");
  const schema = formSchema(template.key);
  const [form, fields] = useZodForm({
    // A new version (saved, or back to the default) is a new form: its fields show the new text, with JavaScript too.
    id: `plantilla-${template.key}-${template.version}`,
    schema,
    lastResult: mine?.result,
    defaultValue: reply?.draft ?? { subject: template.subject, text: template.text, html: template.html },
  });
  // Explicit addresses: after a preview the page's own address carries the preview's query.
  const saveAction = `/admin/email/plantillas/${template.key}?index`;
  const previewAction = `${saveAction}&${PREVIEW_QUERY}`;
  const previewPending = useIsPending({ formAction: previewAction });
  return (
    <div className="space-y-6">
      <BackLink to="/admin/email/plantillas">Plantillas de correo</BackLink>
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{template.label}</h1>
        <p className="mt-1 text-slate-700">
          {`${template.custom ? `Versión ${template.version} en vigor.` : "En vigor el texto por defecto."} Ver la `}
          <a href="/admin/email">bandeja de salida</a>.
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Form key={template.version} method="post" action={saveAction} {...getFormProps(form)} className="min-w-0">
          <AuthenticityTokenInput />
          <input type="hidden" name={INTENT_FIELD} value="guardar" />
          <ErrorSummary form={form} fields={FIELDS.map((name) => fields[name])} />
          <Field label="Asunto" meta={fields.subject} width="full" inputProps={{ readOnly: !canWrite }} />
          <TextareaField
            label="Texto"
            hint="La parte de texto del correo. Párrafos separados por una línea en blanco; las líneas que empiezan por «- » son una lista. La firma se añade sola."
            meta={fields.text}
            rows={14}
            width="full"
            textareaProps={{ readOnly: !canWrite, spellCheck: true }}
          />
          <TextareaField
            label="HTML"
            hint={`El cuerpo HTML, sin estilos (se añaden al enviar). Solo estas etiquetas: ${ALLOWED_HTML_TAGS.join(", ")}; los enlaces, http(s):// o mailto:.`}
            meta={fields.html}
            rows={14}
            width="full"
            textareaProps={{ readOnly: !canWrite, spellCheck: false }}
          />
          {canWrite ? (
            <>
              <Field label="Nota del cambio (opcional)" meta={fields.note} width="lg" />
              <Field
                label="Póliza para la vista previa (opcional)"
                hint="Su número, por ejemplo COT-2026-000123. Sin número, la póliza más reciente."
                meta={fields.policyNumber}
                width="md"
                inputProps={{ autoComplete: "off", spellCheck: false }}
              />
              <div className="mt-4 flex flex-wrap gap-3">
                <SubmitButton formAction={saveAction} pendingText="Guardando…">
                  Guardar
                </SubmitButton>
                {/* A plain button: SubmitButton's formAction only follows the pending state, and this one posts elsewhere. */}
                <button type="submit" formAction={previewAction} className="btn-secondary" aria-disabled={previewPending || undefined}>
                  {previewPending ? "Preparando…" : "Vista previa"}
                </button>
              </div>
            </>
          ) : null}
        </Form>
        <aside aria-labelledby="variables-titulo" className="min-w-0">
          <h2 id="variables-titulo" className="mb-2 text-lg font-bold">
            Variables
          </h2>
          <PlaceholderList placeholders={template.placeholders} />
        </aside>
      </div>

      {reply?.preview && reply.draft ? (
        <TemplatePreview preview={reply.preview} draft={reply.draft} previewAction={`/admin/email/plantillas/${template.key}/vista-previa`} />
      ) : (
        <p>
          <a href={`/admin/email/plantillas/${template.key}/vista-previa`} target="_blank" rel="noreferrer">
            Ver el HTML de la versión guardada
          </a>
        </p>
      )}

      {canWrite ? (
        <section aria-labelledby="acciones-titulo" className="space-y-3">
          <h2 id="acciones-titulo" className="text-xl font-bold">
            Prueba y texto por defecto
          </h2>
          <FormErrorsAlert id="prueba-errores" lastResult={replyFor(reply, "prueba")?.result} />
          <Form method="post" action={saveAction}>
            <AuthenticityTokenInput />
            <SubmitButton intent="prueba" variant="secondary" pendingText="Enviando…">
              Enviarme una prueba
            </SubmitButton>
            <p className="mt-1 text-sm text-slate-700">La versión guardada, con los datos de la póliza más reciente, a su propio correo.</p>
          </Form>
          <FormErrorsAlert id="por-defecto-errores" lastResult={replyFor(reply, "por-defecto")?.result} />
          <ConfirmAction intent="por-defecto" triggerLabel="Volver al texto por defecto" copy={RESET_COPY} triggerVariant="secondary" />
          {reply?.confirm && reply.intent === "por-defecto" ? <ConfirmStep intent="por-defecto" copy={RESET_COPY} /> : null}
        </section>
      ) : null}

      <section aria-labelledby="historial-titulo" className="space-y-3">
        <h2 id="historial-titulo" className="text-xl font-bold">
          Historial
        </h2>
        <TemplateHistory history={template.history} />
      </section>
    </div>
  );
}
