import { redirect, type AppLoadContext } from "@remix-run/node";
import { badRequest, notFound } from "./http";
import { AdminRecordSchema, type AdminLoginAnswer, type AdminRecord } from "../../api/contract/auth";
import { hasPermission } from "../../api/contract/permissions";
import { ADMIN_ROUTE_PERMISSIONS, canOpen, type AdminRouteId } from "./admin-routes";
import { ApiError, apiClient, type ApiClient } from "./api.server";
import { withTokenExpiryGuard } from "./auth.server";
import { safeRedirectPath } from "./safe-redirect";
import { adminSessionStorage, ADMIN_TOKEN_KEY, ADMIN_USER_KEY, clearAdminCookie, getAdminSession } from "./session.server";
import { FORBIDDEN_TOAST, redirectWithToast } from "./toast.server";
import { isTokenExpired, mentionsExpiredSession } from "./token";
import "./load-context";

export type { AdminRecord };
export { hasPermission };

export type AdminContext = {
  admin: AdminRecord;
  token: string;
  /** The API client acting as this admin; it refuses to send the token once it has expired. */
  api: ApiClient;
  /** Set-Cookie refreshing admin-user when /admin/auth/me changed it: return it with the answer. */
  headers: Headers;
};

export const ADMIN_HOME = "/admin";
export const ADMIN_LOGIN_PATH = "/admin/login";

/** The admin's API client: Authorization: Bearer, and never an expired token (SessionExpiredError). */
export function adminApiClient(context: AppLoadContext, request: Request, token: string): ApiClient {
  return withTokenExpiryGuard(apiClient(context, request, token), token);
}

/** Where a signed-in admin may be sent after login: a same-site path inside /admin, else /admin. */
export function safeAdminRedirect(value: unknown): string {
  const path = safeRedirectPath(value, ADMIN_HOME);
  const pathname = path.split(/[?#]/)[0];
  if (pathname !== ADMIN_HOME && !pathname.startsWith(`${ADMIN_HOME}/`)) return ADMIN_HOME;
  if (pathname === ADMIN_LOGIN_PATH || pathname === "/admin/logout") return ADMIN_HOME;
  return path;
}

function currentPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** /admin/login, remembering the page to come back to (plain /admin/login for the dashboard). */
export function adminLoginUrl(request: Request): string {
  const here = currentPath(request);
  const back = safeAdminRedirect(here);
  return back === ADMIN_HOME ? ADMIN_LOGIN_PATH : `${ADMIN_LOGIN_PATH}?redirectTo=${encodeURIComponent(back)}`;
}

/** Ends the admin session (admin-token, admin-user) and goes to /admin/login. */
export function adminSignOutRedirect(request: Request, context: AppLoadContext): Response {
  return redirect(adminLoginUrl(request), { headers: { "Set-Cookie": clearAdminCookie(context) } });
}

type Resolution =
  | { kind: "signedOut"; hadCookie: boolean }
  | { kind: "signedIn"; admin: AdminRecord; token: string; setCookie: string | null }
  | { kind: "failed"; error: unknown };

// One identity check per incoming request, shared by the layout's loader and the page's own.
const resolutions = new WeakMap<AppLoadContext, Promise<Resolution>>();

async function resolveAdmin(request: Request, context: AppLoadContext): Promise<Resolution> {
  const session = await getAdminSession(request, context);
  const token = session.get(ADMIN_TOKEN_KEY);
  const hadCookie = Boolean(token || session.get(ADMIN_USER_KEY));
  // Missing, undecodable or past exp: dropped without asking the API (never sent).
  if (!token || isTokenExpired(token)) return { kind: "signedOut", hadCookie };
  let admin: AdminRecord;
  try {
    admin = await adminApiClient(context, request, token).get("/admin/auth/me", { schema: AdminRecordSchema });
  } catch (error) {
    // Spec 8: a 401 or 403 from the identity call, any 401, or an expired session → signed out;
    // other errors are logged and rethrown.
    if ((error instanceof ApiError && (error.status === 401 || error.status === 403)) || mentionsExpiredSession(error)) {
      return { kind: "signedOut", hadCookie };
    }
    context.logger.error("admin identity check failed", {
      status: error instanceof ApiError ? error.status : error instanceof Response ? error.status : undefined,
      error: error instanceof Error ? error.message : String(error),
    });
    return { kind: "failed", error };
  }
  // /admin/auth/me's answer is cached in admin-user (spec 7).
  const serialized = JSON.stringify(admin);
  let setCookie: string | null = null;
  if (session.get(ADMIN_USER_KEY) !== serialized) {
    session.set(ADMIN_USER_KEY, serialized);
    setCookie = await adminSessionStorage(context).commitSession(session);
  }
  return { kind: "signedIn", admin, token, setCookie };
}

function resolve(request: Request, context: AppLoadContext): Promise<Resolution> {
  let pending = resolutions.get(context);
  if (!pending) {
    pending = resolveAdmin(request, context).catch((error: unknown): Resolution => ({ kind: "failed", error }));
    resolutions.set(context, pending);
  }
  return pending;
}

function rethrow(error: unknown): never {
  // A thrown Response is read by whoever catches it; each caller gets its own copy.
  throw error instanceof Response ? error.clone() : error;
}

function signedIn(request: Request, context: AppLoadContext, resolution: Extract<Resolution, { kind: "signedIn" }>): AdminContext {
  const headers = new Headers();
  if (resolution.setCookie) headers.append("Set-Cookie", resolution.setCookie);
  return { admin: resolution.admin, token: resolution.token, api: adminApiClient(context, request, resolution.token), headers };
}

/**
 * The signed-in admin. The token is checked for expiry (jwt-decode) and then with
 * GET /admin/auth/me, whose answer refreshes admin-user. Without a valid session: the session is
 * cleared and the admin goes to /admin/login (thrown redirect). Other failures are logged and
 * rethrown.
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<AdminContext> {
  const resolution = await resolve(request, context);
  if (resolution.kind === "signedOut") throw adminSignOutRedirect(request, context);
  if (resolution.kind === "failed") rethrow(resolution.error);
  return signedIn(request, context, resolution as Extract<Resolution, { kind: "signedIn" }>);
}

/**
 * For /admin/login: the admin when the stored session is valid, else null. `headers` removes a
 * stored session that is no longer valid ("a stored expired token is dropped").
 */
export async function getSignedInAdmin(request: Request, context: AppLoadContext): Promise<{ admin: AdminContext | null; headers: Headers }> {
  const resolution = await resolve(request, context);
  if (resolution.kind === "failed") rethrow(resolution.error);
  if (resolution.kind === "signedOut") {
    const headers = new Headers();
    if (resolution.hadCookie) headers.append("Set-Cookie", clearAdminCookie(context));
    return { admin: null, headers };
  }
  const admin = signedIn(request, context, resolution);
  return { admin, headers: admin.headers };
}

/**
 * The guard of every admin loader and action: `requireAdmin`, then the permission that
 * ADMIN_ROUTE_PERMISSIONS gives this route for a loader or an action. Without it: the dashboard
 * (or, for an action on a page the admin may see, that page) with the 'Acceso Denegado' toast.
 */
const TEMPORARY_PASSWORD_ROUTES = new Set<AdminRouteId>(["routes/admin", "routes/admin.settings", "routes/admin.logout"]);
const TEMPORARY_PASSWORD_TOAST = {
  type: "info",
  title: "Cambia tu contraseña",
  description: "Entraste con una contraseña temporal: elige una tuya para seguir.",
} as const;

export async function requireRoutePermission(
  request: Request,
  context: AppLoadContext,
  routeId: AdminRouteId,
  kind: "loader" | "action",
): Promise<AdminContext> {
  const admin = await requireAdmin(request, context);
  // A temporary password (chosen by another admin) opens only the page that changes it; the API refuses the rest too.
  if (admin.admin.mustChangePassword && !TEMPORARY_PASSWORD_ROUTES.has(routeId)) {
    throw redirectWithToast("/admin/settings", TEMPORARY_PASSWORD_TOAST, { headers: admin.headers });
  }
  const needed = ADMIN_ROUTE_PERMISSIONS[routeId][kind];
  if (needed !== null && !hasPermission(admin.admin.role.permissions, needed)) {
    const backToPage = kind === "action" && canOpen(admin.admin.role.permissions, routeId, "loader");
    throw redirectWithToast(backToPage ? currentPath(request) : ADMIN_HOME, FORBIDDEN_TOAST, { headers: admin.headers });
  }
  return admin;
}

/** The 'Acceso Denegado' answer: a redirect with the toast, never back to the page that was refused. */
export function forbiddenRedirect(request: Request, redirectTo?: string): Response {
  const here = currentPath(request);
  const target = safeRedirectPath(redirectTo ?? (isRead(request) ? ADMIN_HOME : here), ADMIN_HOME);
  if (!isRead(request) || target !== here) return redirectWithToast(target, FORBIDDEN_TOAST);
  // A page whose loader was refused must not be reloaded: it would be refused again, forever.
  if (here !== ADMIN_HOME) return redirectWithToast(ADMIN_HOME, FORBIDDEN_TOAST);
  // Refused on the dashboard itself: nowhere safer to go.
  return new Response(FORBIDDEN_TOAST.description, { status: 403, statusText: "Forbidden" });
}

/**
 * What an admin page does with a failed API call (spec 8):
 * - 401, or an error that mentions an expired session (SessionExpiredError included): the admin
 *   session is cleared and the admin goes to /admin/login;
 * - 403: the 'Acceso Denegado' toast on `redirectTo` (default: this page after a POST, the
 *   dashboard after a GET);
 * - 404: the "Page Not Found" page;
 * - anything else is rethrown (5xx already arrive as a Response: the error page).
 * Field errors of a 400 belong to the form: handle those before calling this.
 */
export function handleAdminApiError(error: unknown, request: Request, context: AppLoadContext, redirectTo?: string): never {
  if ((error instanceof ApiError && error.status === 401) || mentionsExpiredSession(error)) {
    throw adminSignOutRedirect(request, context);
  }
  if (error instanceof ApiError && error.status === 403) throw forbiddenRedirect(request, redirectTo);
  if (error instanceof ApiError && error.status === 404) throw notFound();
  // A loader's query the API refused (the page's own checks let it through): the client's mistake.
  if (error instanceof ApiError && error.status === 400) throw badRequest();
  throw error;
}

/** The Set-Cookie that stores a validated admin login answer (admin-token, admin-user). */
export async function adminSignInCookie(request: Request, context: AppLoadContext, answer: AdminLoginAnswer): Promise<string> {
  const storage = adminSessionStorage(context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.set(ADMIN_TOKEN_KEY, answer.token);
  session.set(ADMIN_USER_KEY, JSON.stringify(answer.admin));
  return storage.commitSession(session);
}
