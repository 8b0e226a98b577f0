// The saved versions of the e-mail templates (ADR 040): append-only, the highest version of a key in force.
import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { emailTemplateVersions, type EmailTemplateVersionRow } from "./schema";

/** The version in force of one template, or null when staff never saved one (the code's default applies). */
export async function latestTemplateVersion(db: DbOrTx, key: string): Promise<EmailTemplateVersionRow | null> {
  const [row] = await db
    .select()
    .from(emailTemplateVersions)
    .where(eq(emailTemplateVersions.key, key))
    .orderBy(desc(emailTemplateVersions.version))
    .limit(1);
  return row ?? null;
}

/** The latest saved version of every template that has one. */
export async function latestTemplateVersions(db: DbOrTx): Promise<EmailTemplateVersionRow[]> {
  return db
    .selectDistinctOn([emailTemplateVersions.key])
    .from(emailTemplateVersions)
    .orderBy(emailTemplateVersions.key, desc(emailTemplateVersions.version));
}

/** Every saved version of a template, newest first. */
export async function templateHistory(db: DbOrTx, key: string): Promise<EmailTemplateVersionRow[]> {
  return db.select().from(emailTemplateVersions).where(eq(emailTemplateVersions.key, key)).orderBy(desc(emailTemplateVersions.version));
}

export type NewTemplateVersion = { key: string; subject: string; html: string; text: string; who: string; note: string | null; createdAt: Date };

/** Appends the next version of a key; two saves at once are serialised on the key (a transaction-scoped advisory lock). */
export async function insertTemplateVersion(tx: DbOrTx, v: NewTemplateVersion): Promise<EmailTemplateVersionRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email_template:${v.key}`}))`);
  const [last] = await tx
    .select({ version: emailTemplateVersions.version })
    .from(emailTemplateVersions)
    .where(and(eq(emailTemplateVersions.key, v.key)))
    .orderBy(desc(emailTemplateVersions.version))
    .limit(1);
  const [row] = await tx
    .insert(emailTemplateVersions)
    .values({ ...v, version: (last?.version ?? 0) + 1 })
    .returning();
  return row!;
}
