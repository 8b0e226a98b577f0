// The pages of the site as a walk over real HTTP, shared by the tests that read every page's
// HTML (html-bytes: bytes and encoding; html-validity: the Nu HTML Checker): the public pages, a
// signed-in visitor's with a policy (auto, bought through the API) and a quote still to choose,
// and the back office's as the seeded superadmin. setUpSitePages registers the hooks (a server on
// a fresh database per file, the real clock) and gives the cookies and paths once beforeAll ran.
import { createCookie, type AppLoadContext } from "@remix-run/node";
import { beforeAll, expect } from "vitest";
import { AdminLoginAnswerSchema, AuthAnswerSchema } from "../../api/contract/auth";
import { nifCheckLetter } from "../../api/domain/nif";
import { CSRF_COOKIE, CSRF_FIELD } from "../../app/lib/csrf.server";
import {
  ADMIN_TOKEN_KEY,
  ADMIN_USER_KEY,
  adminSessionStorage,
  VISITOR_TOKEN_KEY,
  VISITOR_USER_KEY,
  visitorSessionStorage,
} from "../../app/lib/session.server";
import { adminPagesOf } from "./admin-pages";
import { call, checkout, checkoutBody, createQuote, server, setUpCheckoutApi } from "./checkout";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "./db";
import { ALQUILER, AUTO } from "./quote-inputs";
import { TEST_SESSION_SECRET } from "./server";

export { server };

export const PUBLIC_PAGES = [
  "/",
  "/cotizar",
  "/cotizar?linea=auto",
  "/cotizar?linea=hogar",
  "/cotizar?linea=alquiler",
  "/garantias",
  "/login",
  "/register",
  "/recuperar-contrasena",
  "/cookies",
  "/politica-de-privacidad",
  "/terminos-y-condiciones",
  "/admin/login",
];

export type Site = {
  /** The session cookie of a visitor with a policy and an open quote (with the CSRF cookie). */
  visitorCookie: string;
  /** The seeded superadmin's session cookie (with the CSRF cookie). */
  adminCookie: string;
  /** The CSRF cookie alone (an anonymous visitor's forms) and the token its forms carry. */
  csrfCookie: string;
  csrf: string;
  visitorPages: string[];
  adminPages: string[];
  policyId: number;
  clientId: number;
  /** The visitor's open quote (alquiler) and its first plan. */
  openQuoteId: string;
  openPlan: string;
};

const cookieContext = { sessionSecrets: [TEST_SESSION_SECRET], secureCookies: false } as AppLoadContext;

/** Starts the server on a fresh database and builds the walk before the file's tests; the object is filled by then. */
export function setUpSitePages(): Site {
  // The API's clock is the real one: the web judges "today" (a quote's validity) by its own.
  setUpCheckoutApi(() => new Date());
  const site = {} as Site;

  beforeAll(async () => {
    // The CSRF cookie as the root loader would set it, so that a test can post the site's forms.
    site.csrf = "prueba-csrf-".padEnd(43, "x");
    site.csrfCookie = (await createCookie(CSRF_COOKIE, { secrets: cookieContext.sessionSecrets, path: "/" }).serialize(site.csrf)).split(";")[0]!;

    const account = { name: "Lucía Martín Sanz", email: "bytes@example.com", password: "Gazpacho-andaluz-2026" };
    const registered = await call("POST", "/auth/register", { body: account });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const visitor = AuthAnswerSchema.parse(registered.body);
    const bought = await createQuote("auto", AUTO, visitor.token);
    const digits = "61234567";
    const nif = `${digits}${nifCheckLetter(digits)}`;
    const policy = await checkout(bought.id, checkoutBody(nif), visitor.token);
    expect(policy.status, JSON.stringify(policy.body)).toBe(201);
    site.policyId = policy.body.id as number;
    const open = await createQuote("alquiler", ALQUILER, visitor.token);
    site.openQuoteId = open.id;
    site.openPlan = open.plans[0]!.code;
    site.visitorPages = [
      "/mis-cotizaciones",
      "/mi-poliza",
      `/mi-poliza/${site.policyId}`,
      "/mi-cuenta",
      `/cotizacion/${bought.id}`,
      `/cotizacion-confirmada?poliza=${site.policyId}`,
      `/garantias?poliza=${site.policyId}`,
      `/results?cotizacion=${open.id}`,
      `/checkout?${new URLSearchParams({ cotizacion: open.id, frecuencia: "anual", plan: site.openPlan })}`,
    ];
    const visitorStorage = visitorSessionStorage(cookieContext);
    const visitorSession = await visitorStorage.getSession();
    visitorSession.set(VISITOR_TOKEN_KEY, visitor.token);
    visitorSession.set(VISITOR_USER_KEY, JSON.stringify(visitor.user));
    site.visitorCookie = `${(await visitorStorage.commitSession(visitorSession)).split(";")[0]!}; ${site.csrfCookie}`;

    // The seeded superadmin, signed in as the /admin/login action does.
    const signedIn = await call("POST", "/admin/auth/login", { body: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const admin = AdminLoginAnswerSchema.parse(signedIn.body);
    const detail = await call("GET", `/admin/policies/${site.policyId}`, { token: admin.token });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    site.clientId = detail.body.clientId as number;
    const roles = await call("GET", "/admin/roles", { token: admin.token });
    const guarantees = await call("GET", "/admin/guarantees", { token: admin.token });
    const roleId = (roles.body.items as Array<{ id: number }>)[0]!.id;
    const guaranteeId = (guarantees.body.items as Array<{ id: number }>)[0]!.id;
    site.adminPages = adminPagesOf({ policyId: site.policyId, clientId: site.clientId, guaranteeId, adminId: admin.admin.id, roleId });
    const adminStorage = adminSessionStorage(cookieContext);
    const adminSession = await adminStorage.getSession();
    adminSession.set(ADMIN_TOKEN_KEY, admin.token);
    adminSession.set(ADMIN_USER_KEY, JSON.stringify(admin.admin));
    site.adminCookie = `${(await adminStorage.commitSession(adminSession)).split(";")[0]!}; ${site.csrfCookie}`;
  });

  return site;
}

/**
 * One page exactly as the server sends it (no compression asked for, redirects not followed).
 * With `form`, a POST of those fields plus the CSRF token, as the page's own form would send them.
 */
export async function fetchPage(site: Site, path: string, options: { cookie?: string; form?: Record<string, string> | URLSearchParams } = {}) {
  const { cookie, form } = options;
  const headers: Record<string, string> = { "accept-encoding": "identity" };
  if (cookie) headers.cookie = cookie;
  let body: URLSearchParams | undefined;
  if (form) {
    body = new URLSearchParams(form);
    body.set(CSRF_FIELD, site.csrf);
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers.cookie ??= site.csrfCookie;
  }
  return fetch(`${server.url}${path}`, { method: form ? "POST" : "GET", headers, body, redirect: "manual" });
}
