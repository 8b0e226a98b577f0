// Suplementos: guarantees added to a policy in force, priced pro rata for the days
// left in the term (api/domain/endorsement-price.ts) with the guarantee prices in force today
// (loadRatingTables), and paid with one recibo for the difference: by card now, or a SEPA recibo
// through the policy's mandate, which the daily run charges on its due date (ADR 018).
//
// Every check first; then the card is charged with no transaction open (ADR 017), under the
// provider's idempotency key, so identical submits are one charge and a declined card leaves
// nothing. One short transaction then writes the endorsement, its recibo (kind suplemento), the
// card payment, the policy's new optional_guarantees, the history entry, the audit rows and the
// e-mail in the outbox. An advisory lock on the idempotency key serialises identical submits:
// the first writes the endorsement, the others find it by its key. The policy row is locked too,
// so two different submits cannot add the same guarantee twice; a charge that is not written is
// refunded. No PDF is rendered in the transaction: the e-mail's attachments (the new version of
// the conditions and the recibo) are rendered after it, and the downloads on demand from the rows.
import { and, count, eq, inArray } from "drizzle-orm";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { IDEMPOTENCY_KEY_REUSED_MESSAGE, PAYMENT_DECLINED_MESSAGE } from "../contract/checkout";
import type { EndorsementAnswer, EndorsementBody, GuaranteeCatalogue, GuaranteeOptions } from "../contract/endorsements";
import { ENDORSEMENT_NOT_FOUND_MESSAGE } from "../contract/endorsements";
import { writeAudit, type AuditWrite } from "../db/audit";
import type { Database, DbOrTx } from "../db/client";
import { findEndorsementByKey, findUserEndorsement, insertEndorsement } from "../db/endorsements.repo";
import { lockPolicy, recordHistory, updatePolicy } from "../db/lifecycle.repo";
import type { PolicyView } from "../db/policies.repo";
import { insertPayment, lockCheckoutKey, markReciboPaid } from "../db/policy-writes.repo";
import { loadRatingTables } from "../db/rating-tables.repo";
import {
  endorsements,
  guarantees as guaranteesTable,
  payments,
  policies,
  recibos,
  type Endorsement,
  type EndorsedGuarantee,
  type Policy,
} from "../db/schema";
import { isExpiryCurrent, parseCardExpiry, CARD_MESSAGES } from "../domain/card";
import { madridDate, proRataDays } from "../domain/calendar";
import {
  addableGuarantees,
  annualPremiumAfter,
  premiumInForce,
  effectiveDateProblem,
  effectiveDateRange,
  endorsementRecibos,
  endorsementRefusal,
  guaranteeRefusal,
  priceEndorsement,
  riskPremiumFromNet,
  type EndorsementPrice,
} from "../domain/endorsement-price";
import { formatIsoDate, formatMoney } from "../contract/format";
import type { RatingGuarantee, RatingTables } from "../domain/rating";
import type { LineCode } from "../domain/catalogue";
import { ApiProblem } from "../http";
import { errorMessage, type Logger } from "../../platform/logger";
import { completeAttachments, pendingPdf } from "./attachments";
import { DOCUMENT_FILENAMES } from "./documents";
import { enqueueEmail, type OutgoingEmail } from "./mail";
import { paymentMethodLabel, type PaymentProvider } from "./payments";
import type { Actor } from "./lifecycle";
import { listProductLines } from "../db/catalogue.repo";

export type EndorsementDeps = { db: Database; payments: PaymentProvider; logger: Logger; publicBaseUrl?: string };

export const MANDATE_UNAVAILABLE_MESSAGE = "Su póliza no se paga por domiciliación bancaria: pague el suplemento con tarjeta";

const apiUrls = {
  conditions: (policyId: number, version: number) => `/me/policies/${policyId}/documents/conditions?version=${version}`,
  recibo: (policyId: number, sequence: number) => `/me/policies/${policyId}/recibos/${sequence}/document`,
  ipid: (line: string) => `/documents/ipid/${line}`,
};

// ─── The public catalogue ─────────────────────────────────────────────────────────────────

/** Every line with its plans and its active guarantees: what each covers and in which plans it is included or optional. */
export async function guaranteeCatalogue(db: Database, tablesOf: (line: LineCode) => Promise<RatingTables>): Promise<GuaranteeCatalogue> {
  const lines = await listProductLines(db);
  const out: GuaranteeCatalogue["lines"] = [];
  for (const line of lines) {
    const tables = await tablesOf(line.code);
    out.push({
      code: line.code,
      name: line.name,
      description: line.description,
      plans: tables.plans.filter((p) => p.line === line.code).map((p) => ({ code: p.code, name: p.name })),
      guarantees: tables.guarantees
        .filter((g) => g.line === line.code && g.active !== false)
        .map((g) => ({
          code: g.code,
          name: g.name,
          description: g.description,
          limitText: g.limitText,
          deductibleCents: g.deductibleCents,
          price: { type: g.priceType, value: g.priceValue },
          includedIn: [...g.includedIn],
          optionalIn: [...g.optionalIn],
        })),
      ipidUrl: apiUrls.ipid(line.code),
    });
  }
  return { lines: out };
}

// ─── Pricing a policy's suplemento ──────────────────────────────────────────────────────────

type PolicyRow = Pick<
  Policy,
  "id" | "status" | "lineCode" | "planCode" | "startDate" | "endDate" | "term" | "frequency" | "optionalGuarantees" | "netPremiumCents"
>;

async function readPolicyRow(db: DbOrTx, policyId: number): Promise<Policy> {
  const [row] = await db.select().from(policies).where(eq(policies.id, policyId));
  if (!row) throw new ApiProblem(404, "Póliza no encontrada");
  return row;
}

/** The line's guarantees in force (prices through loadRatingTables) plus, to name them in a refusal, inactive ones asked for. */
async function lineGuarantees(db: DbOrTx, line: LineCode, tables: RatingTables, asked: readonly string[]) {
  const active = tables.guarantees.filter((g) => g.line === line);
  const missing = asked.filter((code) => !active.some((g) => g.code === code));
  const inactive = missing.length
    ? (
        await db
          .select({ code: guaranteesTable.code, name: guaranteesTable.name, line: guaranteesTable.lineCode })
          .from(guaranteesTable)
          .where(inArray(guaranteesTable.code, missing))
      )
        .filter((g) => g.line === line)
        .map((g) => ({ code: g.code, name: g.name, includedIn: [] as string[], optionalIn: [] as string[], active: false }))
    : [];
  return { active, all: [...active, ...inactive] };
}

/** The guarantees whose yearly price is part of the term's net premium: those contracted at issue or renewal, not by a suplemento of this term. */
async function inNetGuarantees(db: DbOrTx, p: PolicyRow, active: readonly RatingGuarantee[]) {
  const thisTerm = await db
    .select({ guarantees: endorsements.guarantees })
    .from(endorsements)
    .where(and(eq(endorsements.policyId, p.id), eq(endorsements.term, p.term)));
  const endorsed = new Set(thisTerm.flatMap((e) => e.guarantees.map((g) => g.code)));
  return active.filter((g) => p.optionalGuarantees.includes(g.code) && !endorsed.has(g.code));
}

type Priced = { price: EndorsementPrice; chosen: RatingGuarantee[] };

/** 409 for a code that cannot be added; the price of the codes together from `effectiveDate`. */
async function priceCodes(
  db: DbOrTx,
  p: PolicyRow,
  planName: string,
  tables: RatingTables,
  codes: readonly string[],
  effectiveDate: string,
): Promise<Priced> {
  const unique = [...new Set(codes)];
  const { active, all } = await lineGuarantees(db, p.lineCode, tables, unique);
  for (const code of unique) {
    const refusal = guaranteeRefusal(code, p, planName, all);
    if (refusal) throw new ApiProblem(409, refusal, { guarantees: [refusal] });
  }
  const chosen = active.filter((g) => unique.includes(g.code));
  const riskPremiumCents = riskPremiumFromNet(p.netPremiumCents, await inNetGuarantees(db, p, active));
  const settings = tables.settings;
  const price = priceEndorsement({
    guarantees: chosen,
    riskPremiumCents,
    term: { startDate: p.startDate, endDate: p.endDate },
    effectiveDate,
    frequency: p.frequency,
    settings,
  });
  return { price, chosen };
}

const priceAnswer = (p: EndorsementPrice) => ({
  net: p.net,
  fractionation: p.fractionation,
  consorcio: p.consorcio,
  clea: p.clea,
  ips: p.ips,
  total: p.total,
});

/** The effective date asked for (the earliest when none), or 400 saying why not. */
function chosenEffectiveDate(asked: string | undefined, range: { earliest: string; latest: string }): string {
  if (asked === undefined) return range.earliest;
  const problem = effectiveDateProblem(asked, range);
  if (problem) throw new ApiProblem(400, problem, { effectiveDate: [problem] });
  return asked;
}

/** How the customer may pay a suplemento of this policy: card always; the policy's mandate when it pays by SEPA. */
function payWith(row: Pick<Policy, "paymentMethod" | "paymentMandate">): Array<"card" | "mandate"> {
  return row.paymentMethod === "sepa" && row.paymentMandate ? ["card", "mandate"] : ["card"];
}

/**
 * What the customer may add to the policy today (GET /me/policies/{id}/guarantee-options): each
 * guarantee with its price from the effective date, and the price of a selection together.
 */
export async function guaranteeOptions(
  db: Database,
  view: PolicyView,
  query: { effectiveDate?: string; guarantees?: string[] },
  now: Date,
): Promise<GuaranteeOptions> {
  const row = await readPolicyRow(db, view.id);
  const today = madridDate(now);
  const base = {
    policy: {
      id: view.id,
      number: view.number,
      line: view.line,
      lineName: view.lineName,
      plan: { code: view.plan.code, name: view.plan.name },
      startDate: view.startDate,
      endDate: view.endDate,
      frequency: view.frequency,
      payment: view.payment,
    },
    payWith: payWith(row),
    ipidUrl: apiUrls.ipid(view.line),
  };
  const refusal = endorsementRefusal(row, today);
  const range = effectiveDateRange(row, today);
  if (refusal || !range) {
    if (query.guarantees?.length) throw new ApiProblem(409, refusal ?? "No se pueden añadir garantías a esta póliza");
    return { ...base, possible: false, refusal, effectiveDates: null, days: null, options: [], selection: null };
  }
  const effectiveDate = chosenEffectiveDate(query.effectiveDate, range);
  const tables = await loadRatingTables(db, row.lineCode, now);
  const { active } = await lineGuarantees(db, row.lineCode, tables, []);
  const riskPremiumCents = riskPremiumFromNet(row.netPremiumCents, await inNetGuarantees(db, row, active));
  const term = { startDate: row.startDate, endDate: row.endDate };
  const options = addableGuarantees(row, active).map((g) => {
    const price = priceEndorsement({ guarantees: [g], riskPremiumCents, term, effectiveDate, frequency: row.frequency, settings: tables.settings });
    return {
      code: g.code,
      name: g.name,
      description: g.description,
      limitText: g.limitText,
      deductibleCents: g.deductibleCents,
      yearlyCents: price.guarantees[0]!.yearlyCents,
      price: priceAnswer(price),
    };
  });
  const selection = query.guarantees?.length
    ? await priceCodes(db, row, view.plan.name, tables, query.guarantees, effectiveDate).then(({ price, chosen }) => ({
        guarantees: chosen.map((g) => g.code),
        price: priceAnswer(price),
      }))
    : null;
  const days = proRataDays(term, effectiveDate);
  return {
    ...base,
    possible: options.length > 0,
    refusal: options.length > 0 ? null : "Su plan ya incluye todas las garantías que se le pueden añadir",
    effectiveDates: { ...range, chosen: effectiveDate },
    days: { remaining: days.remaining, total: days.total },
    options,
    selection,
  };
}

/** How many guarantees could be added to the policy today (Mi póliza's "Añadir garantías"). */
export async function addableGuaranteeCount(db: Database, policyId: number, now: Date): Promise<number> {
  const row = await readPolicyRow(db, policyId);
  if (endorsementRefusal(row, madridDate(now))) return 0;
  const tables = await loadRatingTables(db, row.lineCode, now);
  return addableGuarantees(
    row,
    tables.guarantees.filter((g) => g.line === row.lineCode),
  ).length;
}

// ─── Making one ─────────────────────────────────────────────────────────────────────────────

export type EndorsementRequest = {
  view: PolicyView;
  body: EndorsementBody;
  actor: Actor;
  channel: "web" | "telefono";
  now: Date;
};

/** Adds the guarantees (one transaction, idempotent by the body's key). `created` is false for a repeated submit. */
export async function createEndorsement(deps: EndorsementDeps, req: EndorsementRequest): Promise<{ created: boolean; endorsementId: number }> {
  try {
    return await addGuarantees(deps, req);
  } catch (error) {
    // An identical submit that committed while this one was checking (its guarantees are now on
    // the policy, so the checks refuse them): the same answer as any repeat, not a 409.
    if (error instanceof ApiProblem && error.status === 409) {
      const replay = await repeatedSubmit(deps.db, req);
      if (replay) return replay;
    }
    throw error;
  }
}

/** The endorsement already made with this key, as a repeated submit's answer; null when none. */
async function repeatedSubmit(db: Database, { view, body }: EndorsementRequest): Promise<{ created: false; endorsementId: number } | null> {
  const done = await findEndorsementByKey(db, body.idempotencyKey);
  if (!done) return null;
  if (done.policyId !== view.id) throw new ApiProblem(409, IDEMPOTENCY_KEY_REUSED_MESSAGE);
  return { created: false, endorsementId: done.id };
}

async function addGuarantees(deps: EndorsementDeps, req: EndorsementRequest): Promise<{ created: boolean; endorsementId: number }> {
  const { db, payments: provider, logger } = deps;
  const { view, body, actor, now } = req;
  const done = await repeatedSubmit(db, req);
  if (done) return done;
  const today = madridDate(now);
  // Checked before the transaction for a quick answer, and again on the locked row inside it.
  const before = await readPolicyRow(db, view.id);
  const refusal = endorsementRefusal(before, today);
  if (refusal) throw new ApiProblem(409, refusal);
  const effectiveDate = chosenEffectiveDate(body.effectiveDate, effectiveDateRange(before, today)!);
  if (body.payment.method === "card") {
    const expiry = parseCardExpiry(body.payment.expiry);
    if (!expiry || !isExpiryCurrent(expiry, now)) throw new ApiProblem(400, "Datos no válidos", { expiry: [CARD_MESSAGES.expired] });
  } else if (!payWith(before).includes("mandate")) {
    throw new ApiProblem(409, MANDATE_UNAVAILABLE_MESSAGE, { payment: [MANDATE_UNAVAILABLE_MESSAGE] });
  }
  const tables = await loadRatingTables(db, before.lineCode, now);
  const quoted = endorsementRecibos((await priceCodes(db, before, view.plan.name, tables, body.guarantees, effectiveDate)).price)[0]!;

  // The card is charged before the transaction, never inside it (ADR 017). The provider's
  // idempotency key makes identical submits one charge; the transaction below writes it once.
  let charge: { providerRef: string; label: string } | null = null;
  if (body.payment.method === "card") {
    assertOutsideTransaction("A payment charge");
    const result = await provider.charge({
      amountCents: quoted.amount,
      payment: body.payment,
      idempotencyKey: `suplemento-${body.idempotencyKey}`,
      description: `Cotiza: suplemento de la póliza ${before.number}`,
    });
    if (result.status === "declined") {
      logger.info("endorsement payment declined", { policyId: view.id, reason: result.reason });
      throw new ApiProblem(402, PAYMENT_DECLINED_MESSAGE, { cardNumber: ["La tarjeta ha sido rechazada. Pruebe con otra tarjeta."] });
    }
    charge = { providerRef: result.providerRef, label: paymentMethodLabel(body.payment) };
  }

  try {
    const written = await db.transaction(async (tx): Promise<{ created: boolean; endorsementId: number; emailId?: number }> => {
      await lockCheckoutKey(tx, `suplemento:${body.idempotencyKey}`);
      const existing = await findEndorsementByKey(tx, body.idempotencyKey);
      if (existing) {
        if (existing.policyId !== view.id) throw new ApiProblem(409, IDEMPOTENCY_KEY_REUSED_MESSAGE);
        return { created: false, endorsementId: existing.id };
      }
      const policy = await lockPolicy(tx, view.id);
      if (!policy) throw new ApiProblem(404, "Póliza no encontrada");
      const lockedRefusal = endorsementRefusal(policy, today);
      if (lockedRefusal) throw new ApiProblem(409, lockedRefusal);
      // The term may have moved meanwhile (a renewal): the date is judged again on the locked row.
      const dateProblem = effectiveDateProblem(effectiveDate, effectiveDateRange(policy, today)!);
      if (dateProblem) throw new ApiProblem(409, dateProblem, { effectiveDate: [dateProblem] });
      const { price, chosen } = await priceCodes(tx, policy, view.plan.name, tables, body.guarantees, effectiveDate);
      const [recibo] = endorsementRecibos(price);
      // What was charged must be what is written: a policy changed between the two is refused (and refunded below).
      if (charge && recibo!.amount !== quoted.amount) throw new ApiProblem(409, PRICE_CHANGED_MESSAGE);

      const sequence = Math.max(0, ...policy.recibos.map((r) => r.sequence)) + 1;
      const [reciboRow] = await tx
        .insert(recibos)
        .values({
          policyId: policy.id,
          sequence,
          kind: "suplemento",
          term: policy.term,
          dueDate: recibo!.dueDate,
          amountCents: recibo!.amount,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: recibos.id });
      const audit = (entry: Omit<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip" | "at">) =>
        writeAudit(tx, { ...actor, ...entry, at: now });
      if (charge) {
        const paymentId = await insertPayment(tx, {
          policyId: policy.id,
          reciboId: reciboRow!.id,
          provider: provider.name,
          method: "card",
          methodLabel: charge.label,
          amount: recibo!.amount,
          providerRef: charge.providerRef,
          at: now,
        });
        await markReciboPaid(tx, reciboRow!.id, now);
        await audit({
          action: "payment.accepted",
          entity: "payment",
          entityId: paymentId,
          after: {
            policyId: policy.id,
            recibo: sequence,
            amount: recibo!.amount,
            provider: provider.name,
            method: "card",
            methodLabel: charge.label,
            providerRef: charge.providerRef,
          },
        });
      }

      const [{ count: made } = { count: 0 }] = await tx.select({ count: count() }).from(endorsements).where(eq(endorsements.policyId, policy.id));
      const version = Number(made) + 2;
      const described: EndorsedGuarantee[] = chosen.map((g) => {
        const priced = price.guarantees.find((x) => x.code === g.code)!;
        return {
          code: g.code,
          name: g.name,
          description: g.description,
          limitText: g.limitText,
          deductibleCents: g.deductibleCents,
          yearlyCents: priced.yearlyCents,
          netCents: priced.netCents,
        };
      });
      // The yearly premium from now on (ADR 023): the one in force plus what these guarantees cost a year.
      const thisTerm = await tx
        .select({ term: endorsements.term, version: endorsements.version, annualPremium: endorsements.annualPremium })
        .from(endorsements)
        .where(and(eq(endorsements.policyId, policy.id), eq(endorsements.term, policy.term)));
      const before = premiumInForce({ term: policy.term, premium: termPremium(policy), endorsements: thisTerm });
      const annualPremium = annualPremiumAfter({ before, yearlyNetAdded: price.yearlyNet, frequency: policy.frequency, settings: tables.settings });
      const endorsementId = await insertEndorsement(tx, {
        policyId: policy.id,
        version,
        term: policy.term,
        effectiveDate,
        guarantees: described,
        remainingDays: price.remainingDays,
        termDays: price.termDays,
        netPremiumCents: price.net,
        fractionationSurchargeCents: price.fractionation,
        consorcioCents: price.consorcio,
        cleaCents: price.clea,
        ipsCents: price.ips,
        totalPremiumCents: price.total,
        annualPremium,
        reciboId: reciboRow!.id,
        paymentMethod: charge ? "card" : "sepa",
        idempotencyKey: body.idempotencyKey,
        channel: req.channel,
        createdAt: now,
      });
      const optionalGuarantees = [...policy.optionalGuarantees, ...described.map((g) => g.code)];
      await updatePolicy(tx, policy.id, { optionalGuarantees }, now);

      const names = described.map((g) => g.name).join(", ");
      const paid = charge ? `cobrado con tarjeta ${charge.label}` : `domiciliado en su cuenta, se cargará el ${formatIsoDate(recibo!.dueDate)}`;
      await recordHistory(tx, {
        ...actor,
        policyId: policy.id,
        event: "suplemento",
        summary: `Suplemento (condiciones versión ${version}): ${names} desde el ${formatIsoDate(effectiveDate)}; recibo n.º ${sequence} de ${formatMoney(price.total)} ${paid}; prima total anual desde entonces ${formatMoney(annualPremium.total)} (antes ${formatMoney(before.total)})`,
        fromStatus: policy.status,
        toStatus: policy.status,
        details: {
          endorsementId,
          version,
          effectiveDate,
          guarantees: described.map((g) => g.code),
          total: price.total,
          recibo: sequence,
          annualTotal: annualPremium.total,
          annualTotalBefore: before.total,
        },
        at: now,
      });
      await audit({
        action: "policy.endorsed",
        entity: "policy",
        entityId: policy.id,
        before: { optionalGuarantees: policy.optionalGuarantees, annualTotal: before.total },
        after: {
          optionalGuarantees,
          endorsementId,
          version,
          effectiveDate,
          total: price.total,
          recibo: sequence,
          channel: req.channel,
          annualTotal: annualPremium.total,
        },
      });

      const to = view.policyholder.email ?? (actor.actorType === "user" ? actor.actorLabel : null);
      if (!to) return { created: true, endorsementId };
      const emailId = await enqueueEmail(
        tx,
        endorsementEmail(view, { to, version, effectiveDate, described, price, sequence, paid, publicBaseUrl: deps.publicBaseUrl }),
        now,
      );
      await audit({
        action: "email.queued",
        entity: "outbox_email",
        entityId: emailId,
        after: { to, kind: "endorsement_confirmation", policyId: policy.id, endorsementId },
      });
      return { created: true, endorsementId, emailId };
    });
    // The new conditions and the recibo are rendered now that the transaction is over (ADR 017);
    // should this fail, the sender renders them before it sends.
    if (written.emailId !== undefined) {
      await completeAttachments(db, written.emailId).catch((error: unknown) =>
        logger.warn("endorsement e-mail attachments left to the sender", { emailId: written.emailId, error: errorMessage(error) }),
      );
    }
    return { created: written.created, endorsementId: written.endorsementId };
  } catch (error) {
    // Charged but not written (refused on the locked row, a database failure…): give the money
    // back, unless an identical submit wrote this same charge meanwhile.
    if (charge && !(await findEndorsementByKey(db, body.idempotencyKey).catch(() => null))) {
      const refund = await provider
        .refund({ amountCents: quoted.amount, providerRef: charge.providerRef, idempotencyKey: `suplemento-${body.idempotencyKey}:devolucion` })
        .catch((e: unknown) => ({ status: "failed", reason: String(e) }));
      logger.warn("endorsement charged but not written: charge refunded", {
        policyId: view.id,
        providerRef: charge.providerRef,
        refund: refund.status,
      });
    }
    throw error;
  }
}

/** The term's premium as issued: the policy's premium columns. */
function termPremium(
  p: Pick<Policy, "netPremiumCents" | "fractionationSurchargeCents" | "consorcioCents" | "cleaCents" | "ipsCents" | "totalPremiumCents">,
) {
  return {
    net: p.netPremiumCents,
    fractionation: p.fractionationSurchargeCents,
    consorcio: p.consorcioCents,
    clea: p.cleaCents,
    ips: p.ipsCents,
    total: p.totalPremiumCents,
  };
}

const PRICE_CHANGED_MESSAGE =
  "La póliza ha cambiado mientras añadía las garantías y el precio ya no es el mismo. No se le ha cobrado nada: vuelva a intentarlo.";

function endorsementEmail(
  view: PolicyView,
  e: {
    to: string;
    version: number;
    effectiveDate: string;
    described: EndorsedGuarantee[];
    price: EndorsementPrice;
    sequence: number;
    paid: string;
    publicBaseUrl?: string;
  },
): OutgoingEmail {
  // The new version of the conditions and the suplemento's recibo, rendered after the commit (ADR 017).
  const conditions = pendingPdf(DOCUMENT_FILENAMES.conditions(view.number, e.version), { kind: "conditions", policyId: view.id, version: e.version });
  const recibo = pendingPdf(DOCUMENT_FILENAMES.recibo(view.number, e.sequence), { kind: "recibo", policyId: view.id, sequence: e.sequence });
  const lines = [
    `Hola, ${view.policyholder.name}:`,
    "",
    `Hemos añadido a su póliza ${view.number} (${view.lineName.toLowerCase()}, plan ${view.plan.name}) estas garantías, que le cubren desde el ${formatIsoDate(e.effectiveDate)} a las 00:00 h hasta el vencimiento (${formatIsoDate(view.endDate)}):`,
    ...e.described.map(
      (g) => `- ${g.name}${g.limitText ? ` (límite: ${g.limitText})` : ""}: ${formatMoney(g.netCents)} por ${e.price.remainingDays} días`,
    ),
    "",
    `Prima neta: ${formatMoney(e.price.net)}`,
    ...(e.price.fractionation ? [`Recargo por fraccionamiento: ${formatMoney(e.price.fractionation)}`] : []),
    ...(e.price.clea ? [`Recargo CLEA: ${formatMoney(e.price.clea)}`] : []),
    `IPS: ${formatMoney(e.price.ips)}`,
    `Total del recibo n.º ${e.sequence}: ${formatMoney(e.price.total)}, ${e.paid}.`,
    "",
    `Sus condiciones particulares pasan a la versión ${e.version}; las anteriores siguen disponibles en Mi póliza.${e.publicBaseUrl ? ` ${new URL(`/mi-poliza/${view.id}`, e.publicBaseUrl).toString()}` : ""}`,
    "",
    "Le adjuntamos:",
    `- Condiciones particulares, versión ${e.version} (${conditions.filename})`,
    `- Recibo n.º ${e.sequence} (${recibo.filename})`,
    "",
    "Si no ha sido usted, escríbanos cuanto antes.",
  ];
  return {
    to: e.to,
    subject: `Suplemento de su póliza ${view.number}: garantías añadidas`,
    text: lines.join("\n"),
    attachments: [conditions, recibo],
  };
}

// ─── Reading one ────────────────────────────────────────────────────────────────────────────

/** One suplemento of the visitor's (404 for someone else's, as for one that does not exist). */
export async function findOwnEndorsement(db: Database, userId: number, id: number): Promise<Endorsement> {
  const row = await findUserEndorsement(db, userId, id);
  if (!row) throw new ApiProblem(404, ENDORSEMENT_NOT_FOUND_MESSAGE);
  return row;
}

export async function endorsementAnswer(db: DbOrTx, view: PolicyView, e: Endorsement, emailTo: string | null): Promise<EndorsementAnswer> {
  const [recibo] = await db
    .select()
    .from(recibos)
    .where(eq(recibos.id, e.reciboId ?? -1));
  const [payment] = recibo
    ? await db
        .select({ label: payments.methodLabel })
        .from(payments)
        .where(and(eq(payments.reciboId, recibo.id), eq(payments.status, "aceptado")))
    : [];
  const card = e.paymentMethod === "card";
  return {
    id: e.id,
    policyId: view.id,
    policyNumber: view.number,
    lineName: view.lineName,
    planName: view.plan.name,
    version: e.version,
    effectiveDate: e.effectiveDate,
    endDate: view.endDate,
    remainingDays: e.remainingDays,
    termDays: e.termDays,
    guarantees: e.guarantees,
    price: {
      net: e.netPremiumCents,
      fractionation: e.fractionationSurchargeCents,
      consorcio: e.consorcioCents,
      clea: e.cleaCents,
      ips: e.ipsCents,
      total: e.totalPremiumCents,
    },
    recibo: {
      sequence: recibo?.sequence ?? 0,
      dueDate: recibo?.dueDate ?? e.effectiveDate,
      amount: recibo?.amountCents ?? e.totalPremiumCents,
      status: recibo?.status ?? "pendiente",
      paidAt: recibo?.paidAt ? recibo.paidAt.toISOString() : null,
      documentUrl: apiUrls.recibo(view.id, recibo?.sequence ?? 0),
    },
    payment: { method: card ? "card" : "mandate", label: card ? (payment?.label ?? null) : (view.payment?.label ?? null) },
    conditionsUrl: apiUrls.conditions(view.id, e.version),
    channel: e.channel,
    createdAt: e.createdAt.toISOString(),
    emailTo,
  };
}
