import { redirect, type AppLoadContext } from "@remix-run/node";
import { VisitorUserSchema, type AuthAnswer, type VisitorUser } from "../../api/contract/auth";
import { ApiError, apiClient, type ApiClient } from "./api.server";
import { InvalidAuthAnswerError, serverFieldErrors } from "./auth-messages";
import { clearVisitorCookie, getVisitorSession, visitorSessionStorage, VISITOR_TOKEN_KEY, VISITOR_USER_KEY } from "./session.server";
import { isTokenExpired, SessionExpiredError } from "./token";
import "./load-context";

export type { VisitorUser };
export type Visitor = { user: VisitorUser; token: string; headers: Headers };

export const VISITOR_LOGIN_PATH = "/login";

/**
 * An API client that refuses to send an expired token: each call first checks the token (spec 5,
 * "an expired token is never sent") and rejects with SessionExpiredError instead. The guards turn
 * that error into a cleared session and the login page.
 */
export function withTokenExpiryGuard(client: ApiClient, token: string, now: () => number = Date.now): ApiClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (isTokenExpired(token, now())) return Promise.reject(new SessionExpiredError());
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

export function parseVisitorUser(data: unknown): VisitorUser | null {
  const parsed = VisitorUserSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

type Resolution =
  | { kind: "anonymous" }
  | { kind: "signedOut" }
  | { kind: "signedIn"; user: VisitorUser; token: string; setCookie: string | null }
  | { kind: "failed"; error: unknown };

// One profile check per incoming request: the root loader and a page's own loader share it
// (Remix hands each loader its own Request, but the same load context).
const resolutions = new WeakMap<AppLoadContext, Promise<Resolution>>();

async function resolveVisitor(request: Request, context: AppLoadContext): Promise<Resolution> {
  const session = await getVisitorSession(request, context);
  const token = session.get(VISITOR_TOKEN_KEY);
  // Authenticated means a token and a user: without a token there is nobody to re-validate.
  if (!token) return { kind: "anonymous" };
  if (isTokenExpired(token)) return { kind: "signedOut" };
  let user: VisitorUser | null;
  try {
    user = parseVisitorUser(await apiClient(context, request, token).get("/auth/profile"));
  } catch (error) {
    // The API refused the token (401, 403, 404…): the check failed. 5xx and an unreachable API
    // are not the visitor's doing and end in the error page instead (ADR 003).
    if (error instanceof ApiError) return { kind: "signedOut" };
    return { kind: "failed", error };
  }
  if (!user) return { kind: "signedOut" };
  // The profile is the truth: a stored auth_user that is unreadable, stale or missing is
  // discarded and replaced by the profile's answer.
  const serialized = JSON.stringify(user);
  let setCookie: string | null = null;
  if (session.get(VISITOR_USER_KEY) !== serialized) {
    session.set(VISITOR_USER_KEY, serialized);
    setCookie = await visitorSessionStorage(context).commitSession(session);
  }
  return { kind: "signedIn", user, token, setCookie };
}

/** The signed-out answer of the spec: clear auth_token and auth_user, go to /login. */
export function visitorSignOutRedirect(context: AppLoadContext, to: string = VISITOR_LOGIN_PATH): Response {
  return redirect(to, { headers: { "Set-Cookie": clearVisitorCookie(context) } });
}

/**
 * The signed-in visitor, or null. Every request that carries a visitor token re-validates it with
 * GET /auth/profile (never sending an expired one); a failed check or an answer without a user
 * throws a redirect to /login that clears the session. `headers` carries the Set-Cookie that
 * refreshes auth_user when it was unreadable or stale: return it with the loader's answer.
 */
export async function getVisitor(request: Request, context: AppLoadContext): Promise<Visitor | null> {
  let pending = resolutions.get(context);
  if (!pending) {
    pending = resolveVisitor(request, context).catch((error: unknown): Resolution => ({ kind: "failed", error }));
    resolutions.set(context, pending);
  }
  const resolution = await pending;
  switch (resolution.kind) {
    case "anonymous":
      return null;
    case "signedOut":
      // An expired session on the checkout (or any page) signs in again and comes back to it.
      throw visitorSignOutRedirect(context, loginPathReturningTo(request));
    case "failed":
      // A thrown Response is read by whoever catches it; each caller gets its own copy.
      throw resolution.error instanceof Response ? resolution.error.clone() : resolution.error;
    case "signedIn": {
      const headers = new Headers();
      if (resolution.setCookie) headers.append("Set-Cookie", resolution.setCookie);
      return { user: resolution.user, token: resolution.token, headers };
    }
  }
}

/** The signed-in visitor, or a redirect to /login that brings them back here afterwards. */
export async function requireVisitor(request: Request, context: AppLoadContext): Promise<Visitor> {
  const visitor = await getVisitor(request, context);
  if (visitor) return visitor;
  throw redirect(loginPathReturningTo(request));
}

/** Pages where coming back after signing in makes no sense: they get plain /login. */
const NO_RETURN_PATHS = new Set([VISITOR_LOGIN_PATH, "/register", "/logout"]);

/** /login?redirectTo=<this page>, so the visitor lands back here after signing in. */
export function loginPathReturningTo(request: Request): string {
  const url = new URL(request.url);
  // Home is where signing in lands anyway.
  if (NO_RETURN_PATHS.has(url.pathname) || (url.pathname === "/" && url.search === "")) return VISITOR_LOGIN_PATH;
  return `${VISITOR_LOGIN_PATH}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The Set-Cookie that stores a validated login or register answer (auth_token, auth_user). */
export async function visitorSignInCookie(request: Request, context: AppLoadContext, answer: AuthAnswer): Promise<string> {
  const storage = visitorSessionStorage(context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.set(VISITOR_TOKEN_KEY, answer.token);
  session.set(VISITOR_USER_KEY, JSON.stringify(answer.user));
  return storage.commitSession(session);
}

/**
 * A refused sign-in or registration (visitor or staff), for the form's `refusal` option
 * (visitorAction): the spec's message for it at the top of the form, the API's field messages
 * beside their fields (passwords are never sent back: the form's hideFields). Anything else (a
 * 5xx arrives as a Response) goes on to the error page (ADR 003).
 */
export function signInRefusal(message: (error: unknown) => string) {
  return (error: unknown) =>
    error instanceof ApiError || error instanceof InvalidAuthAnswerError
      ? { formErrors: [message(error)], fieldErrors: serverFieldErrors(error) }
      : null;
}

/**
 * Signing out always works: POST /auth/logout revokes a live token (so a copy of it stops
 * working too; a failure is only logged), and the answer clears auth_token and auth_user.
 */
export async function revokeVisitorToken(request: Request, context: AppLoadContext): Promise<void> {
  const token = (await getVisitorSession(request, context)).get(VISITOR_TOKEN_KEY);
  if (!token || isTokenExpired(token)) return;
  try {
    await apiClient(context, request, token).post("/auth/logout");
  } catch (error) {
    context.logger.info("visitor logout call failed (ignored)", {
      error: error instanceof Error ? error.message : error instanceof Response ? `HTTP ${error.status}` : String(error),
    });
  }
}
