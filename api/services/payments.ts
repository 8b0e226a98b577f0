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
  | { status: "accepted"; providerRef: string }
  | { status: "declined"; reason: string };

export interface PaymentProvider {
  /** Stored with each payment row ("test", "redsys"…). */
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
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
} as const;

/**
 * The test gateway: any Luhn-valid card whose expiry is this month or later is accepted, except
 * 4000 0000 0000 0002, which is always declined; SEPA debits are accepted for any valid IBAN.
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
    const digest = createHash("sha256").update(`${request.idempotencyKey}:${request.amountCents}`).digest("hex");
    return { status: "accepted", providerRef: `test_${request.payment.method}_${digest.slice(0, 24)}` };
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
