import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { CSRF_COOKIE, csrfToken, validateCsrf } from "./csrf.server";

function makeContext(secrets = ["s".repeat(32)]): AppLoadContext {
  return {
    sessionSecrets: secrets,
    secureCookies: false,
    logger: { warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn() },
  } as unknown as AppLoadContext;
}

function cookiePair(headers: Headers): string {
  return headers.getSetCookie()[0].split(";")[0];
}

function post(fields: Record<string, string>, cookie?: string) {
  return new Request("http://x/login", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

async function rejection(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a 403 Response");
}

describe("csrfToken", () => {
  it("crea un token y su cookie firmada la primera vez, y lo reutiliza después", async () => {
    const context = makeContext();
    const first = await csrfToken(new Request("http://x/"), context);
    expect(first.token.length).toBeGreaterThanOrEqual(32);
    const setCookie = first.headers.getSetCookie()[0];
    expect(setCookie).toMatch(new RegExp(`^${CSRF_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const again = await csrfToken(new Request("http://x/", { headers: { Cookie: cookiePair(first.headers) } }), context);
    expect(again.token).toBe(first.token);
    expect(again.headers.getSetCookie()).toEqual([]);
  });
});

describe("validateCsrf", () => {
  it("acepta el formulario cuyo campo csrf coincide con la cookie", async () => {
    const context = makeContext();
    const { token, headers } = await csrfToken(new Request("http://x/"), context);
    await expect(validateCsrf(post({ csrf: token }, cookiePair(headers)), context)).resolves.toBeUndefined();
    const form = new FormData();
    form.set("csrf", token);
    await expect(validateCsrf(post({}, cookiePair(headers)), context, form)).resolves.toBeUndefined();
  });

  it("sigue aceptando el token tras rotar el secreto (el antiguo queda en la lista)", async () => {
    const old = makeContext(["viejo".repeat(8)]);
    const { token, headers } = await csrfToken(new Request("http://x/"), old);
    const rotated = makeContext(["nuevo".repeat(8), "viejo".repeat(8)]);
    await expect(validateCsrf(post({ csrf: token }, cookiePair(headers)), rotated)).resolves.toBeUndefined();
  });

  it.each([
    ["sin cookie", false, (t: string) => ({ csrf: t })],
    ["sin campo", true, () => ({})],
    ["con un campo distinto", true, (t: string) => ({ csrf: `${t}x` })],
  ])("responde 403 'Petición no válida' %s", async (_what, withCookie, fields) => {
    const context = makeContext();
    const { token, headers } = await csrfToken(new Request("http://x/"), context);
    const response = await rejection(validateCsrf(post(fields(token), withCookie ? cookiePair(headers) : undefined), context));
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Petición no válida");
  });

  it("responde 403 a una cookie manipulada o firmada con otro secreto", async () => {
    const { token, headers } = await csrfToken(new Request("http://x/"), makeContext(["otro".repeat(10)]));
    const response = await rejection(validateCsrf(post({ csrf: token }, cookiePair(headers)), makeContext()));
    expect(response.status).toBe(403);
    const forged = `${CSRF_COOKIE}=${Buffer.from(JSON.stringify(token)).toString("base64")}`;
    expect((await rejection(validateCsrf(post({ csrf: token }, forged), makeContext()))).status).toBe(403);
  });
});
