// Bodies a form or the API cannot take: not a form, unreadable, too large, or without
// the CSRF token. Each is the client's mistake: a 4xx with a Spanish answer and one warning line,
// never a 500 or a stack trace.
import { describe, expect, it } from "vitest";
import { memoryLogger, testServerForFile } from "../support/server";
import { BODY_TOO_LARGE_MESSAGE, MAX_BODY_BYTES } from "../../server/app";
import { FORM_MESSAGES } from "../../app/lib/form-data.server";

const logger = memoryLogger();

const env = testServerForFile({ logger });

const post = (path: string, init: RequestInit = {}) => fetch(env.server.url + path, { method: "POST", redirect: "manual", ...init });
const QUOTE = "/checkout?cotizacion=7b1f5a3e-9c1d-4f2a-8e6b-0a1b2c3d4e5f&plan=terceros";
// Every kind of form action: public (quote, checkout, sign-in, registration, cookies), staff sign-in, and a back-office page.
const FORM_ROUTES = ["/cotizar", QUOTE, "/login", "/register", "/cookies", "/admin/login", "/admin/policies/new"];

function expectNoStack(text: string) {
  expect(text).not.toMatch(/\bat .+\(.+:\d+:\d+\)|node_modules|Internal Server Error/);
}

describe("un cuerpo que no es un formulario", () => {
  for (const path of FORM_ROUTES) {
    it(`POST ${path} con JSON, con texto o sin cuerpo responde 415 en español`, async () => {
      for (const init of [
        { body: JSON.stringify({ a: 1 }), headers: { "content-type": "application/json" } },
        { body: "hola", headers: { "content-type": "text/plain" } },
        {},
      ] satisfies RequestInit[]) {
        const response = await post(path, init);
        const text = await response.text();
        expect(response.status, `${path} ${JSON.stringify(init.headers ?? {})}`).toBe(415);
        expect(text).toContain(FORM_MESSAGES.notAForm);
        expectNoStack(text);
      }
    });
  }

  it("un formulario cortado (multipart mal formado) responde 400 y deja una sola línea de aviso", async () => {
    const before = logger.lines.length;
    const response = await post("/cotizar", {
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(response.status).toBe(400);
    expectNoStack(await response.text());
    const added = logger.lines.slice(before);
    expect(added.filter((l) => l.msg === "form body refused")).toHaveLength(1);
    expect(added.filter((l) => l.level === "error")).toEqual([]);
  });
});

describe("un cuerpo demasiado grande", () => {
  it("en la web: 413 con una página en español, también sin Content-Length", async () => {
    const body = `linea=auto&relleno=${"x".repeat(MAX_BODY_BYTES.web)}`;
    for (const init of [
      { body, headers: { "content-type": "application/x-www-form-urlencoded" } },
      // Streamed (chunked): the limit is counted as it arrives.
      { body: new Blob([body]).stream(), duplex: "half", headers: { "content-type": "application/x-www-form-urlencoded" } },
    ] as RequestInit[]) {
      const response = await post("/cotizar", init);
      expect(response.status).toBe(413);
      const html = await response.text();
      expect(html).toContain('<html lang="es"');
      expect(html).toContain("El formulario es demasiado grande");
    }
    expect(logger.lines.some((l) => l.level === "warn" && l.msg === "body too large" && l.fields?.path === "/cotizar")).toBe(true);
  });

  it("en la API: 413 con el error en JSON", async () => {
    const response = await post("/api/quotes", {
      body: JSON.stringify({ line: "auto", inputs: { pad: "x".repeat(MAX_BODY_BYTES.api) } }),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: BODY_TOO_LARGE_MESSAGE });
  });
});

describe("CSRF", () => {
  it("POST /cookies sin el token del formulario se rechaza con 403 y no cambia la cookie", async () => {
    const response = await post("/cookies", {
      body: new URLSearchParams({ intent: "accept" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie") ?? "").not.toContain("cookie_consent");
  });
});

describe("Cache-Control de las respuestas privadas", () => {
  it("el back office y la API con datos de personas o cuentas responden private, no-store; lo público conserva su caché", async () => {
    const get = (path: string) => fetch(env.server.url + path, { redirect: "manual" });
    // Signed out or not, a back-office page, an admin endpoint, a visitor endpoint, a quote.
    for (const path of [
      "/admin/login",
      "/admin/policies",
      "/api/admin/policies",
      "/api/me/policies",
      "/api/quotes/7b1f5a3e-9c1d-4f2a-8e6b-0a1b2c3d4e5f",
      "/api/auth/me",
    ]) {
      expect((await get(path)).headers.get("cache-control"), path).toBe("private, no-store");
    }
    const quote = await fetch(`${env.server.url}/api/quotes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ line: "alquiler", inputs: { postalCode: "08001", monthlyRent: 95000, tenantMonthlyIncome: 320000, months: 12 } }),
    });
    expect(quote.headers.get("cache-control")).toBe("private, no-store");
    // The IPID is public and says so; the home page of a visitor without a session, once it has
    // its CSRF cookie (the first visit sets it, and an answer that sets a cookie is private), keeps
    // its own, per cookie.
    expect((await get("/api/documents/ipid/auto")).headers.get("cache-control")).toBe("public, max-age=300");
    const first = await get("/");
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const home = await fetch(`${env.server.url}/`, { headers: { cookie } });
    expect(home.headers.get("cache-control") ?? "").not.toContain("no-store");
    expect(home.headers.get("vary") ?? "").toMatch(/cookie/i);
  });
});
