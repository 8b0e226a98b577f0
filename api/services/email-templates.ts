// E-mail templates at run time (ADR 040): the version in force of each (the latest saved, else the
// code's default), the values every policy e-mail shares, and the preview with a real policy's data.
import { desc, eq } from "drizzle-orm";
import { PLACEHOLDERS } from "../contract/email-template-catalogue";
import type { SiteInfo } from "../contract/site";
import { formatIsoDate, formatMoney } from "../contract/format";
import type { EmailTemplateKey } from "../contract/vocabulary";
import type { DbOrTx } from "../db/client";
import { latestTemplateVersion } from "../db/email-templates.repo";
import { loadPolicyViews, type PolicyView } from "../db/policies.repo";
import { policies } from "../db/schema";
import { insurerText } from "../domain/insurer";
import { sentence } from "./email-layout";
import { defaultTemplate, exampleValues, type TemplateSource, type TemplateValues } from "./email-render";

export type TemplateInForce = TemplateSource & { version: number; custom: boolean };

/** The template a message is rendered with now: the latest saved version, else the code's default (version 0). */
export async function templateInForce(db: DbOrTx, key: EmailTemplateKey): Promise<TemplateInForce> {
  const saved = await latestTemplateVersion(db, key);
  if (saved) return { subject: saved.subject, text: saved.text, html: saved.html, version: saved.version, custom: true };
  return { ...defaultTemplate(key), version: 0, custom: false };
}

/** The placeholders every policy e-mail fills the same way: who, which policy, the distributor's contact. */
export function policyValues(policy: PolicyView, d: Pick<SiteInfo, "distributorName" | "email" | "phone" | "complaintsEmail">): TemplateValues {
  return {
    nombre_tomador: policy.policyholder.name,
    numero_poliza: policy.number,
    ramo: policy.lineName.toLowerCase(),
    ramo_titulo: policy.lineName,
    plan: policy.plan.name,
    aseguradora: insurerText(policy.insurer),
    fecha_efecto: formatIsoDate(policy.startDate),
    fecha_vencimiento: formatIsoDate(policy.endDate),
    prima_total: formatMoney(policy.premium.total),
    distribuidor: sentence(d.distributorName),
    email_distribuidor: d.email,
    telefono_distribuidor: d.phone,
    email_reclamaciones: d.complaintsEmail,
  };
}

/** The policy a preview shows: the one with that number, else the newest; null when there is none (examples only). */
export async function previewPolicy(db: DbOrTx, policyNumber: string | undefined): Promise<PolicyView | null | "not-found"> {
  const [row] = await db
    .select({ id: policies.id })
    .from(policies)
    .where(policyNumber ? eq(policies.number, policyNumber) : undefined)
    .orderBy(desc(policies.createdAt), desc(policies.id))
    .limit(1);
  if (!row) return policyNumber ? "not-found" : null;
  const [view] = await loadPolicyViews(db, { id: row.id });
  return view ?? null;
}

/** A preview's values: the examples, with the policy's own data where the template uses it. */
export function previewValues(key: EmailTemplateKey, policy: PolicyView | null, d: Parameters<typeof policyValues>[1]): TemplateValues {
  const values: TemplateValues = exampleValues(key, PLACEHOLDERS);
  if (!policy) return values;
  for (const [name, value] of Object.entries(policyValues(policy, d))) if (name in values) values[name as keyof TemplateValues] = value;
  return values;
}
