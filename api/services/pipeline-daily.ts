// The daily run's step of the sales pipeline (issue 23, ADR 041): a signed-in visitor's quote not
// bought within lead_quote_after_hours becomes a lead (cotizacion_web, stage cotizado, the quote's
// cheapest annual price, no owner), or joins the open lead of the same person. Once per quote: a
// quote already in pipeline_lead_quotes is skipped, and its unique index makes a second insert
// fail; two instances at once skip each other's quote (FOR UPDATE SKIP LOCKED).
import { and, asc, eq, gt, isNotNull, isNull, lte, notExists, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { pipelineLeadQuotes, quotes, users } from "../db/schema";
import { settingAt } from "../db/settings.repo";
import { errorMessage, type Logger } from "../../platform/logger";
import { createOrMergeLead, type Actor } from "./pipeline-leads";

const SYSTEM: Actor = { actorType: "system", actorId: null, actorLabel: "Proceso diario", ip: null };
const BATCH = 200;

/** The quotes waiting to become leads (quotes_waiting_call_idx serves it). */
function waiting(now: Date, hours: number) {
  return and(
    eq(quotes.status, "cotizada"),
    isNotNull(quotes.userId),
    isNull(quotes.madeByAdminId),
    gt(quotes.validUntil, now),
    lte(quotes.createdAt, new Date(now.getTime() - hours * 3_600_000)),
    notExists(sql`(select 1 from ${pipelineLeadQuotes} where ${pipelineLeadQuotes.quoteId} = ${quotes.id})`),
  );
}

/** Makes the leads of the quotes not bought in time; answers how many quotes became (or joined) a lead. */
export async function leadsFromQuotes(deps: { db: Database; logger: Logger }, now: Date): Promise<{ leads: number; errors: number }> {
  const hours = (await settingAt(deps.db, "lead_quote_after_hours", now)) ?? 24;
  let leads = 0;
  let errors = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const batch = await deps.db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(waiting(now, hours), gt(quotes.id, after)))
      .orderBy(asc(quotes.id))
      .limit(BATCH);
    for (const { id } of batch) {
      try {
        const made = await deps.db.transaction(async (tx) => {
          // Re-read under the quote's lock: bought or taken meanwhile (or by the other instance) is skipped.
          const [quote] = await tx
            .select({ id: quotes.id, line: quotes.lineCode, bestPrice: quotes.bestPrice, name: users.name, email: users.email, phone: users.phone })
            .from(quotes)
            .innerJoin(users, eq(users.id, quotes.userId))
            .where(and(eq(quotes.id, id), waiting(now, hours)))
            .for("update", { of: quotes, skipLocked: true });
          if (!quote) return false;
          await createOrMergeLead(
            tx,
            {
              source: "cotizacion_web",
              stage: "cotizado",
              name: quote.name,
              email: quote.email,
              phone: quote.phone,
              lineCode: quote.line,
              quoteId: quote.id,
              estimatedPremiumCents: quote.bestPrice,
            },
            SYSTEM,
            now,
          );
          return true;
        });
        if (made) leads += 1;
      } catch (error) {
        errors += 1;
        deps.logger.error("pipeline: lead from quote failed", { quoteId: id, error: errorMessage(error) });
      }
    }
    if (batch.length < BATCH) return { leads, errors };
    after = batch[batch.length - 1]!.id;
  }
}
