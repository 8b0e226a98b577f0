// The quote endpoints over real HTTP, shared by tests/integration/quotes.test.ts and
// quotes-ownership.test.ts: one server on a fresh database per file, on a clock the file may move
// (setUpQuotesApi registers the hooks), and helpers to quote, read quotes and register visitors.
//
// `database` and `server` are live bindings: set by the hooks that setUpQuotesApi registers (after
// testServerForFile's), read by the tests afterwards.
import { createHash } from "node:crypto";
import { count } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { quotes } from "../../api/db/schema";
import type { Breakdown, Json } from "./checkout";
import { testServerForFile, type TestServer } from "./server";

export let database: DatabaseHandle;
export let server: TestServer;

export const START = new Date("2026-03-10T10:00:00.000Z");
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Starts the server on a fresh database, on the file's clock (`now`, START unless given), before the file's tests. */
export function setUpQuotesApi(now: () => Date = () => START): void {
  // These tests play staff: they change tariffs and settings in the database and expect the next quote to use them.
  const file = testServerForFile({ now, catalogueCacheMs: 0 });
  beforeAll(() => {
    database = file.database;
    server = file.server;
  });
}

export type FactorLine = { factor: string; title: string; label: string; input: string | null; value: number; amountCents: number };
export type Plan = {
  code: string;
  name: string;
  recommended: boolean;
  basePremiumCents: number;
  riskPremiumCents: number;
  explanation: FactorLine[];
  guarantees: unknown[];
  optionalGuarantees: unknown[];
  prices: Record<string, Breakdown>;
};
export type QuoteBody = {
  id: string;
  line: string;
  status: string;
  validUntil: string;
  createdAt: string;
  inputs: Record<string, unknown>;
  plans: Plan[];
  ownerToken?: string;
};

export async function call(method: string, path: string, opts: { body?: unknown; token?: string; owner?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.owner !== undefined) headers["x-quote-owner"] = opts.owner;
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}

export const createQuote = (line: string, inputs: unknown, token?: string) => call("POST", "/quotes", { body: { line, inputs }, token });

export async function createdQuote(line: string, inputs: unknown, token?: string): Promise<QuoteBody> {
  const response = await createQuote(line, inputs, token);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as unknown as QuoteBody;
}

export const readQuote = (id: string, opts: { token?: string; owner?: string } = {}) => call("GET", `/quotes/${id}`, opts);

let visitorCount = 0;
export async function registerVisitor(): Promise<string> {
  visitorCount += 1;
  const response = await call("POST", "/auth/register", {
    body: { name: `Visitante ${visitorCount}`, email: `visitante${visitorCount}@example.com`, password: "Gazpacho-andaluz-2026" },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.token as string;
}

export async function quoteCount(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(quotes);
  return row!.n;
}

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
export const NOT_FOUND = { error: "Cotización no encontrada" };

export function expectPricedPlans(quote: QuoteBody, planCount: number) {
  expect(quote.plans).toHaveLength(planCount);
  for (const plan of quote.plans) {
    expect(plan.guarantees.length, plan.code).toBeGreaterThan(0);
    expect(Object.keys(plan.prices).sort()).toEqual(["anual", "mensual", "semestral", "trimestral"]);
    const instalments: Record<string, number> = { anual: 1, semestral: 2, trimestral: 4, mensual: 12 };
    for (const [frequency, price] of Object.entries(plan.prices)) {
      expect(price.net, `${plan.code} ${frequency}`).toBeGreaterThan(0);
      expect(Number.isInteger(price.total)).toBe(true);
      expect(price.total).toBe(price.net + price.fractionation + price.consorcio + price.clea + price.ips);
      expect(price.recibos).toHaveLength(instalments[frequency]!);
      expect(price.recibos.reduce((sum, r) => sum + r.amount, 0)).toBe(price.total);
    }
    expect(plan.prices.anual!.fractionation).toBe(0);
    expect(plan.prices.mensual!.total).toBeGreaterThan(plan.prices.anual!.total);
  }
}
