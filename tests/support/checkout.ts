// Quotes, checkout and policies over real HTTP, shared by tests/integration/checkout.test.ts and
// policies.test.ts: one server on a fresh database per file with its clock fixed at START
// (setUpCheckoutApi registers the hooks), and helpers to register visitors, quote and check out.
//
// `database` and `server` are live bindings: set by the beforeAll that setUpCheckoutApi
// registers, read by the tests afterwards.
import { count } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { clients, consents, outboxEmails, payments, policies, recibos } from "../../api/db/schema";
import { nifCheckLetter } from "../../api/domain/nif";
import type { PaymentProvider } from "../../api/services/payments";
import { createTestDatabase } from "./db";
import { startTestServer } from "./server";

export let database: DatabaseHandle;
export let server: Awaited<ReturnType<typeof startTestServer>>;

// 10:00 in Madrid (UTC+1 in March), on the 10th: a policy starts tomorrow unless it chooses a later day.
export const START = new Date("2026-03-10T09:00:00.000Z");
export const TOMORROW = "2026-03-11";
const clock = START;

/** Starts the server on a fresh database, on the fixed clock (or the test's own, `now`), before the file's tests; `payments`: a provider of the test's own. */
export function setUpCheckoutApi(now: () => Date = () => clock, payments?: PaymentProvider): void {
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startTestServer({ database, now, publicBaseUrl: "https://seguros.example.es", payments });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });
}

export type Json = Record<string, unknown> & { error?: string; fieldErrors?: Record<string, string[]> };
export type Breakdown = {
  net: number;
  fractionation: number;
  consorcio: number;
  clea: number;
  ips: number;
  total: number;
  recibos: { sequence: number; dueDate: string; amount: number }[];
};
export type Quote = {
  id: string;
  status: string;
  ownerToken?: string;
  plans: Array<{
    code: string;
    name: string;
    riskPremiumCents: number;
    optionalGuarantees: Array<{ code: string; priceCents: number }>;
    prices: Record<string, Breakdown>;
  }>;
};
export type Policy = {
  id: number;
  number: string;
  line: string;
  status: string;
  plan: { code: string; name: string };
  startDate: string;
  endDate: string;
  frequency: string;
  quoteId: string;
  guarantees: Array<{ code: string; kind: string; priceCents: number | null }>;
  premium: Omit<Breakdown, "recibos">;
  recibos: Array<{ sequence: number; dueDate: string; amount: number; status: string; paidAt: string | null; documentUrl: string }>;
  payment: { method: string; label: string } | null;
  withdrawal: { allowed: boolean; until: string | null };
  documents: Array<{ kind: string; url: string }>;
  policyholder: { name: string; nif: string };
  risk: Record<string, unknown>;
  riskDescription: { title: string; identification: { label: string; value: string } | null; rows: Array<{ label: string; value: string }> };
};

export async function call(method: string, path: string, opts: { body?: unknown; token?: string; owner?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.owner) headers["x-quote-owner"] = opts.owner;
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}

export async function download(path: string, opts: { token?: string; owner?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.owner) headers["x-quote-owner"] = opts.owner;
  const response = await fetch(`${server.url}/api${path}`, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

export const GOOD_CARD = { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Lucía Martín" };
export const DECLINED_CARD = { ...GOOD_CARD, cardNumber: "4000 0000 0000 0002" };
export const IBAN = "ES91 2100 0418 4502 0005 1332";
export const SEPA = { method: "sepa", iban: IBAN, holder: "Lucía Martín" };
export const CONSENTS = { terms: true, privacy: true, ipid: true, marketing: false };

let visitors = 0;
export async function registerVisitor(): Promise<{ token: string; email: string; nif: string }> {
  visitors += 1;
  const email = `tomador${visitors}@example.com`;
  const response = await call("POST", "/auth/register", { body: { name: `Tomador ${visitors}`, email, password: "Gazpacho-andaluz-2026" } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const digits = String(50_000_000 + visitors);
  return { token: response.body.token as string, email, nif: `${digits}${nifCheckLetter(digits)}` };
}

export async function createQuote(line: string, inputs: unknown, token?: string): Promise<Quote> {
  const response = await call("POST", "/quotes", { body: { line, inputs }, token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as unknown as Quote;
}

export function holder(nif: string) {
  return {
    name: "Lucía Martín Sanz",
    nif,
    birthDate: "1985-06-15",
    phone: "+34 600 123 456",
    address: "Calle Mayor 12, 3.º B",
    postalCode: "28013",
    city: "Madrid",
  };
}

/** What identifies the insured object of each line in the quotes of quote-inputs.ts (the dwellings in their postal codes). */
export const INSURED = {
  auto: { registration: "1234 bcd" },
  hogar: { riskAddress: { street: "Calle de la Paz 3", door: "2.º A", postalCode: "46001", city: "Valencia" } },
  alquiler: { riskAddress: { street: "Carrer de Balmes 21", postalCode: "08001", city: "Barcelona" } },
} as const;

/** A valid checkout of a quote of `line` (its plan given in `overrides` for hogar and alquiler). */
export function checkoutBody(nif: string, overrides: Record<string, unknown> = {}, line: keyof typeof INSURED = "auto") {
  return {
    plan: "terceros",
    optionalGuarantees: [],
    frequency: "anual",
    ...INSURED[line],
    policyholder: holder(nif),
    payment: GOOD_CARD,
    consents: CONSENTS,
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  };
}

export const checkout = (quoteId: string, body: unknown, token?: string, owner?: string) =>
  call("POST", `/quotes/${quoteId}/checkout`, { body, token, owner });

export async function tableCounts() {
  const db = database.db;
  const n = async (table: typeof clients | typeof policies | typeof recibos | typeof payments | typeof consents | typeof outboxEmails) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    clients: await n(clients),
    policies: await n(policies),
    recibos: await n(recibos),
    payments: await n(payments),
    consents: await n(consents),
    outbox: await n(outboxEmails),
  };
}

export const NOT_FOUND_QUOTE = { error: "Cotización no encontrada" };
export const NOT_FOUND_POLICY = { error: "Póliza no encontrada" };
