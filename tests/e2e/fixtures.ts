import { test as base, expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import type { AppLoadContext } from "@remix-run/node";
import { AdminLoginAnswerSchema, AuthAnswerSchema, type AdminRecord } from "../../api/contract/auth";
import {
  ADMIN_TOKEN_KEY,
  ADMIN_USER_KEY,
  adminSessionStorage,
  VISITOR_TOKEN_KEY,
  VISITOR_USER_KEY,
  visitorSessionStorage,
} from "../../app/lib/session.server";
import { E2E_ADMIN, E2E_SESSION_SECRET } from "../../playwright.config";
import { createStaffAccount, type VisitorAccount } from "./support";

// Playwright's `test` with fixtures that sign a browser in by creating its session directly: a
// token from the API over HTTP, then the signed session cookie built by the web's own cookie
// storage (app/lib/session.server.ts: same names, keys, signing and lifetime) with the e2e
// server's SESSION_SECRET, added to the browser context. No login page is opened, so only the
// specs that test the login and register pages click through them.
//
//   import { expect, test } from "./fixtures";
//   test("…", async ({ page, signInAsAdmin }) => {
//     await signInAsAdmin("gestor");
//     await page.goto("/admin");
//   });

/** The staff roles every database is seeded with. */
export type SeededRole = "superadmin" | "gestor" | "comercial" | "auditor";

export type SignedInVisitor = VisitorAccount & { token: string };
export type AdminCredentials = { email: string; password: string };
export type SignedInAdmin = AdminCredentials & { token: string; admin: AdminRecord };

/** Signing in without the login pages; worker-scoped, so `beforeAll` and extra contexts can use it. */
export type Sessions = {
  /** Registers a new visitor through the API and signs `context` in as them. */
  visitor(context: BrowserContext, options?: { name?: string }): Promise<SignedInVisitor>;
  /** Signs `context` in as this worker's admin of `role` (created through the API on first use). */
  admin(context: BrowserContext, role: SeededRole): Promise<SignedInAdmin>;
  /** Signs `context` in as an existing admin account. */
  adminWith(context: BrowserContext, credentials: AdminCredentials): Promise<SignedInAdmin>;
  /** A fresh token of the e2e superadmin (E2E_ADMIN), to set data up through the API. */
  superadminToken(): Promise<string>;
};

type TestFixtures = {
  /** A new visitor account, registered through the API, signed in in this test's `context`. */
  signInAsVisitor: (options?: { name?: string }) => Promise<SignedInVisitor>;
  /** This worker's admin of a seeded role, signed in in this test's `context`. */
  signInAsAdmin: (role: SeededRole) => Promise<SignedInAdmin>;
};
type WorkerFixtures = { sessions: Sessions };

const VISITOR_PASSWORD = "Cliente-Segura-2026";
const ADMIN_PASSWORD = "Fixture-Personal-2026";

/** The load context the web's cookie storages read: the e2e server's secret, Secure cookies (NODE_ENV=production). */
const cookieContext = { sessionSecrets: [E2E_SESSION_SECRET], secureCookies: true } as AppLoadContext;

/** A Set-Cookie header as a cookie for BrowserContext.addCookies, for the host of `baseURL`. */
export function browserCookie(setCookie: string, baseURL: string): Parameters<BrowserContext["addCookies"]>[0][number] {
  const [pair, ...attributes] = setCookie.split(";").map((part) => part.trim());
  const at = pair!.indexOf("=");
  const attribute = (name: string) => attributes.find((a) => a.toLowerCase().split("=")[0] === name.toLowerCase());
  const maxAge = attribute("Max-Age")?.split("=")[1];
  const sameSite = attribute("SameSite")?.split("=")[1]?.toLowerCase();
  return {
    name: pair!.slice(0, at),
    value: pair!.slice(at + 1),
    domain: new URL(baseURL).hostname,
    path: attribute("Path")?.split("=")[1] ?? "/",
    httpOnly: attribute("HttpOnly") !== undefined,
    secure: attribute("Secure") !== undefined,
    sameSite: sameSite === "strict" ? "Strict" : sameSite === "none" ? "None" : "Lax",
    expires: maxAge === undefined ? -1 : Math.floor(Date.now() / 1000) + Number(maxAge),
  };
}

async function answerOf(response: Awaited<ReturnType<APIRequestContext["post"]>>, what: string, status: number): Promise<unknown> {
  const text = await response.text();
  expect(response.status(), `${what}: ${text}`).toBe(status);
  return JSON.parse(text);
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  sessions: [
    async ({ playwright }, provide, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const api = await playwright.request.newContext({ baseURL });
      const tag = `${workerInfo.project.name}-${workerInfo.workerIndex}-${Date.now().toString(36)}`;
      let visitors = 0;
      /** Each role's account, created once per worker. */
      const adminAccounts = new Map<SeededRole, Promise<AdminCredentials>>();

      const addSession = async (context: BrowserContext, setCookie: string) => {
        await context.addCookies([browserCookie(setCookie, baseURL)]);
      };

      const superadminToken = async () => {
        const answer = await answerOf(await api.post("/api/admin/auth/login", { data: E2E_ADMIN }), "superadmin e2e", 200);
        return AdminLoginAnswerSchema.parse(answer).token;
      };

      const createAdmin = async (role: SeededRole): Promise<AdminCredentials> => {
        const headers = { authorization: `Bearer ${await superadminToken()}` };
        const roles = (await answerOf(await api.get("/api/admin/roles", { headers }), "roles", 200)) as { items: { id: number; name: string }[] };
        const roleId = roles.items.find((r) => r.name === role)?.id;
        expect(roleId, `el rol sembrado ${role}`).toBeDefined();
        const username = `e2e-${role}-${tag}`.toLowerCase().slice(0, 40);
        const credentials = { email: `${username}@cotiza.test`, password: ADMIN_PASSWORD };
        await createStaffAccount(api, await superadminToken(), { username, ...credentials, roleId: roleId! });
        return credentials;
      };

      const sessions: Sessions = {
        async visitor(context, { name = "Marta Gómez" } = {}) {
          visitors += 1;
          const account = { name, email: `cliente-${tag}-${visitors}@cotiza.test`, password: VISITOR_PASSWORD };
          const answer = AuthAnswerSchema.parse(await answerOf(await api.post("/api/auth/register", { data: account }), "registro", 201));
          // What the /login and /register actions store (visitorSignInCookie in app/lib/auth.server.ts).
          const storage = visitorSessionStorage(cookieContext);
          const session = await storage.getSession();
          session.set(VISITOR_TOKEN_KEY, answer.token);
          session.set(VISITOR_USER_KEY, JSON.stringify(answer.user));
          await addSession(context, await storage.commitSession(session));
          return { ...account, token: answer.token };
        },
        async adminWith(context, credentials) {
          const answer = AdminLoginAnswerSchema.parse(
            await answerOf(await api.post("/api/admin/auth/login", { data: credentials }), `inicio de sesión de ${credentials.email}`, 200),
          );
          // What the /admin/login action stores (adminSignInCookie in app/lib/admin-auth.server.ts).
          const storage = adminSessionStorage(cookieContext);
          const session = await storage.getSession();
          session.set(ADMIN_TOKEN_KEY, answer.token);
          session.set(ADMIN_USER_KEY, JSON.stringify(answer.admin));
          await addSession(context, await storage.commitSession(session));
          return { ...credentials, token: answer.token, admin: answer.admin };
        },
        async admin(context, role) {
          let account = adminAccounts.get(role);
          if (!account) {
            account = createAdmin(role);
            adminAccounts.set(role, account);
            // A failed creation is not cached: the next test tries again.
            account.catch(() => adminAccounts.delete(role));
          }
          return sessions.adminWith(context, await account);
        },
        superadminToken,
      };

      try {
        await provide(sessions);
      } finally {
        await api.dispose();
      }
    },
    { scope: "worker" },
  ],
  signInAsVisitor: async ({ context, sessions }, provide) => {
    await provide((options) => sessions.visitor(context, options));
  },
  signInAsAdmin: async ({ context, sessions }, provide) => {
    await provide((role) => sessions.admin(context, role));
  },
});

export { expect };
