// The API calls of one web request share their account reads (api/account-reads.ts): what that
// may and may not change. A revoked session (here: its session version moved, as a password
// change does) is refused by every call from outside at once, and by the calls of the same web
// request from their first write on.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_READS_ENV_KEY, type AccountReads } from "../../api/account-reads";
import { createApi } from "../../api/app";
import type { DatabaseHandle } from "../../api/db/client";
import { adminUsers, users } from "../../api/db/schema";
import type { ApiApp } from "../../api/env";
import { createTestDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { ALQUILER } from "../support/quote-inputs";
import { memoryLogger, TEST_JWT_SECRET, TEST_RATE_LIMITS } from "../support/server";

let database: DatabaseHandle;
let api: ApiApp;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createApi({
    db: database.db,
    readDb: database.readDb,
    logger: memoryLogger(),
    now: () => new Date(),
    jwtSecret: TEST_JWT_SECRET,
    rateLimits: TEST_RATE_LIMITS,
  });
});
afterAll(async () => {
  await database?.close();
});

let visitors = 0;
async function register(): Promise<{ token: string; id: number; email: string }> {
  visitors += 1;
  const response = await api.request("/auth/register", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: `Tomador ${visitors}`, email: `lecturas${visitors}@example.com`, password: "Gazpacho-andaluz-2026" }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { token: string; user: { email: string } };
  // The account's id is the token's subject.
  const claims = JSON.parse(Buffer.from(body.token.split(".")[1]!, "base64url").toString()) as { sub: string };
  return { token: body.token, id: Number(claims.sub), email: body.user.email };
}

/** A call of the web request whose memo is `reads` (none: a call from outside). */
const call = (method: string, path: string, token: string, reads?: AccountReads) =>
  api.request(path, { method, headers: { authorization: `Bearer ${token}` } }, reads ? { [ACCOUNT_READS_ENV_KEY]: reads } : undefined);

const revoke = (id: number) =>
  database.db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, id));

describe("las lecturas de la cuenta dentro de una petición de la web", () => {
  it("se comparten entre las lecturas de la misma petición, y una escritura vuelve a leer", async () => {
    const visitor = await register();
    const reads: AccountReads = new Map();
    expect((await call("GET", "/auth/profile", visitor.token, reads)).status).toBe(200);
    await revoke(visitor.id);
    // Outside the web request the revocation counts at once.
    expect((await call("GET", "/auth/profile", visitor.token)).status).toBe(401);
    expect((await call("GET", "/auth/profile", visitor.token, new Map())).status).toBe(401);
    // The same web request's next read uses the account it read a moment ago.
    expect((await call("GET", "/auth/profile", visitor.token, reads)).status).toBe(200);
    // A call that may write reads the account again, and so does every call after it.
    expect((await call("POST", "/auth/logout", visitor.token, reads)).status).toBe(401);
    expect((await call("GET", "/auth/profile", visitor.token, reads)).status).toBe(401);
  });

  it("el precio de un plan, un POST que solo lee, comparte la lectura como un GET (la página de contratar)", async () => {
    const visitor = await register();
    const headers = { authorization: `Bearer ${visitor.token}`, "content-type": "application/json" };
    const created = await api.request("/quotes", { method: "POST", headers, body: JSON.stringify({ line: "alquiler", inputs: ALQUILER }) });
    expect(created.status).toBe(201);
    const quote = (await created.json()) as { id: string; plans: Array<{ code: string }> };
    const reads: AccountReads = new Map();
    expect((await call("GET", `/quotes/${quote.id}`, visitor.token, reads)).status).toBe(200);
    await revoke(visitor.id);
    const price = (memo?: AccountReads) =>
      api.request(
        `/quotes/${quote.id}/price`,
        { method: "POST", headers, body: JSON.stringify({ plan: quote.plans[0]!.code, optionalGuarantees: [], frequency: "anual" }) },
        memo ? { [ACCOUNT_READS_ENV_KEY]: memo } : undefined,
      );
    // The account read a moment ago serves it, and stays for the calls after it.
    expect((await price(reads)).status).toBe(200);
    expect(reads.size).toBe(1);
    expect((await call("GET", `/quotes/${quote.id}`, visitor.token, reads)).status).toBe(200);
    // From outside, the revocation counts.
    expect((await price()).status).toBe(401);
  });

  it("el precio de un plan de la venta por teléfono también comparte la lectura, y una llamada que escribe vuelve a leer", async () => {
    const json = { "content-type": "application/json" };
    const login = await api.request("/admin/auth/login", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const headers = { ...json, authorization: `Bearer ${token}` };
    const created = await api.request("/admin/policies/quotes", {
      method: "POST",
      headers,
      body: JSON.stringify({ line: "alquiler", inputs: ALQUILER }),
    });
    expect(created.status).toBe(201);
    const quote = (await created.json()) as { id: string; plans: Array<{ code: string }> };
    const reads: AccountReads = new Map();
    expect((await call("GET", `/admin/policies/quotes/${quote.id}`, token, reads)).status).toBe(200);
    await database.db
      .update(adminUsers)
      .set({ sessionVersion: sql`${adminUsers.sessionVersion} + 1` })
      .where(eq(adminUsers.email, TEST_ADMIN_EMAIL));
    const price = (memo?: AccountReads) =>
      api.request(
        `/admin/policies/quotes/${quote.id}/price`,
        { method: "POST", headers, body: JSON.stringify({ plan: quote.plans[0]!.code, optionalGuarantees: [], frequency: "anual" }) },
        memo ? { [ACCOUNT_READS_ENV_KEY]: memo } : undefined,
      );
    expect((await price(reads)).status).toBe(200);
    expect(reads.size).toBe(1);
    expect((await price()).status).toBe(401);
    // A call that may write (here a sign-out) reads the account again: the revocation counts.
    expect((await call("POST", "/admin/auth/logout", token, reads)).status).toBe(401);
    expect(reads.size).toBe(0);
  });

  it("son de cada token: otra sesión en la misma petición lee su propia cuenta", async () => {
    const first = await register();
    const second = await register();
    const reads: AccountReads = new Map();
    expect((await call("GET", "/auth/profile", first.token, reads)).status).toBe(200);
    await revoke(second.id);
    expect((await call("GET", "/auth/profile", second.token, reads)).status).toBe(401);
    const profile = (await (await call("GET", "/auth/profile", first.token, reads)).json()) as { email: string };
    expect(profile.email).toBe(first.email);
  });

  it("un token que no vale no llega a leer nada ni queda recordado", async () => {
    const visitor = await register();
    const reads: AccountReads = new Map();
    expect((await call("GET", "/auth/profile", `${visitor.token}x`, reads)).status).toBe(401);
    expect(reads.size).toBe(0);
    expect((await call("GET", "/auth/profile", visitor.token, reads)).status).toBe(200);
    expect(reads.size).toBe(1);
  });
});
