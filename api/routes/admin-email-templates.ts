// /admin/email/templates (ADR 040): the product's e-mail templates, each with its version in force,
// placeholders and history; saving a version, going back to the default, a preview with a real
// policy's data (of the text being edited, before it is saved) and a test send to oneself.
// Every change is audited in the transaction that writes it.
import { z } from "zod";
import type { ApiApp } from "../env";
import { currentAdmin } from "../auth";
import { PLACEHOLDERS, TEMPLATE_DEFAULTS } from "../contract/email-template-catalogue";
import {
  EmailPreviewSchema,
  EmailTemplateDetailSchema,
  EmailTemplateKeySchema,
  EmailTemplateSummarySchema,
  PreviewEmailTemplateBodySchema,
  SaveEmailTemplateBodySchema,
  templateProblems,
  type EmailTemplateDetail,
  type EmailTemplateSummary,
  type TemplateDraft,
} from "../contract/email-templates";
import { EMAIL_TEMPLATE_LABELS, EMAIL_TEMPLATES, type EmailTemplateKey } from "../contract/vocabulary";
import { adminActor, writeAudit } from "../db/audit";
import { readDistributor } from "../db/catalogue.repo";
import type { Database, DbOrTx } from "../db/client";
import { insertTemplateVersion, latestTemplateVersions, templateHistory } from "../db/email-templates.repo";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { defaultTemplate, renderTemplate } from "../services/email-render";
import { previewPolicy, previewValues, templateInForce } from "../services/email-templates";
import { enqueueRendered } from "../services/mail";
import { adminRoute } from "./admin-endpoints";
import { readTogether } from "../db/reads-together";

const TAGS = ["Administración: plantillas de correo"];

export const EMAIL_TEMPLATE_MESSAGES = {
  policyNotFound: "No hay ninguna póliza con ese número",
  invalid: "La plantilla no se puede guardar: revise los campos marcados",
  testSent: "Prueba en la bandeja de salida",
} as const;

const KeyParamSchema = z.object({ key: EmailTemplateKeySchema });
const TemplateListSchema = z.object({ items: z.array(EmailTemplateSummarySchema) });
const TestSendAnswerSchema = z.object({ emailId: z.number().int(), to: z.string() });

const listRoute = adminRoute({
  method: "get",
  path: "/admin/email/templates",
  operationId: "listEmailTemplates",
  tags: TAGS,
  summary: "Las plantillas de correo, con su versión en vigor y su último cambio",
  responses: { 200: { description: "Plantillas", content: jsonContent(TemplateListSchema) } },
});

const getRoute = adminRoute({
  method: "get",
  path: "/admin/email/templates/{key}",
  operationId: "getEmailTemplate",
  tags: TAGS,
  summary: "Una plantilla: la versión en vigor, sus variables y su historial",
  request: { params: KeyParamSchema },
  responses: { 200: { description: "Plantilla", content: jsonContent(EmailTemplateDetailSchema) } },
});

const saveRoute = adminRoute({
  method: "post",
  path: "/admin/email/templates/{key}/versions",
  operationId: "saveEmailTemplate",
  tags: TAGS,
  summary: "Guarda una versión nueva de una plantilla",
  description:
    "Rechaza (400, con el mensaje en su campo) una variable que la plantilla no tiene, una obligatoria que falta, llaves sin cerrar y HTML fuera de las etiquetas permitidas.",
  request: { params: KeyParamSchema, body: { required: true, content: jsonContent(SaveEmailTemplateBodySchema) } },
  responses: { 201: { description: "Versión guardada", content: jsonContent(EmailTemplateDetailSchema) }, ...errorResponses(400) },
});

const resetRoute = adminRoute({
  method: "post",
  path: "/admin/email/templates/{key}/reset",
  operationId: "resetEmailTemplate",
  tags: TAGS,
  summary: "Vuelve al texto por defecto (una versión nueva igual al texto del código; el historial se conserva)",
  request: { params: KeyParamSchema },
  responses: { 201: { description: "Versión por defecto guardada", content: jsonContent(EmailTemplateDetailSchema) } },
});

const previewRoute = adminRoute({
  method: "post",
  path: "/admin/email/templates/{key}/preview",
  operationId: "previewEmailTemplate",
  tags: TAGS,
  summary: "Vista previa del texto que se edita, con los datos de una póliza real (la más reciente si no se indica)",
  request: { params: KeyParamSchema, body: { required: true, content: jsonContent(PreviewEmailTemplateBodySchema) } },
  responses: { 200: { description: "El correo como saldría", content: jsonContent(EmailPreviewSchema) }, ...errorResponses(400, 404) },
});

const testSendRoute = adminRoute({
  method: "post",
  path: "/admin/email/templates/{key}/test",
  operationId: "testSendEmailTemplate",
  tags: TAGS,
  summary: "Envía la plantilla en vigor, con los datos de la póliza más reciente, al correo del propio empleado",
  description: "El asunto lleva delante «[Prueba] »; el correo conserva la clave de la plantilla.",
  request: { params: KeyParamSchema },
  responses: { 201: { description: "Prueba en la bandeja de salida", content: jsonContent(TestSendAnswerSchema) } },
});

async function summaries(db: DbOrTx): Promise<EmailTemplateSummary[]> {
  const latest = new Map((await latestTemplateVersions(db)).map((row) => [row.key, row]));
  return EMAIL_TEMPLATES.map((key) => {
    const row = latest.get(key);
    return {
      key,
      label: EMAIL_TEMPLATE_LABELS[key],
      version: row?.version ?? 0,
      custom: !!row,
      changedAt: row?.createdAt.toISOString() ?? null,
      changedBy: row?.who ?? null,
    };
  });
}

async function detail(db: DbOrTx, key: EmailTemplateKey): Promise<EmailTemplateDetail> {
  const [inForce, history] = await readTogether(
    db,
    () => templateInForce(db, key),
    () => templateHistory(db, key),
  );
  const last = history[0];
  const def = TEMPLATE_DEFAULTS[key];
  return {
    key,
    label: EMAIL_TEMPLATE_LABELS[key],
    version: inForce.version,
    custom: inForce.custom,
    changedAt: last?.createdAt.toISOString() ?? null,
    changedBy: last?.who ?? null,
    subject: inForce.subject,
    text: inForce.text,
    html: inForce.html,
    placeholders: def.placeholders.map((name) => ({ name, ...PLACEHOLDERS[name], required: def.required.includes(name) })),
    history: history.map((v) => ({
      version: v.version,
      subject: v.subject,
      text: v.text,
      html: v.html,
      createdAt: v.createdAt.toISOString(),
      who: v.who,
      note: v.note,
    })),
  };
}

/** 400 with each problem under its field, as the page shows them. */
function assertValid(key: EmailTemplateKey, draft: TemplateDraft) {
  const problems = templateProblems(key, draft);
  if (Object.keys(problems).length) throw new ApiProblem(400, EMAIL_TEMPLATE_MESSAGES.invalid, problems);
}

const snapshot = (t: TemplateDraft & { version: number }) => ({ version: t.version, subject: t.subject, text: t.text, html: t.html });

const saver = (c: Parameters<typeof adminActor>[0] & { var: { deps: { db: Database; now: () => Date } } }) => ({
  deps: c.var.deps,
  actor: adminActor(c),
  who: currentAdmin(c).email,
});

export function registerAdminEmailTemplateRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => c.json({ items: await summaries(c.var.deps.db) }, 200));

  api.openapi(getRoute, async (c) => c.json(await detail(c.var.deps.db, c.req.valid("param").key), 200));

  type Saver = { deps: { db: Database; now: () => Date }; actor: ReturnType<typeof adminActor>; who: string };
  async function saveVersion(
    { deps: { db, now }, actor, who }: Saver,
    key: EmailTemplateKey,
    draft: TemplateDraft,
    note: string | null,
    action: "email_template.saved" | "email_template.reset",
  ) {
    return db.transaction(async (tx) => {
      const before = await templateInForce(tx, key);
      const row = await insertTemplateVersion(tx, { key, ...draft, who, note, createdAt: now() });
      await writeAudit(tx, {
        ...actor,
        at: now(),
        action,
        entity: "email_template",
        entityId: key,
        before: snapshot(before),
        after: { ...snapshot({ ...draft, version: row.version }), note },
      });
      return detail(tx, key);
    });
  }

  api.openapi(saveRoute, async (c) => {
    const { key } = c.req.valid("param");
    const { note, ...draft } = c.req.valid("json");
    assertValid(key, draft);
    return c.json(await saveVersion(saver(c), key, draft, note || null, "email_template.saved"), 201);
  });

  api.openapi(resetRoute, async (c) => {
    const { key } = c.req.valid("param");
    return c.json(await saveVersion(saver(c), key, defaultTemplate(key), "Texto por defecto", "email_template.reset"), 201);
  });

  api.openapi(previewRoute, async (c) => {
    const { key } = c.req.valid("param");
    const { policyNumber, ...draft } = c.req.valid("json");
    assertValid(key, draft);
    const db = c.var.deps.db;
    const policy = await previewPolicy(db, policyNumber || undefined);
    if (policy === "not-found")
      throw new ApiProblem(400, EMAIL_TEMPLATE_MESSAGES.policyNotFound, { policyNumber: [EMAIL_TEMPLATE_MESSAGES.policyNotFound] });
    const d = await readDistributor(db, c.var.deps.now());
    const rendered = renderTemplate(draft, previewValues(key, policy, d), d);
    return c.json({ subject: rendered.subject, text: rendered.text, html: rendered.html, policyNumber: policy?.number ?? null }, 200);
  });

  api.openapi(testSendRoute, async (c) => {
    const { key } = c.req.valid("param");
    const admin = currentAdmin(c);
    const { db, now } = c.var.deps;
    const answer = await db.transaction(async (tx) => {
      const [template, policy, d] = await readTogether(
        tx,
        () => templateInForce(tx, key),
        () => previewPolicy(tx, undefined),
        () => readDistributor(tx, now()),
      );
      const rendered = renderTemplate(template, previewValues(key, policy === "not-found" ? null : policy, d), d);
      const to = admin.email;
      const emailId = await enqueueRendered(tx, { template: key, to, ...rendered, subject: `[Prueba] ${rendered.subject}` }, now());
      await writeAudit(tx, {
        ...adminActor(c),
        at: now(),
        action: "email_template.test_sent",
        entity: "email_template",
        entityId: key,
        before: null,
        after: { to, emailId, version: template.version },
      });
      return { emailId, to };
    });
    return c.json(answer, 201);
  });
}
