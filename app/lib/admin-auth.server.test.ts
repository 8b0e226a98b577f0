import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import type { AdminRecord } from "../../api/contract/auth";
import { adminApiClient, getSignedInAdmin, handleAdminApiError, requireAdmin, requireRoutePermission, safeAdminRedirect } from "./admin-auth.server";
import { ApiError } from "./api.server";
import { ADMIN_COOKIE, ADMIN_TOKEN_KEY, ADMIN_USER_KEY, adminSessionStorage } from "./session.server";
import { TOAST_COOKIE, decodeToast } from "./toast.server";
import { SessionExpiredError } from "./token";

const SECONDS = () => Math.floor(Date.now() / 1000);
function jwt(exp: number): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: "1", kind: "admin", exp })}.firma`;
}
const VALID = jwt(SECONDS() + 3600);
const EXPIRED = jwt(SECONDS() - 10);

const ADMIN: AdminRecord = {
  id: 7,
  username: "gestora",
  email: "gestora@cotiza.test",
  mustChangePassword: false,
  role: { id: 2, name: "gestor", permissions: { "users:read": true, "users:write": false, "audit:read": false } },
};

type Answer = { status: number; body?: unknown };
function makeContext(answer: Answer | (() => Answer)) {
  const apiFetch = vi.fn(async (request: Request) => {
    void request;
    const { status, body } = typeof answer === "function" ? answer() : answer;
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const context = {
    apiBaseUrl: "http://api.test/api",
    apiFetch,
    sessionSecrets: ["s".repeat(32)],
    secureCookies: false,
    logger,
    clientIp: "203.0.113.9",
    cspNonce: "",
    buildVersion: "t",
  } as unknown as AppLoadContext;
  return { context, apiFetch, logger };
}

async function requestWith(context: AppLoadContext, url: string, data: Partial<Record<string, string>>, init: RequestInit = {}) {
  const storage = adminSessionStorage(context);
  const session = await storage.getSession();
  for (const [key, value] of Object.entries(data)) if (value !== undefined) session.set(key as typeof ADMIN_TOKEN_KEY, value);
  const cookie = (await storage.commitSession(session)).split(";")[0];
  return new Request(url, { ...init, headers: { Cookie: cookie } });
}

async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

function clearsAdminCookie(response: Response) {
  return response.headers.getSetCookie().some((c) => c.startsWith(`${ADMIN_COOKIE}=;`) && /Max-Age=0/.test(c));
}

describe("requireAdmin", () => {
  it("con un token válido consulta /admin/auth/me y guarda su respuesta en admin-user", async () => {
    const { context, apiFetch } = makeContext({ status: 200, body: ADMIN });
    const request = await requestWith(context, "http://web/admin/users", { [ADMIN_TOKEN_KEY]: VALID });
    const result = await requireAdmin(request, context);
    expect(result.admin).toEqual(ADMIN);
    expect(result.token).toBe(VALID);
    const sent = apiFetch.mock.calls[0][0];
    expect(new URL(sent.url).pathname).toBe("/api/admin/auth/me");
    expect(sent.headers.get("authorization")).toBe(`Bearer ${VALID}`);
    // admin-user is refreshed with /me's answer.
    const setCookie = result.headers.getSetCookie()[0];
    const stored = await adminSessionStorage(context).getSession(setCookie.split(";")[0]);
    expect(JSON.parse(stored.get(ADMIN_USER_KEY)!)).toEqual(ADMIN);
  });

  it("no reescribe admin-user si no ha cambiado", async () => {
    const { context } = makeContext({ status: 200, body: ADMIN });
    const request = await requestWith(context, "http://web/admin", { [ADMIN_TOKEN_KEY]: VALID, [ADMIN_USER_KEY]: JSON.stringify(ADMIN) });
    expect((await requireAdmin(request, context)).headers.getSetCookie()).toEqual([]);
  });

  it("hace una sola comprobación por petición aunque la pidan el layout y la página", async () => {
    const { context, apiFetch } = makeContext({ status: 200, body: ADMIN });
    const request = await requestWith(context, "http://web/admin/users", { [ADMIN_TOKEN_KEY]: VALID });
    await Promise.all([requireAdmin(request, context), requireAdmin(request.clone(), context)]);
    expect(apiFetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["sin token", {}],
    ["con un token caducado", { [ADMIN_TOKEN_KEY]: EXPIRED }],
    ["con un token ilegible", { [ADMIN_TOKEN_KEY]: "basura" }],
  ])("%s limpia la sesión y va a /admin/login sin llamar a la API", async (_what, data) => {
    const { context, apiFetch } = makeContext({ status: 200, body: ADMIN });
    const request = await requestWith(context, "http://web/admin/users?q=ana", data);
    const response = (await thrown(() => requireAdmin(request, context))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent("/admin/users?q=ana")}`);
    expect(clearsAdminCookie(response)).toBe(true);
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it.each([401, 403])("un %i de /admin/auth/me cierra la sesión y va a /admin/login", async (status) => {
    const { context } = makeContext({ status, body: { error: "Sesión no válida o caducada" } });
    const request = await requestWith(context, "http://web/admin", { [ADMIN_TOKEN_KEY]: VALID });
    const response = (await thrown(() => requireAdmin(request, context))) as Response;
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(clearsAdminCookie(response)).toBe(true);
  });

  it("otros errores de /admin/auth/me se registran y se relanzan", async () => {
    const { context, logger } = makeContext({ status: 404, body: { error: "No encontrado" } });
    const request = await requestWith(context, "http://web/admin", { [ADMIN_TOKEN_KEY]: VALID });
    const error = await thrown(() => requireAdmin(request, context));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect(logger.error).toHaveBeenCalledWith("admin identity check failed", expect.objectContaining({ status: 404 }));
  });

  it("un 5xx de /admin/auth/me llega como Response con su estado (página de error)", async () => {
    const { context } = makeContext({ status: 503, body: { error: "x" } });
    const request = await requestWith(context, "http://web/admin", { [ADMIN_TOKEN_KEY]: VALID });
    const error = await thrown(() => requireAdmin(request, context));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(503);
  });
});

describe("getSignedInAdmin (para /admin/login)", () => {
  it("devuelve el admin con una sesión válida", async () => {
    const { context } = makeContext({ status: 200, body: ADMIN });
    const request = await requestWith(context, "http://web/admin/login", { [ADMIN_TOKEN_KEY]: VALID });
    expect((await getSignedInAdmin(request, context)).admin?.admin).toEqual(ADMIN);
  });

  it("descarta un token caducado guardado", async () => {
    const { context } = makeContext({ status: 200, body: ADMIN });
    const request = await requestWith(context, "http://web/admin/login", { [ADMIN_TOKEN_KEY]: EXPIRED });
    const { admin, headers } = await getSignedInAdmin(request, context);
    expect(admin).toBeNull();
    expect(headers.getSetCookie()[0]).toMatch(new RegExp(`^${ADMIN_COOKIE}=;`));
  });
});

describe("requireRoutePermission", () => {
  it("deja pasar a quien tiene el permiso de la ruta", async () => {
    const { context } = makeContext({ status: 200, body: ADMIN });
    const request = await requestWith(context, "http://web/admin/users", { [ADMIN_TOKEN_KEY]: VALID });
    await expect(requireRoutePermission(request, context, "routes/admin.users._index", "loader")).resolves.toMatchObject({ admin: ADMIN });
  });

  it("sin el permiso del loader lleva al panel con 'Acceso Denegado' (3000 ms)", async () => {
    const { context } = makeContext({ status: 200, body: ADMIN });
    const request = await requestWith(context, "http://web/admin/audit", { [ADMIN_TOKEN_KEY]: VALID });
    const response = (await thrown(() => requireRoutePermission(request, context, "routes/admin.audit", "loader"))) as Response;
    expect(response.headers.get("Location")).toBe("/admin");
    const value = response.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${TOAST_COOKIE}=`))!
      .split(";")[0]
      .split("=")[1];
    expect(decodeToast(value)).toMatchObject({
      type: "warning",
      title: "Acceso Denegado",
      description: "No tienes permisos para realizar esta accion",
    });
  });

  it("sin el permiso de la acción vuelve a la página, que sí puede ver, con el aviso", async () => {
    const { context } = makeContext({ status: 200, body: ADMIN });
    const request = await requestWith(context, "http://web/admin/users?page=2", { [ADMIN_TOKEN_KEY]: VALID }, { method: "POST" });
    const response = (await thrown(() => requireRoutePermission(request, context, "routes/admin.users._index", "action"))) as Response;
    expect(response.headers.get("Location")).toBe("/admin/users?page=2");
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`${TOAST_COOKIE}=`))).toBe(true);
  });
});

describe("handleAdminApiError", () => {
  const context = makeContext({ status: 200 }).context;
  const get = (url: string) => new Request(url);
  const post = (url: string) => new Request(url, { method: "POST" });
  const catchIt = (error: unknown, request: Request, redirectTo?: string) => {
    try {
      handleAdminApiError(error, request, context, redirectTo);
    } catch (thrownValue) {
      return thrownValue;
    }
  };

  it("un 401 cierra la sesión y va a /admin/login", () => {
    const response = catchIt(new ApiError(401, { error: "Sesión no válida o caducada" }), get("http://web/admin/users")) as Response;
    expect(response.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent("/admin/users")}`);
    expect(clearsAdminCookie(response)).toBe(true);
  });

  it('"Session expired" y los errores que hablan de sesión caducada también', () => {
    for (const error of [new SessionExpiredError(), new Error("La sesión ha caducado")]) {
      const response = catchIt(error, post("http://web/admin/roles/3")) as Response;
      expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
      expect(clearsAdminCookie(response)).toBe(true);
    }
  });

  it("un 403 muestra 'Acceso Denegado': tras un POST en la misma página, tras un GET en el panel", () => {
    const forbidden = new ApiError(403, { error: "No tienes permisos para realizar esta accion" });
    expect((catchIt(forbidden, post("http://web/admin/roles/3")) as Response).headers.get("Location")).toBe("/admin/roles/3");
    expect((catchIt(forbidden, get("http://web/admin/roles/3")) as Response).headers.get("Location")).toBe("/admin");
    expect((catchIt(forbidden, post("http://web/admin/roles/3"), "/admin/roles") as Response).headers.get("Location")).toBe("/admin/roles");
    // Never back to a page whose GET was refused.
    expect((catchIt(forbidden, get("http://web/admin/roles"), "/admin/roles") as Response).headers.get("Location")).toBe("/admin");
    expect((catchIt(forbidden, get("http://web/admin")) as Response).status).toBe(403);
  });

  it("un 404 es la página Page Not Found y el resto se relanza tal cual", () => {
    expect((catchIt(new ApiError(404, { error: "No existe" }), get("http://web/admin/users/9")) as Response).status).toBe(404);
    const conflict = new ApiError(409, { error: "En uso" });
    expect(catchIt(conflict, post("http://web/admin/roles/3"))).toBe(conflict);
    const boom = new Response("x", { status: 500 });
    expect(catchIt(boom, get("http://web/admin"))).toBe(boom);
  });
});

describe("adminApiClient", () => {
  it("nunca envía un token caducado: rechaza con 'Session expired'", async () => {
    const { context, apiFetch } = makeContext({ status: 200, body: {} });
    const api = adminApiClient(context, new Request("http://web/admin"), EXPIRED);
    await expect(api.get("/admin/users")).rejects.toThrow("Session expired");
    await expect(api.post("/admin/roles", { body: {} })).rejects.toBeInstanceOf(SessionExpiredError);
    await expect(api.getResponse("/admin/audit/export")).rejects.toBeInstanceOf(SessionExpiredError);
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it("con un token vigente envía Authorization: Bearer", async () => {
    const { context, apiFetch } = makeContext({ status: 200, body: { ok: true } });
    await adminApiClient(context, new Request("http://web/admin"), VALID).get("/admin/dashboard");
    expect(apiFetch.mock.calls[0][0].headers.get("authorization")).toBe(`Bearer ${VALID}`);
  });
});

describe("safeAdminRedirect", () => {
  it("solo acepta rutas del back office", () => {
    expect(safeAdminRedirect("/admin/users?q=a")).toBe("/admin/users?q=a");
    expect(safeAdminRedirect("/admin")).toBe("/admin");
    expect(safeAdminRedirect("/administracion")).toBe("/admin");
    expect(safeAdminRedirect("/mi-poliza")).toBe("/admin");
    expect(safeAdminRedirect("//evil.example/admin")).toBe("/admin");
    expect(safeAdminRedirect("https://evil.example/admin")).toBe("/admin");
    expect(safeAdminRedirect("/admin/login")).toBe("/admin");
    expect(safeAdminRedirect(null)).toBe("/admin");
  });
});
