// Money in: the payment provider interface the checkout charges through, and the embedded test
// gateway (DOMAIN.md "Money in"). A real gateway plugs in by passing another PaymentProvider in
// the API's deps. Only masked labels of a means of payment ever leave this module; the full card
// number and the CVC are used for the charge and never stored or logged.
import { createHash } from "node:crypto";
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
  { status: "accepted"; providerRef: string; mandate?: string } | { status: "declined"; reason: string };

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
 * Stateless: the provider reference is derived from the idempotency key, so a retried charge
 * answers the same reference, as a real gateway does for a repeated idempotency key.
 */
export class TestGateway implements PaymentProvider {
  readonly name = "test";
  private readonly now: Clock;

  constructor(opts: { now?: Clock } = {}) {
    this.now = opts.now ?? systemClock;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const declined = this.declineReason(request);
    if (declined) return { status: "declined", reason: declined };
    const digest = this.digest(request.idempotencyKey, request.amountCents);
    const { payment } = request;
    const failsLater =
      payment.method === "card"
        ? payment.cardNumber.replace(/\D/g, "") === TEST_FAILS_LATER.cardNumber
        : payment.iban.replace(/\s/g, "").toUpperCase() === TEST_FAILS_LATER.iban;
    return {
      status: "accepted",
      providerRef: `test_${payment.method}_${digest}`,
      mandate: `test_mandate_${payment.method}_${failsLater ? "fail" : "ok"}_${digest}`,
    };
  }

  async chargeMandate(request: MandateChargeRequest): Promise<ChargeResult> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) return { status: "declined", reason: DECLINE_REASONS.invalidAmount };
    const m = /^test_mandate_(card|sepa)_(ok|fail)_/.exec(request.mandate);
    if (!m || m[1] !== request.method) return { status: "declined", reason: DECLINE_REASONS.invalidMandate };
    if (m[2] === "fail") return { status: "declined", reason: MANDATE_DECLINE_REASON };
    return { status: "accepted", providerRef: `test_${request.method}_${this.digest(request.idempotencyKey, request.amountCents)}` };
  }

  async registerSepaMandate(details: SepaDetails, reference: string) {
    if (!validateIban(details.iban).ok) return { status: "declined" as const, reason: DECLINE_REASONS.invalidIban };
    const failsLater = details.iban.replace(/\s/g, "").toUpperCase() === TEST_FAILS_LATER.iban;
    return { status: "accepted" as const, mandate: `test_mandate_sepa_${failsLater ? "fail" : "ok"}_${this.digest(reference, 0)}` };
  }

  async refund(request: RefundRequest): Promise<ChargeResult> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) return { status: "declined", reason: DECLINE_REASONS.invalidAmount };
    if (!request.providerRef.startsWith("test_")) return { status: "declined", reason: DECLINE_REASONS.unknownCharge };
    return { status: "accepted", providerRef: `test_refund_${this.digest(request.idempotencyKey, request.amountCents)}` };
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

/** The provider named by configuration; only the embedded test gateway exists so far. */
export function createPaymentProvider(name: string | undefined, opts: { now?: Clock } = {}): PaymentProvider {
  switch (name ?? "test") {
    case "test":
      return new TestGateway(opts);
    default:
      throw new Error(`Unknown payment provider: ${name}`);
  }
}
