import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { getVisitor, requireVisitor, visitorSignInCookie } from "./auth.server";
import { VISITOR_COOKIE, VISITOR_TOKEN_KEY, VISITOR_USER_KEY, visitorSessionStorage } from "./session.server";

const SECONDS = () => Math.floor(Date.now() / 1000);
function jwt(exp: number): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: "3", kind: "user", exp })}.firma`;
}
const VALID = jwt(SECONDS() + 3600);
const USER = { name: "Lucía", email: "lucia@example.com", role: "user" };

function makeContext(status: number, body?: unknown) {
  const apiFetch = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
  const context = {
    apiBaseUrl: "http://api.test/api",
    apiFetch,
    sessionSecrets: ["s".repeat(32)],
    secureCookies: false,
    logger: { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    clientIp: null,
  } as unknown as AppLoadContext;
  return { context, apiFetch };
}

async function requestWith(context: AppLoadContext, data: Partial<Record<string, string>>, url = "http://web/") {
  const storage = visitorSessionStorage(context);
  const session = await storage.getSession();
  for (const [key, value] of Object.entries(data)) if (value !== undefined) session.set(key as typeof VISITOR_TOKEN_KEY, value);
  return new Request(url, { headers: { Cookie: (await storage.commitSession(session)).split(";")[0] } });
}

async function thrownResponse(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

const clears = (response: Response) => response.headers.getSetCookie().some((c) => c.startsWith(`${VISITOR_COOKIE}=;`) && /Max-Age=0/.test(c));

describe("getVisitor", () => {
  it("sin token no hay visitante ni llamada a la API", async () => {
    const { context, apiFetch } = makeContext(200, USER);
    expect(await getVisitor(await requestWith(context, { [VISITOR_USER_KEY]: JSON.stringify(USER) }), context)).toBeNull();
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it("con token revalida el perfil en cada petición", async () => {
    const { context, apiFetch } = makeContext(200, USER);
    const request = await requestWith(context, { [VISITOR_TOKEN_KEY]: VALID, [VISITOR_USER_KEY]: JSON.stringify(USER) });
    const visitor = await getVisitor(request, context);
    expect(visitor?.user).toEqual(USER);
    expect(visitor?.headers.getSetCookie()).toEqual([]);
    const sent = apiFetch.mock.calls[0] as unknown as [Request];
    expect(new URL(sent[0].url).pathname).toBe("/api/auth/profile");
    expect(sent[0].headers.get("authorization")).toBe(`Bearer ${VALID}`);
  });

  it("descarta un auth_user ilegible y guarda el del perfil", async () => {
    const { context } = makeContext(200, USER);
    const request = await requestWith(context, { [VISITOR_TOKEN_KEY]: VALID, [VISITOR_USER_KEY]: "{no es json" });
    const visitor = await getVisitor(request, context);
    expect(visitor?.user).toEqual(USER);
    const stored = await visitorSessionStorage(context).getSession(visitor!.headers.getSetCookie()[0].split(";")[0]);
    expect(JSON.parse(stored.get(VISITOR_USER_KEY)!)).toEqual(USER);
    expect(stored.get(VISITOR_TOKEN_KEY)).toBe(VALID);
  });

  it.each([
    ["el perfil responde 401", 401, { error: "Sesión no válida o caducada" }],
    ["el perfil no trae usuario", 200, {}],
    ["el perfil no trae nada", 200, undefined],
  ])("si %s, limpia la sesión y va a /login", async (_what, status, body) => {
    const { context } = makeContext(status, body);
    const response = await thrownResponse(async () => getVisitor(await requestWith(context, { [VISITOR_TOKEN_KEY]: VALID }), context));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(clears(response)).toBe(true);
  });

  it("un token caducado no se envía: limpia la sesión y va a /login", async () => {
    const { context, apiFetch } = makeContext(200, USER);
    const request = await requestWith(context, { [VISITOR_TOKEN_KEY]: jwt(SECONDS() - 5) });
    const response = await thrownResponse(() => getVisitor(request, context));
    expect(response.headers.get("Location")).toBe("/login");
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it("una sesión caducada en una página vuelve a ella tras iniciar sesión (el checkout no se pierde)", async () => {
    const { context } = makeContext(401, { error: "Sesión no válida o caducada" });
    const page = "/checkout?cotizacion=8f1b&plan=meses_12";
    const response = await thrownResponse(async () =>
      getVisitor(await requestWith(context, { [VISITOR_TOKEN_KEY]: VALID }, `http://web${page}`), context),
    );
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(page)}`);
    expect(clears(response)).toBe(true);
  });

  it.each(["/login", "/register", "/logout"])("en %s una sesión caducada va a /login sin volver", async (path) => {
    const { context } = makeContext(401, { error: "Sesión no válida o caducada" });
    const response = await thrownResponse(async () =>
      getVisitor(await requestWith(context, { [VISITOR_TOKEN_KEY]: VALID }, `http://web${path}`), context),
    );
    expect(response.headers.get("Location")).toBe("/login");
  });

  it("un 5xx de la API no cierra la sesión: es la página de error", async () => {
    const { context } = makeContext(503, { error: "x" });
    const response = await thrownResponse(async () => getVisitor(await requestWith(context, { [VISITOR_TOKEN_KEY]: VALID }), context));
    expect(response.status).toBe(503);
  });
});

describe("requireVisitor", () => {
  it("sin sesión lleva a /login recordando la página", async () => {
    const { context } = makeContext(200, USER);
    const response = await thrownResponse(async () => requireVisitor(await requestWith(context, {}, "http://web/mi-poliza?tab=recibos"), context));
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/mi-poliza?tab=recibos")}`);
  });
});

describe("visitorSignInCookie", () => {
  it("guarda auth_token y auth_user", async () => {
    const { context } = makeContext(200, USER);
    const cookie = await visitorSignInCookie(new Request("http://web/login"), context, { token: VALID, user: USER });
    const session = await visitorSessionStorage(context).getSession(cookie.split(";")[0]);
    expect(session.get(VISITOR_TOKEN_KEY)).toBe(VALID);
    expect(JSON.parse(session.get(VISITOR_USER_KEY)!)).toEqual(USER);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });
});
