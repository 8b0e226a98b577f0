// The HTML of every page, byte for byte as the server sends it, is UTF-8 without NUL bytes
// (issue 27): React 18.3.1 used to leave one to three NUL bytes where a multi-byte character did
// not fit at the end of its 2,048-byte buffer ("da\0ños" on /terminos-y-condiciones; fixed by
// patches/react-dom+18.3.1.patch, app/react-dom-server.test.tsx). Where the bytes fall depends on
// each page's length, so this walks the pages of the site — public, a signed-in visitor's and
// the back office's — and reads each answer's raw bytes, not a browser's parse of them.
import type { AppLoadContext } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { AdminLoginAnswerSchema, AuthAnswerSchema } from "../../api/contract/auth";
import {
  ADMIN_TOKEN_KEY,
  ADMIN_USER_KEY,
  adminSessionStorage,
  VISITOR_TOKEN_KEY,
  VISITOR_USER_KEY,
  visitorSessionStorage,
} from "../../app/lib/session.server";
import { nifCheckLetter } from "../../api/domain/nif";
import { call, checkout, checkoutBody, createQuote, server, setUpCheckoutApi } from "../support/checkout";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { ALQUILER, AUTO } from "../support/quote-inputs";
import { TEST_SESSION_SECRET } from "../support/server";

// The API's clock is the real one: the web judges "today" (a quote's validity) by its own.
setUpCheckoutApi(() => new Date());

const cookieContext = { sessionSecrets: [TEST_SESSION_SECRET], secureCookies: false } as AppLoadContext;

const PUBLIC_PAGES = [
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

let visitorCookie: string;
let adminCookie: string;
let visitorPages: string[];
let adminPages: string[];

beforeAll(async () => {
  // A visitor with a policy (auto, bought through the API) and a quote still to choose.
  const account = { name: "Lucía Martín Sanz", email: "bytes@example.com", password: "Gazpacho-andaluz-2026" };
  const registered = await call("POST", "/auth/register", { body: account });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const visitor = AuthAnswerSchema.parse(registered.body);
  const bought = await createQuote("auto", AUTO, visitor.token);
  const digits = "61234567";
  const nif = `${digits}${nifCheckLetter(digits)}`;
  const policy = await checkout(bought.id, checkoutBody(nif), visitor.token);
  expect(policy.status, JSON.stringify(policy.body)).toBe(201);
  const policyId = policy.body.id as number;
  const open = await createQuote("alquiler", ALQUILER, visitor.token);
  const plan = open.plans[0]!.code;
  visitorPages = [
    "/mis-cotizaciones",
    "/mi-poliza",
    `/mi-poliza/${policyId}`,
    "/mi-cuenta",
    `/cotizacion/${bought.id}`,
    `/results?cotizacion=${open.id}`,
    `/checkout?${new URLSearchParams({ cotizacion: open.id, frecuencia: "anual", plan })}`,
  ];
  const visitorStorage = visitorSessionStorage(cookieContext);
  const visitorSession = await visitorStorage.getSession();
  visitorSession.set(VISITOR_TOKEN_KEY, visitor.token);
  visitorSession.set(VISITOR_USER_KEY, JSON.stringify(visitor.user));
  visitorCookie = (await visitorStorage.commitSession(visitorSession)).split(";")[0]!;

  // The seeded superadmin, signed in as the /admin/login action does.
  const signedIn = await call("POST", "/admin/auth/login", { body: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD } });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  const admin = AdminLoginAnswerSchema.parse(signedIn.body);
  const detail = await call("GET", `/admin/policies/${policyId}`, { token: admin.token });
  expect(detail.status, JSON.stringify(detail.body)).toBe(200);
  adminPages = [
    "/admin",
    "/admin/policies",
    `/admin/policies/${policyId}`,
    "/admin/policies/new",
    "/admin/clients",
    `/admin/clients/${detail.body.clientId as number}`,
    "/admin/guarantees",
    "/admin/audit",
    "/admin/users",
    "/admin/roles",
    "/admin/permissions",
    "/admin/settings",
  ];
  const adminStorage = adminSessionStorage(cookieContext);
  const adminSession = await adminStorage.getSession();
  adminSession.set(ADMIN_TOKEN_KEY, admin.token);
  adminSession.set(ADMIN_USER_KEY, JSON.stringify(admin.admin));
  adminCookie = (await adminStorage.commitSession(adminSession)).split(";")[0]!;
});

/** The page's bytes exactly as sent (no compression asked for), checked: HTML, no NUL byte, valid UTF-8. */
async function expectCleanHtml(path: string, cookie?: string, status = 200) {
  const response = await fetch(`${server.url}${path}`, {
    headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
  expect(response.status, `${path}: ${response.headers.get("location") ?? ""}`).toBe(status);
  expect(response.headers.get("content-type"), path).toBe("text/html; charset=utf-8");
  const bytes = new Uint8Array(await response.arrayBuffer());
  const nuls = bytes.reduce((n, byte) => (byte === 0 ? n + 1 : n), 0);
  // Soft: one run names every page that fails, not only the first.
  expect.soft(nuls, `${path}: bytes NUL`).toBe(0);
  let html = "";
  expect.soft(() => (html = new TextDecoder("utf-8", { fatal: true }).decode(bytes)), `${path}: UTF-8 válido`).not.toThrow();
  expect.soft(html.trimEnd(), path).toMatch(/<\/html>$/);
}

describe("el HTML de cada página sale en UTF-8 válido y sin bytes NUL", () => {
  it.each(PUBLIC_PAGES)("%s", (path) => expectCleanHtml(path));

  it("una página que no existe (404)", () => expectCleanHtml("/no-existe", undefined, 404));

  it("las páginas de un cliente con su póliza", async () => {
    for (const path of visitorPages) await expectCleanHtml(path, visitorCookie);
  });

  it("las páginas del back office", async () => {
    for (const path of adminPages) await expectCleanHtml(path, adminCookie);
  });
});
