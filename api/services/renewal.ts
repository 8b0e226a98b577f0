// The renewal (LCS art. 22; ADR 011): the next term re-rated with the tariff in force, offered to
// the policyholder two months before the end (the notice e-mail), and the new term written when the
// daily run reaches the end date. Made through ./lifecycle.ts's changes, in its transactions.
import { addMonths } from "../domain/calendar";
import { rateQuote } from "../domain/rating";
import { RatingInputError, type QuoteRequest } from "../domain/rating-inputs";
import { formatIsoDate, formatMoney } from "../contract/format";
import { QUOTE_INPUT_SCHEMAS } from "../contract/quotes";
import { writeAudit } from "../db/audit";
import type { DbOrTx } from "../db/client";
import { updatePolicy, type LockedPolicy } from "../db/lifecycle.repo";
import { renewalNoticeMonthsAt } from "../db/settings.repo";
import { insertRecibos } from "../db/policy-writes.repo";
import { loadRatingTables } from "../db/rating-tables.repo";
import { clients, type Policy, type RenewalOffer } from "../db/schema";
import { enqueueEmail } from "./mail";
import { premiumBreakdown, premiumColumns } from "./premium-columns";
import { policyStateOf, record, withPolicy, type Actor, type Change, type LifecycleDeps } from "./lifecycle";
import { checkPolicyTransition } from "../domain/lifecycle";
import { ApiProblem } from "../http";
import { LINE_NAMES } from "../contract/vocabulary";
import { eq } from "drizzle-orm";

// ─── Renewal ────────────────────────────────────────────────────────────────────────────────

type OfferOutcome = { ok: true; offer: RenewalOffer } | { ok: false; reason: string };

/** Re-rates the insured risk with the tariff in force for the next term (same plan, extras and frequency). */
export async function priceRenewal(db: DbOrTx, p: LockedPolicy, now: Date): Promise<OfferOutcome> {
  const startDate = p.endDate;
  const endDate = addMonths(startDate, 12);
  let result;
  try {
    // The risk as the quote contract reads it (the policy may carry more keys, such as the registration).
    const inputs = QUOTE_INPUT_SCHEMAS[p.lineCode].safeParse(p.risk);
    if (!inputs.success) return { ok: false, reason: "Los datos del riesgo asegurado están incompletos: revíselos antes de renovar" };
    const tables = await loadRatingTables(db, p.lineCode, now);
    const request = { line: p.lineCode, inputs: inputs.data, optionalGuarantees: { [p.planCode]: p.optionalGuarantees }, startDate } as QuoteRequest;
    result = rateQuote(request, tables, now);
  } catch (error) {
    if (error instanceof RatingInputError) return { ok: false, reason: `No se puede tarificar la renovación: ${error.message}` };
    throw error;
  }
  if (result.status === "declined") return { ok: false, reason: `La aseguradora no renueva este riesgo: ${result.reason}` };
  const plan = result.plans.find((pl) => pl.code === p.planCode);
  if (!plan) return { ok: false, reason: "El plan de la póliza ya no se comercializa" };
  const price = plan.prices[p.frequency];
  const lastSequence = Math.max(0, ...p.recibos.map((r) => r.sequence));
  return {
    ok: true,
    offer: {
      startDate,
      endDate,
      pricedAt: now.toISOString(),
      ...premiumColumns(price),
      recibos: price.recibos.map((r) => ({ sequence: lastSequence + r.sequence, dueDate: r.dueDate, amountCents: r.amount })),
    },
  };
}

/** Prices the renewal, stores it and queues the notice (art. 22: at least two months before the end). */
export async function offerRenewal(c: Change): Promise<OfferOutcome> {
  const priced = await priceRenewal(c.tx, c.policy, c.now);
  if (!priced.ok) return priced;
  const { offer } = priced;
  await updatePolicy(c.tx, c.policy.id, { renewalOffer: offer, renewalNoticeSentAt: c.now }, c.now);
  c.policy.renewalOffer = offer;
  const [client] = await c.tx.select().from(clients).where(eq(clients.id, c.policy.clientId));
  if (client?.email) {
    const emailId = await enqueueEmail(c.tx, renewalNotice(c.policy, offer, client.name), c.now);
    await writeAudit(c.tx, {
      ...c.actor,
      action: "email.queued",
      entity: "outbox_email",
      entityId: emailId,
      after: { to: client.email, kind: "renewal_notice", policyId: c.policy.id },
      at: c.now,
    });
  }
  await record(
    c,
    {
      event: "aviso_renovacion",
      action: "policy.renewal_offered",
      summary: `Aviso de renovación: nueva anualidad del ${formatIsoDate(offer.startDate)} al ${formatIsoDate(offer.endDate)}, prima total ${formatMoney(offer.totalPremiumCents)} (antes ${formatMoney(c.policy.totalPremiumCents)})`,
      details: { startDate: offer.startDate, total: offer.totalPremiumCents, previousTotal: c.policy.totalPremiumCents },
    },
    c.policy.status,
    c.policy.status,
  );
  return priced;

  function renewalNotice(p: LockedPolicy, o: RenewalOffer, name: string) {
    return {
      template: "aviso-renovacion" as const,
      policyId: p.id,
      clientId: p.clientId,
      to: client!.email!,
      values: {
        nombre_tomador: name,
        numero_poliza: p.number,
        ramo: LINE_NAMES[p.lineCode].toLowerCase(),
        fecha_efecto: formatIsoDate(o.startDate),
        fecha_vencimiento: formatIsoDate(o.endDate),
        prima_total: formatMoney(o.totalPremiumCents),
        prima_anterior: formatMoney(p.totalPremiumCents),
        recibos: o.recibos.map((r) => `${formatIsoDate(r.dueDate)} ${formatMoney(r.amountCents)}`).join("; "),
        fecha_limite: formatIsoDate(addMonths(o.startDate, -1)),
      },
    };
  }
}

/** The next term: dates, premium and recibos from the offer (re-priced now if none was made). */
export async function renew(c: Change): Promise<boolean> {
  let offer = c.policy.renewalOffer;
  if (!offer || offer.startDate !== c.policy.endDate) {
    const made = await offerRenewal(c);
    if (!made.ok) return false;
    offer = made.offer;
  }
  const before = { term: c.policy.term, startDate: c.policy.startDate, endDate: c.policy.endDate, total: c.policy.totalPremiumCents };
  const term = c.policy.term + 1;
  const patch: Partial<Policy> = {
    term,
    startDate: offer.startDate,
    endDate: offer.endDate,
    ...premiumColumns(premiumBreakdown(offer)),
    renewalOffer: null,
    renewalNoticeSentAt: null,
  };
  await updatePolicy(c.tx, c.policy.id, patch, c.now);
  await insertRecibos(
    c.tx,
    c.policy.id,
    offer.recibos.map((r) => ({ sequence: r.sequence, dueDate: r.dueDate, amount: r.amountCents })),
    c.now,
    term,
  );
  Object.assign(c.policy, patch);
  await record(
    c,
    {
      event: "renovada",
      action: "policy.renewed",
      summary: `Póliza renovada: anualidad ${term}, del ${formatIsoDate(offer.startDate)} al ${formatIsoDate(offer.endDate)}, prima total ${formatMoney(offer.totalPremiumCents)}`,
      details: { before, term, startDate: offer.startDate, endDate: offer.endDate, total: offer.totalPremiumCents },
    },
    c.policy.status,
    c.policy.status,
  );
  return true;
}

/** "Renovar ahora": prices the next term with the tariff in force and sends the notice; the term starts at the end date. */
export async function prepareRenewalNow(deps: LifecycleDeps, policyId: number, actor: Actor, now: Date) {
  return withPolicy(deps, policyId, actor, now, async (c) => {
    const outcome = checkPolicyTransition(
      policyStateOf(c.policy),
      { action: "renovar" },
      { today: c.today, withdrawal: { days: 0, lines: [] }, renewalNoticeMonths: await renewalNoticeMonthsAt(c.tx, c.today) },
    );
    if (!outcome.ok) throw new ApiProblem(409, outcome.message);
    const offer = await offerRenewal(c);
    if (!offer.ok) throw new ApiProblem(409, offer.reason);
    if (c.policy.endDate <= c.today) await renew(c);
    return offer.offer;
  });
}
