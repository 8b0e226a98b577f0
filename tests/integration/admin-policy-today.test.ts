// "Today" on /admin/policies/{id} is the API's: its clock judges a cancellation's effective date,
// so the form's default comes from the API's answer, not from the web server's clock. The API's
// clock is set here half an hour after midnight in Spain (still the day before in UTC), a day the
// web server's own clock is not on.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminLoginAnswerSchema } from "../../api/contract/auth";
import type { DatabaseHandle } from "../../api/db/client";
import { ADMIN_TOKEN_KEY, ADMIN_USER_KEY, adminSessionStorage } from "../../app/lib/session.server";
import { createTestDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { insertTestPolicy, type TestPolicy } from "../support/policies";
import { memoryLogger, startTestServer, TEST_SESSION_SECRET } from "../support/server";

const API_NOW = new Date("2027-03-10T23:30:00.000Z"); // 00:30 on 11 March 2027 in Madrid
const API_TODAY = "2027-03-11";

let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startTestServer>>;
let policy: TestPolicy;
let token: string;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ database, now: () => API_NOW, logger: memoryLogger() });
  policy = await insertTestPolicy(database.db, { startDate: "2027-03-01", createdAt: API_NOW });
  const login = await fetch(`${server.url}/api/admin/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
  });
  const answer = AdminLoginAnswerSchema.parse(await login.json());
  token = answer.token;
  // The session the /admin/login action stores, built by the web's own cookie storage.
  const storage = adminSessionStorage({ sessionSecrets: [TEST_SESSION_SECRET], secureCookies: false } as AppLoadContext);
  const session = await storage.getSession();
  session.set(ADMIN_TOKEN_KEY, answer.token);
  session.set(ADMIN_USER_KEY, JSON.stringify(answer.admin));
  cookie = (await storage.commitSession(session)).split(";")[0]!;
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

describe("la fecha de hoy de una póliza en el back office", () => {
  it("la API la da con la póliza, según su reloj y en hora de España", async () => {
    const response = await fetch(`${server.url}/api/admin/policies/${policy.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { today: string }).today).toBe(API_TODAY);
  });

  it("la anulación propone como fecha de efecto el hoy de la API, no el del servidor web", async () => {
    const response = await fetch(`${server.url}/admin/policies/${policy.id}`, { headers: { cookie }, redirect: "manual" });
    expect(response.status).toBe(200);
    const html = await response.text();
    const input = html.match(/<input[^>]*name="effectiveDate"[^>]*>/)?.[0];
    expect(input, "el campo Fecha de efecto de la anulación").toBeDefined();
    // Shown as people type dates (dd/mm/aaaa).
    expect(input).toContain(`value="${API_TODAY.split("-").reverse().join("/")}"`);
  });
});
