import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { EmailPreviewSchema, EmailTemplateDetailSchema, EmailTemplateKeySchema } from "../../api/contract/email-templates";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { framedPreviewResponse } from "~/lib/framed-preview";
import { notFound } from "~/lib/http";

/**
 * /admin/email/plantillas/{key}/vista-previa: an e-mail's HTML as it would be sent, for the edit
 * page's sandboxed frame, with its own strict CSP (app/lib/framed-preview.ts). GET: the saved
 * version (with ?poliza=); POST: the draft being edited.
 */
const ROUTE_ID = "routes/admin.email.plantillas.$key.vista-previa";

const templateKey = (value: string | undefined) => {
  const parsed = EmailTemplateKeySchema.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data;
};

const field = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, params, request }) => {
    const key = templateKey(params.key);
    const saved = await api.get(`/admin/email/templates/${key}`, { schema: EmailTemplateDetailSchema, signal: request.signal });
    const policyNumber = new URL(request.url).searchParams.get("poliza") || undefined;
    const preview = await api.post(`/admin/email/templates/${key}/preview`, {
      body: { subject: saved.subject, text: saved.text, html: saved.html, policyNumber },
      schema: EmailPreviewSchema,
    });
    return framedPreviewResponse(preview.html);
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const key = templateKey(params.key);
    const d = form.formData;
    const policyNumber = field(d, "policyNumber") || undefined;
    const preview = await api.post(`/admin/email/templates/${key}/preview`, {
      body: { subject: field(d, "subject"), text: field(d, "text"), html: field(d, "html"), policyNumber },
      schema: EmailPreviewSchema,
    });
    return framedPreviewResponse(preview.html);
  });
