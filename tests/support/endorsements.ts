// Suplementos over real HTTP, shared by tests/integration/endorsements.test.ts and
// endorsements-premium.test.ts: the checkout API (tests/support/checkout.ts) on a clock the
// fixture moves, and a customer (`owner`) with two hogar policies bought on 10 March 2026 —
// `hogar` (basico, trimestral, card) and `sepa` (basico, anual, SEPA) — seen on 25 April 2026;
// `stranger` is another customer. setUpEndorsements registers the hooks.
//
// `owner`, `stranger`, `hogar` and `sepa` are live bindings: set by the beforeAll that
// setUpEndorsements registers, read by the tests afterwards.
import { beforeAll, expect } from "vitest";
import { call, checkout, checkoutBody, createQuote, GOOD_CARD, registerVisitor, SEPA, setUpCheckoutApi, type Policy } from "./checkout";
import { HOGAR } from "./quote-inputs";

/** Contracts on 10 March 2026, 10:00 in Madrid; cover from the 11th. */
const CONTRACTED = new Date("2026-03-10T09:00:00.000Z");
/** The API's clock: moved forward by the tests; back at CONTRACTED for each file (setUpEndorsements). */
let now = CONTRACTED;
const at = (iso: string) => {
  const next = new Date(iso);
  expect(next.getTime()).toBeGreaterThanOrEqual(now.getTime());
  now = next;
};

export const PASSWORD = "Gazpacho-andaluz-2026";
export type Visitor = Awaited<ReturnType<typeof registerVisitor>>;
export type Price = { net: number; fractionation: number; consorcio: number; clea: number; ips: number; total: number };
export type Options = {
  possible: boolean;
  refusal: string | null;
  effectiveDates: { earliest: string; latest: string; chosen: string } | null;
  days: { remaining: number; total: number } | null;
  options: Array<{ code: string; name: string; yearlyCents: number; price: Price }>;
  selection: { guarantees: string[]; price: Price } | null;
  payWith: string[];
};
export type Endorsement = {
  id: number;
  policyId: number;
  version: number;
  effectiveDate: string;
  remainingDays: number;
  termDays: number;
  guarantees: Array<{ code: string; name: string; yearlyCents: number; netCents: number }>;
  price: Price;
  recibo: { sequence: number; amount: number; status: string; documentUrl: string };
  payment: { method: string; label: string | null };
  conditionsUrl: string;
};

export async function signIn(visitor: Visitor): Promise<string> {
  const answer = await call("POST", "/auth/login", { body: { email: visitor.email, password: PASSWORD } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token as string;
}

export async function buyHogar(visitor: Visitor, overrides: Record<string, unknown> = {}): Promise<Policy> {
  const quote = await createQuote("hogar", HOGAR, visitor.token);
  const answer = await checkout(
    quote.id,
    checkoutBody(visitor.nif, { plan: "basico", frequency: "trimestral", ...overrides }, "hogar"),
    visitor.token,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as unknown as Policy;
}

export const options = async (token: string, policyId: number, query = "") =>
  call("GET", `/me/policies/${policyId}/guarantee-options${query}`, { token });
export const endorse = (token: string, policyId: number, body: Record<string, unknown>) =>
  call("POST", `/me/policies/${policyId}/endorsements`, {
    token,
    body: { ipid: true, payment: GOOD_CARD, idempotencyKey: crypto.randomUUID(), ...body },
  });

export let owner: Visitor;
export let stranger: Visitor;
export let hogar: Policy; // basico, trimestral, card: the suplementos
export let sepa: Policy; // basico, anual, SEPA: a recibo through the mandate

/** Starts the API on the moving clock, then buys `hogar` and `sepa` for `owner` and moves to 25 April 2026, before the file's tests. */
export function setUpEndorsements(): void {
  // Without per-file isolation this module outlives a file: the one before left the clock on 25 April.
  beforeAll(() => {
    now = CONTRACTED;
  });
  setUpCheckoutApi(() => now);
  beforeAll(async () => {
    owner = await registerVisitor();
    stranger = await registerVisitor();
    hogar = await buyHogar(owner);
    sepa = await buyHogar(owner, { frequency: "anual", payment: SEPA });
    // A month and a half later: 25 April 2026, 10:00 in Madrid.
    at("2026-04-25T08:00:00.000Z");
  });
}
