// Demo data for a first start on a developer's machine: a few fictitious customers with
// quotes and policies across the three lines and the states a back office sees, so that the
// dashboard and the lists are not empty. Made through the API itself (in process), so every row —
// recibos, payments, consents, history, audit, e-mails in the outbox — is what a real sale writes.
//
// When: the first start with the embedded database outside production (DEMO_DATA=0 turns it off);
// on PostgreSQL or in production only with DEMO_DATA=1. Never on a database that already has
// customers, and once (the setting `demo_data` records it).
import { eq, inArray } from "drizzle-orm";
import type { ApiApp } from "../../env";
import type { RateLimits } from "../../limits";
import { nifCheckLetter } from "../../domain/nif";
import { addDays, madridDate } from "../../domain/calendar";
import type { Database } from "../client";
import { quotes, settings, users } from "../schema";

export const DEMO_DATA_SETTING = "demo_data";
/** The password of every demo customer (printed in the log, written in the README). */
export const DEMO_CUSTOMER_PASSWORD = "Cliente-Demo-2026";
/** The demo's own API signs up every customer from one address: its limits leave room for that. */
export const DEMO_RATE_LIMITS: Partial<RateLimits> = {
  register: { limit: 100, windowMs: 3_600_000 },
  checkout: { limit: 100, windowMs: 3_600_000 },
};

/** Whether this start should create the demo data (DEMO_DATA wins; else embedded database outside production). */
export function demoDataWanted(env: { DEMO_DATA?: "0" | "1"; NODE_ENV: string; DATABASE_URL?: string }): boolean {
  if (env.DEMO_DATA) return env.DEMO_DATA === "1";
  return env.NODE_ENV !== "production" && !env.DATABASE_URL;
}

type Line = "auto" | "hogar" | "alquiler";
type Payment = { method: "card"; cardNumber: string; expiry: string; cvc: string; holder: string } | { method: "sepa"; iban: string; holder: string };

type DemoCustomer = {
  name: string;
  email: string;
  nifDigits: string;
  birthDate: string;
  phone: string;
  address: string;
  postalCode: string;
  city: string;
  /** What each customer bought, and what happened next. */
  policies: Array<{ line: Line; plan: string; frequency: string; payment: "card" | "sepa"; then?: "withdraw" | "stop-renewal" }>;
  /** Quotes left without buying: open, or already expired. */
  quotes: Array<{ line: Line; expired?: boolean }>;
};

const INPUTS: Record<Line, Record<string, unknown>> = {
  auto: {
    driverBirthDate: "1984-03-12",
    licenseDate: "2003-06-20",
    postalCode: "28013",
    vehicleBrand: "Seat",
    vehicleModel: "León",
    vehicleYear: 2021,
    vehicleValue: 2_200_000,
    use: "particular",
    annualKm: 15_000,
    claimFreeYears: 8,
  },
  hogar: {
    postalCode: "46001",
    dwellingType: "piso",
    floor: "intermedio",
    areaM2: 85,
    yearBuilt: 1998,
    residence: "habitual",
    buildingValue: 15_000_000,
    contentsValue: 3_000_000,
    alarm: true,
    reinforcedDoor: false,
  },
  alquiler: { postalCode: "08001", monthlyRent: 95_000, tenantMonthlyIncome: 320_000 },
};

const INSURED: Record<Line, Record<string, unknown>> = {
  auto: { registration: "4821 KLM" },
  hogar: { riskAddress: { street: "Calle de la Paz 3", door: "2.º A", postalCode: "46001", city: "Valencia" } },
  alquiler: { riskAddress: { street: "Carrer de Balmes 21", door: "4.º 2.ª", postalCode: "08001", city: "Barcelona" } },
};

const CUSTOMERS: DemoCustomer[] = [
  {
    name: "Lucía Martín Sanz",
    email: "lucia.martin@example.com",
    nifDigits: "51234567",
    birthDate: "1985-06-15",
    phone: "600 123 456",
    address: "Calle Mayor 12, 3.º B",
    postalCode: "28013",
    city: "Madrid",
    policies: [{ line: "hogar", plan: "completo", frequency: "anual", payment: "card" }],
    quotes: [{ line: "auto" }],
  },
  {
    name: "Javier Ruiz Ortega",
    email: "javier.ruiz@example.com",
    nifDigits: "52345678",
    birthDate: "1979-11-02",
    phone: "611 234 567",
    address: "Avenida de América 40, 5.º",
    postalCode: "28028",
    city: "Madrid",
    policies: [{ line: "auto", plan: "terceros", frequency: "trimestral", payment: "sepa", then: "stop-renewal" }],
    quotes: [],
  },
  {
    name: "Carmen López Vidal",
    email: "carmen.lopez@example.com",
    nifDigits: "53456789",
    birthDate: "1990-02-27",
    phone: "622 345 678",
    address: "Carrer de Mallorca 200, 1.º 1.ª",
    postalCode: "08036",
    city: "Barcelona",
    policies: [{ line: "alquiler", plan: "meses_12", frequency: "anual", payment: "card", then: "withdraw" }],
    quotes: [{ line: "hogar", expired: true }],
  },
  {
    name: "Pablo García Núñez",
    email: "pablo.garcia@example.com",
    nifDigits: "54567890",
    birthDate: "1972-08-09",
    phone: "633 456 789",
    address: "Calle Colón 15, 2.º",
    postalCode: "46004",
    city: "Valencia",
    policies: [
      { line: "hogar", plan: "basico", frequency: "mensual", payment: "sepa" },
      { line: "auto", plan: "todo_riesgo", frequency: "semestral", payment: "card" },
    ],
    quotes: [],
  },
  {
    name: "Ana Torres Blanco",
    email: "ana.torres@example.com",
    nifDigits: "55678901",
    birthDate: "1995-04-30",
    phone: "644 567 890",
    address: "Calle Sierpes 8",
    postalCode: "41004",
    city: "Sevilla",
    policies: [{ line: "alquiler", plan: "meses_6", frequency: "anual", payment: "card" }],
    quotes: [{ line: "alquiler" }, { line: "auto", expired: true }],
  },
];

const CONSENTS = { terms: true, privacy: true, ipid: true, marketing: false };

function payment(kind: "card" | "sepa", holder: string): Payment {
  return kind === "card"
    ? { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder }
    : { method: "sepa", iban: "ES91 2100 0418 4502 0005 1332", holder };
}

/**
 * Creates the demo data when wanted and the database has no customers yet. `api` is an API built
 * on the same database with limits high enough for a dozen sign-ups from one address.
 */
export async function seedDemoData(db: Database, api: ApiApp, log: (msg: string, fields?: Record<string, unknown>) => void): Promise<boolean> {
  const [done] = await db.select().from(settings).where(eq(settings.key, DEMO_DATA_SETTING));
  if (done) return false;
  const [anyone] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyone) return false;

  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await api.request(path, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok)
      throw new Error(`datos de demostración: ${method} ${path} respondió ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
    return answer;
  };

  const expiredQuoteIds: string[] = [];
  let policiesMade = 0;
  for (const customer of CUSTOMERS) {
    const { token } = (await call("POST", "/auth/register", { name: customer.name, email: customer.email, password: DEMO_CUSTOMER_PASSWORD })) as {
      token: string;
    };
    const policyholder = {
      name: customer.name,
      nif: `${customer.nifDigits}${nifCheckLetter(customer.nifDigits)}`,
      birthDate: customer.birthDate,
      phone: customer.phone,
      address: customer.address,
      postalCode: customer.postalCode,
      city: customer.city,
    };
    for (const bought of customer.policies) {
      const quote = (await call("POST", "/quotes", { line: bought.line, inputs: INPUTS[bought.line] }, token)) as { id: string };
      const policy = (await call(
        "POST",
        `/quotes/${quote.id}/checkout`,
        {
          plan: bought.plan,
          optionalGuarantees: [],
          frequency: bought.frequency,
          ...INSURED[bought.line],
          policyholder,
          payment: payment(bought.payment, customer.name),
          consents: CONSENTS,
          idempotencyKey: crypto.randomUUID(),
        },
        token,
      )) as { id: number };
      policiesMade += 1;
      if (bought.then) await call("POST", `/me/policies/${policy.id}/${bought.then}`, undefined, token);
    }
    for (const wanted of customer.quotes) {
      const quote = (await call("POST", "/quotes", { line: wanted.line, inputs: INPUTS[wanted.line] }, token)) as { id: string };
      if (wanted.expired) expiredQuoteIds.push(quote.id);
    }
  }
  // Quotes made "weeks ago": past their validity (the next read marks them caducada).
  if (expiredQuoteIds.length > 0) {
    const weeksAgo = addDays(madridDate(new Date()), -30);
    await db
      .update(quotes)
      .set({ validUntil: new Date(`${weeksAgo}T12:00:00Z`), createdAt: new Date(`${addDays(weeksAgo, -15)}T10:00:00Z`) })
      .where(inArray(quotes.id, expiredQuoteIds));
  }
  await db.insert(settings).values({ key: DEMO_DATA_SETTING, value: { createdAt: new Date().toISOString(), customers: CUSTOMERS.length } });
  log("datos de demostración creados", { customers: CUSTOMERS.length, policies: policiesMade, password: DEMO_CUSTOMER_PASSWORD });
  return true;
}
