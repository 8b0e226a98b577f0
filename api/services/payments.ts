// Money in: the payment provider interface the checkout charges through, and the embedded test
// gateway (DOMAIN.md "Money in"). A real gateway plugs in by passing another PaymentProvider in
// the API's deps. Only masked labels of a means of payment ever leave this module; the full card
// number and the CVC are used for the charge and never stored or logged.
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/client";
import { DatabaseGatewayBooks, MemoryGatewayBooks, type GatewayBooks, type GatewayEntry } from "../db/gateway-books.repo";
import { isExpiryCurrent, isTestDeclinedCard, isValidCardNumber, isValidCvc, maskCardNumber, parseCardExpiry } from "../domain/card";
import { systemClock, type Clock } from "../../platform/clock";
import { maskIban, validateIban } from "../domain/iban";

export type CardDetails = { method: "card"; cardNumber: string; expiry: string; cvc: string; holder: string };
export type SepaDetails = { method: "sepa"; iban: string; holder: string };
export type PaymentDetails = CardDetails | SepaDetails;

export type ChargeRequest = {
  amountCents: number;
  payment: PaymentDetails;
  /** The same key twice is the same charge: a provider must not take the money twice. */
  idempotencyKey: string;
  /** Shown on the customer's statement / the mandate, e.g. the policy number. */
  description: string;
};

export type ChargeResult =
  /** `mandate`: the provider's reusable reference for the later recibos (a card token or a SEPA mandate). */
  | { status: "accepted"; providerRef: string; mandate?: string }
  | { status: "declined"; reason: string }
  /**
   * The key's charge was taken and later given back (a repeated key answers the charge with its
   * status, as a real provider does). Never a payment: the work takes a new key (ADR 027).
   */
  | { status: "refunded"; providerRef: string };

/** A later recibo charged through the mandate of the first charge (no card number is ever stored). */
export type MandateChargeRequest = {
  amountCents: number;
  method: "card" | "sepa";
  mandate: string;
  idempotencyKey: string;
  description: string;
};

export type RefundRequest = { amountCents: number; providerRef: string; idempotencyKey: string };

export interface PaymentProvider {
  /** Stored with each payment row ("test", "redsys"…). */
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  chargeMandate(request: MandateChargeRequest): Promise<ChargeResult>;
  /** A SEPA mandate for an account given later (staff change the IBAN of a policy). */
  registerSepaMandate(
    details: SepaDetails,
    reference: string,
  ): Promise<{ status: "accepted"; mandate: string } | { status: "declined"; reason: string }>;
  refund(request: RefundRequest): Promise<ChargeResult>;
  /** What the provider knows of the charge made with this key (null: none), for the recovery of attempts whose answer was lost (ADR 027). */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
}

/** What a person may see of a means of payment: "•••• 4242" or "ES91 •••• … 1332". */
export function paymentMethodLabel(payment: PaymentDetails): string {
  return payment.method === "card" ? maskCardNumber(payment.cardNumber) : maskIban(payment.iban);
}

export const DECLINE_REASONS = {
  declinedCard: "Tarjeta rechazada por el emisor",
  invalidCard: "Número de tarjeta no válido",
  expiredCard: "Tarjeta caducada",
  invalidCvc: "Código de seguridad no válido",
  invalidIban: "IBAN no válido",
  invalidAmount: "Importe no válido",
  invalidMandate: "Sin mandato de cobro válido",
  unknownCharge: "Cobro original desconocido",
  refundBeyondCharge: "El reembolso supera lo que queda por devolver del cobro",
} as const;

/**
 * Test means of payment that are accepted now and fail on every later charge (the convention of
 * well-known gateways' test data), so that an unpaid recibo can be shown and tested.
 */
export const TEST_FAILS_LATER = { cardNumber: "4000000000000341", iban: "AT861904300235473202" } as const;

export const MANDATE_DECLINE_REASON = "Recibo devuelto: fondos insuficientes";

/**
 * The test gateway: any Luhn-valid card whose expiry is this month or later is accepted, except
 * 4000 0000 0000 0002, which is always declined; SEPA debits are accepted for any valid IBAN.
 * Later recibos are charged through the mandate it returns; those of TEST_FAILS_LATER fail.
 * Stateful, as a real gateway is (ADR 027): its books (the `gateway_charges` table, or memory)
 * keep every charge with its status, a repeated idempotency key answers the same charge with its
 * current status (captured, or refunded), and a repeated refund key the same refund. A refund may
 * be partial (a pro rata extorno): the charge stays captured until all of it went back, and a
 * refund beyond what is left is declined.
 */
export class TestGateway implements PaymentProvider {
  readonly name = "test";
  private readonly now: Clock;
  readonly books: GatewayBooks;

  constructor(opts: { now?: Clock; books?: GatewayBooks } = {}) {
    this.now = opts.now ?? systemClock;
    this.books = opts.books ?? new MemoryGatewayBooks();
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const declined = this.declineReason(request);
    if (declined) return { status: "declined", reason: declined };
    const { payment } = request;
    const failsLater =
      payment.method === "card"
        ? payment.cardNumber.replace(/\D/g, "") === TEST_FAILS_LATER.cardNumber
        : payment.iban.replace(/\s/g, "").toUpperCase() === TEST_FAILS_LATER.iban;
    const mandate = `test_mandate_${payment.method}_${failsLater ? "fail" : "ok"}_${this.digest(request.idempotencyKey, request.amountCents)}`;
    const entry = await this.capture(request.idempotencyKey, payment.method, request.amountCents);
    return entry.status === "refunded"
      ? { status: "refunded", providerRef: entry.providerRef }
      : { status: "accepted", providerRef: entry.providerRef, mandate };
  }

  async chargeMandate(request: MandateChargeRequest): Promise<ChargeResult> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) return { status: "declined", reason: DECLINE_REASONS.invalidAmount };
    const m = /^test_mandate_(card|sepa)_(ok|fail)_/.exec(request.mandate);
    if (!m || m[1] !== request.method) return { status: "declined", reason: DECLINE_REASONS.invalidMandate };
    if (m[2] === "fail") return { status: "declined", reason: MANDATE_DECLINE_REASON };
    return answerOf(await this.capture(request.idempotencyKey, request.method, request.amountCents));
  }

  async registerSepaMandate(details: SepaDetails, reference: string) {
    if (!validateIban(details.iban).ok) return { status: "declined" as const, reason: DECLINE_REASONS.invalidIban };
    const failsLater = details.iban.replace(/\s/g, "").toUpperCase() === TEST_FAILS_LATER.iban;
    return { status: "accepted" as const, mandate: `test_mandate_sepa_${failsLater ? "fail" : "ok"}_${this.digest(reference, 0)}` };
  }

  /** Gives back all or part of a charge: at most what is left of it; the same key twice is the same refund. */
  async refund(request: RefundRequest): Promise<ChargeResult> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) return { status: "declined", reason: DECLINE_REASONS.invalidAmount };
    const known = await this.books.byKey(request.idempotencyKey);
    if (known?.kind === "refund") return { status: "accepted", providerRef: known.providerRef };
    const charge = await this.books.byRef(request.providerRef);
    // A charge the books never saw is still ours if it has our prefix: made before the gateway kept books (demo data, older installations).
    if (charge ? charge.kind !== "charge" : !request.providerRef.startsWith("test_"))
      return { status: "declined", reason: DECLINE_REASONS.unknownCharge };
    const refund = await this.books.recordRefund({
      idempotencyKey: request.idempotencyKey,
      method: charge?.method ?? "card",
      amountCents: request.amountCents,
      providerRef: `test_refund_${randomBytes(12).toString("hex")}`,
      refundOf: request.providerRef,
    });
    if (!refund) return { status: "declined", reason: DECLINE_REASONS.refundBeyondCharge };
    return { status: "accepted", providerRef: refund.providerRef };
  }

  async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    const entry = await this.books.byKey(idempotencyKey);
    return entry?.kind === "charge" ? answerOf(entry) : null;
  }

  /** The key's charge: the one the books keep, or a new one captured now (its reference is new, not derived from the key). */
  private capture(idempotencyKey: string, method: string, amountCents: number): Promise<GatewayEntry> {
    return this.books.recordCharge({ idempotencyKey, method, amountCents, providerRef: `test_${method}_${randomBytes(12).toString("hex")}` });
  }

  private digest(idempotencyKey: string, amountCents: number): string {
    return createHash("sha256").update(`${idempotencyKey}:${amountCents}`).digest("hex").slice(0, 24);
  }

  private declineReason({ amountCents, payment }: ChargeRequest): string | null {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return DECLINE_REASONS.invalidAmount;
    if (payment.method === "sepa") return validateIban(payment.iban).ok ? null : DECLINE_REASONS.invalidIban;
    if (!isValidCardNumber(payment.cardNumber)) return DECLINE_REASONS.invalidCard;
    const expiry = parseCardExpiry(payment.expiry);
    if (!expiry || !isExpiryCurrent(expiry, this.now())) return DECLINE_REASONS.expiredCard;
    if (!isValidCvc(payment.cvc)) return DECLINE_REASONS.invalidCvc;
    if (isTestDeclinedCard(payment.cardNumber)) return DECLINE_REASONS.declinedCard;
    return null;
  }
}

const answerOf = (entry: GatewayEntry): ChargeResult =>
  entry.status === "refunded" ? { status: "refunded", providerRef: entry.providerRef } : { status: "accepted", providerRef: entry.providerRef };

/**
 * The provider named by configuration; only the embedded test gateway exists so far. With `db`
 * it keeps its books in the database (the server's); without, in memory.
 */
export function createPaymentProvider(name: string | undefined, opts: { now?: Clock; db?: Database } = {}): PaymentProvider {
  switch (name ?? "test") {
    case "test":
      return new TestGateway({ now: opts.now, books: opts.db ? new DatabaseGatewayBooks(opts.db) : undefined });
    default:
      throw new Error(`Unknown payment provider: ${name}`);
  }
}
