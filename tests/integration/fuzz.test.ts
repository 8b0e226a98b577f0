// Our own fuzz test: malformed paths, query strings, headers and bodies sent to every
// operation of the OpenAPI document (anonymous, as a visitor and as the superadmin, so the
// handlers are reached, not only the guards) and to every web page and form action (with a valid
// CSRF token, so the actions run). None may answer 5xx or show a stack trace. Bounded: a fixed
// seed and a fixed number of requests, a few in flight at a time.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memoryLogger, testServerForFile } from "../support/server";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";

const SEED = 20261123;
const API_REQUESTS = 4_000;
const WEB_REQUESTS = 1_500;
const IN_FLIGHT = 6;

const logger = memoryLogger();

const env = testServerForFile({ logger });

type Operation = { method: string; path: string; queryNames: string[] };
type Probe = { method: string; url: string; headers: Record<string, string>; body?: string };
type Failure = { probe: Probe; status: number; excerpt: string };

// What a hostile or broken client sends where a value goes.
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e309",
    "99999999999999999999",
    "NaN",
    "null",
    "true",
    "[]",
    "{}",
    "%00",
    "%",
    "../../etc/passwd",
    "<script>",
    "' or 1=1 --",
    "ñ".repeat(300),
    "2026-02-30",
    "12/13/2026",
    "\u0000",
    "\uFFFF",
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc
    .dictionary(
      fc.constantFrom(
        "line",
        "inputs",
        "plan",
        "email",
        "password",
        "name",
        "page",
        "status",
        "roleId",
        "permissions",
        "body",
        "reason",
        "effectiveDate",
        "idempotencyKey",
        "payment",
        "policyholder",
        "consents",
      ),
      fc.jsonValue({ maxDepth: 3 }),
    )
    .map((v) => JSON.stringify(v)),
  fc.constantFrom("{", "[1,2", '{"a":', "nul", "\u0000", "", "x".repeat(5000)),
);
const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "",
);

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%25"; // a lone surrogate cannot be encoded: send a literal percent sign instead
  }
}

/** The statuses the document gives for a request: those of every operation its method and path match. */
type Documented = (method: string, pathname: string) => Set<number> | null;
let documented: Documented = () => null;

function documentedStatuses(doc: { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> }): Documented {
  const routes = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      pattern: new RegExp(`^/api${path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
      statuses: Object.keys(op.responses ?? {}).map(Number),
    })),
  );
  return (method, pathname) => {
    const matching = routes.filter((r) => r.method === method && r.pattern.test(pathname));
    return matching.length ? new Set(matching.flatMap((r) => r.statuses)) : null;
  };
}

async function send(probe: Probe): Promise<Failure | null> {
  let response: Response;
  try {
    response = await fetch(env.server.url + probe.url, { method: probe.method, headers: probe.headers, body: probe.body, redirect: "manual" });
  } catch (error) {
    return { probe, status: 0, excerpt: error instanceof Error ? error.message : String(error) };
  }
  const text = await response.text();
  const stack = /\n\s+at .+:\d+:\d+|node_modules\//.test(text);
  if (response.status >= 500 || stack) return { probe, status: response.status, excerpt: text.slice(0, 300) };
  // An API answer must be one the document gives for that operation (an unknown path: 404).
  if (probe.url.startsWith("/api/")) {
    const statuses = documented(probe.method, new URL(env.server.url + probe.url).pathname);
    if (statuses ? !statuses.has(response.status) : response.status !== 404)
      return { probe, status: response.status, excerpt: `estado no documentado: ${text.slice(0, 200)}` };
  }
  return null;
}

async function sendAll(probes: Probe[]): Promise<Failure[]> {
  const failures: Failure[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const failure = await send(probes[next++]!);
      if (failure) failures.push(failure);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return failures;
}

async function token(path: string, body: unknown): Promise<string> {
  const response = await fetch(`${env.server.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { token: string }).token;
}

describe("fuzz", () => {
  it(`${API_REQUESTS} peticiones malformadas a cada operación de la API: ninguna responde 5xx, enseña una traza o da un estado que su documento no dice`, async () => {
    const doc = (await (await fetch(`${env.server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          queryNames: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        })),
    );
    expect(operations.length).toBeGreaterThan(40);
    documented = documentedStatuses(doc as never);

    const admin = await token("/admin/auth/login", { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    const visitor = await token("/auth/register", { name: "Fuzz Visitante", email: "fuzz@example.com", password: "Clave-Segura-2026!" });
    const authorization = fc.constantFrom(
      `Bearer ${admin}`,
      `Bearer ${admin}`,
      `Bearer ${visitor}`,
      "",
      "Bearer ",
      "Bearer x.y.z",
      "Basic Zm9vOmJhcg==",
      `Bearer ${admin.slice(0, -3)}abc`,
    );

    const probe = fc
      .record({
        op: fc.constantFrom(...operations),
        params: fc.array(nasty, { minLength: 3, maxLength: 3 }),
        query: fc.array(fc.tuple(fc.oneof(fc.constantFrom("page", "pageSize", "sort", "dir", "q"), fc.string({ maxLength: 8 })), nasty), {
          maxLength: 4,
        }),
        useOpQuery: fc.boolean(),
        body: fc.option(jsonBody, { nil: undefined }),
        type: contentType,
        authorization,
        owner: fc.option(nasty, { nil: undefined }),
        ip: fc.option(nasty, { nil: undefined }),
      })
      .map(({ op, params, query, useOpQuery, body, type, authorization, owner, ip }): Probe => {
        let i = 0;
        // Path parameters: sometimes a real-looking id, mostly garbage.
        const path = op.path.replace(/\{[^}]+\}/g, () => encode(params[i++ % params.length]!));
        const names = useOpQuery && op.queryNames.length ? op.queryNames : query.map(([k]) => k);
        const search = query.map(([, v], j) => `${encode(names[j % names.length]!)}=${encode(v)}`).join("&");
        const headers: Record<string, string> = {};
        if (authorization) headers.authorization = authorization;
        if (type) headers["content-type"] = type;
        if (owner !== undefined) headers["x-quote-owner"] = owner.replace(/[^\x20-\x7e]/g, "?");
        if (ip !== undefined) headers["x-forwarded-for"] = ip.replace(/[^\x20-\x7e]/g, "?");
        const hasBody = op.method !== "GET" && body !== undefined;
        return { method: op.method, url: `/api${path}${search ? `?${search}` : ""}`, headers, body: hasBody ? body : undefined };
      });

    const probes = fc.sample(probe, { numRuns: API_REQUESTS, seed: SEED });
    const failures = await sendAll(probes);
    expect(failures.slice(0, 5), `${failures.length} de ${probes.length} fallaron`).toEqual([]);
  }, 600_000);

  it(`${WEB_REQUESTS} peticiones malformadas a las páginas y formularios de la web: ninguna responde 5xx ni enseña una traza`, async () => {
    // A browser's CSRF cookie and token, so that the actions run past the token check.
    const page = await fetch(`${env.server.url}/login`);
    const cookie = (page.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
    expect(csrf).not.toBe("");

    const pages = [
      "/",
      "/cotizar",
      "/results",
      "/checkout",
      "/cotizacion-confirmada",
      "/login",
      "/register",
      "/cookies",
      "/mis-cotizaciones",
      "/mi-poliza",
      "/admin/login",
      "/admin",
      "/admin/policies",
      "/admin/clients",
      "/admin/audit",
      "/admin/users",
      "/documentos/cotizacion/x",
      "/api/documents/ipid/x",
    ];
    const actions = ["/cotizar", "/checkout", "/login", "/register", "/cookies", "/logout", "/admin/login", "/admin/logout", "/admin/policies/new"];
    const field = fc.oneof(
      fc.constantFrom(
        "linea",
        "csrf",
        "intent",
        "email",
        "password",
        "name",
        "nif",
        "plan",
        "frequency",
        "method",
        "startDate",
        "birthDate",
        "postalCode",
        "monthlyRent",
        "tenantMonthlyIncome",
        "months",
        "driverBirthDate",
        "returnTo",
        "redirectTo",
        "idempotencyKey",
        "terms",
        "extras",
      ),
      fc.string({ maxLength: 10 }),
    );
    const formBody = fc.array(fc.tuple(field, nasty), { maxLength: 12 }).map((pairs) => {
      const params = new URLSearchParams(pairs.map(([k, v]) => [k, v.replace(/[\uD800-\uDFFF]/g, "?")]));
      if (!params.has("csrf")) params.set("csrf", csrf);
      return params.toString();
    });
    const probe = fc.oneof(
      fc
        .record({
          path: fc.constantFrom(...pages),
          query: fc.array(
            fc.tuple(fc.oneof(field, fc.constantFrom("cotizacion", "page", "sort", "q", "plan", "frecuencia", "poliza", "cliente")), nasty),
            { maxLength: 4 },
          ),
        })
        .map(({ path, query }): Probe => ({
          method: "GET",
          url: `${path}${query.length ? `?${query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&")}` : ""}`,
          headers: { cookie },
        })),
      fc
        .record({
          path: fc.constantFrom(...actions),
          query: fc.option(nasty, { nil: undefined }),
          body: formBody,
          type: fc.constantFrom("application/x-www-form-urlencoded", "application/x-www-form-urlencoded", "text/plain", "application/json", ""),
        })
        .map(({ path, query, body, type }): Probe => ({
          method: "POST",
          url: `${path}${query !== undefined ? `?cotizacion=${encode(query)}&plan=${encode(query)}` : ""}`,
          headers: { cookie, ...(type ? { "content-type": type } : {}) },
          body,
        })),
    );
    const probes = fc.sample(probe, { numRuns: WEB_REQUESTS, seed: SEED });
    const failures = await sendAll(probes);
    expect(failures.slice(0, 5), `${failures.length} de ${probes.length} fallaron`).toEqual([]);
  }, 600_000);
});
