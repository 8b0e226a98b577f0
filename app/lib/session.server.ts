import { createCookieSessionStorage, type AppLoadContext, type Session, type SessionStorage } from "@remix-run/node";
import "./load-context";
import { ADMIN_COOKIE, VISITOR_COOKIE } from "./session-cookies";

/**
 * The two cookie sessions of the web (ARCHITECTURE "Sessions"): httpOnly, SameSite=Lax, Secure in
 * production, signed with SESSION_SECRET (a list: the first signs, all verify, so secrets rotate).
 * The keys are the spec's storage keys (section 9). Users are stored as JSON text, as the spec's
 * browser storage held them, so "an unreadable stored user" means what it says.
 */
export { ADMIN_COOKIE, VISITOR_COOKIE };

export const VISITOR_TOKEN_KEY = "auth_token";
export const VISITOR_USER_KEY = "auth_user";
export const ADMIN_TOKEN_KEY = "admin-token";
export const ADMIN_USER_KEY = "admin-user";

/**
 * Quotes made without an account in this browser: quote id → the ownerToken POST /quotes handed
 * back once (app/lib/quote-owner.server.ts keeps it; sign-in claims them for the account).
 */
export const QUOTE_OWNER_TOKENS_KEY = "quote_owner_tokens";
export type QuoteOwnerTokens = Record<string, string>;

export type VisitorSessionData = {
  [VISITOR_TOKEN_KEY]: string;
  [VISITOR_USER_KEY]: string;
  [QUOTE_OWNER_TOKENS_KEY]: QuoteOwnerTokens;
};
export type AdminSessionData = { [ADMIN_TOKEN_KEY]: string; [ADMIN_USER_KEY]: string };
export type VisitorSession = Session<VisitorSessionData>;
export type AdminSession = Session<AdminSessionData>;

// The cookie outlives no token: the visitor token lasts 7 days, the admin token 8 hours (the API
// decides; these only bound how long a browser keeps the cookie around).
const VISITOR_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
const ADMIN_MAX_AGE_SECONDS = 60 * 60 * 8;

type CookieSettings = { name: string; maxAge: number };

function storageFor<Data>(context: AppLoadContext, { name, maxAge }: CookieSettings): SessionStorage<Data> {
  if (context.sessionSecrets.length === 0) throw new Error("sessionSecrets is empty: the session cookies cannot be signed");
  return createCookieSessionStorage<Data>({
    cookie: {
      name,
      httpOnly: true,
      sameSite: "lax",
      secure: context.secureCookies,
      secrets: context.sessionSecrets,
      path: "/",
      maxAge,
    },
  });
}

export function visitorSessionStorage(context: AppLoadContext): SessionStorage<VisitorSessionData> {
  return storageFor<VisitorSessionData>(context, { name: VISITOR_COOKIE, maxAge: VISITOR_MAX_AGE_SECONDS });
}

export function adminSessionStorage(context: AppLoadContext): SessionStorage<AdminSessionData> {
  return storageFor<AdminSessionData>(context, { name: ADMIN_COOKIE, maxAge: ADMIN_MAX_AGE_SECONDS });
}

export function getVisitorSession(request: Request, context: AppLoadContext): Promise<VisitorSession> {
  return visitorSessionStorage(context).getSession(request.headers.get("Cookie"));
}

export function getAdminSession(request: Request, context: AppLoadContext): Promise<AdminSession> {
  return adminSessionStorage(context).getSession(request.headers.get("Cookie"));
}

/** The quote owner tokens of a visitor session; anything malformed (an old or edited cookie) reads as none. */
export function readQuoteOwnerTokens(session: VisitorSession): QuoteOwnerTokens {
  const stored: unknown = session.get(QUOTE_OWNER_TOKENS_KEY);
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return {};
  const tokens: QuoteOwnerTokens = {};
  for (const [id, token] of Object.entries(stored)) if (typeof token === "string" && token !== "") tokens[id] = token;
  return tokens;
}

/** Stores the quote owner tokens (insertion order = oldest first); an empty map removes the key. */
export function writeQuoteOwnerTokens(session: VisitorSession, tokens: QuoteOwnerTokens): void {
  if (Object.keys(tokens).length === 0) session.unset(QUOTE_OWNER_TOKENS_KEY);
  else session.set(QUOTE_OWNER_TOKENS_KEY, tokens);
}

/** A Set-Cookie value that removes a cookie at once (no signing needed to delete). */
export function expiredCookie(name: string, secure: boolean): string {
  return `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Set-Cookie that signs the visitor out (removes auth_token and auth_user). */
export function clearVisitorCookie(context: AppLoadContext): string {
  return expiredCookie(VISITOR_COOKIE, context.secureCookies);
}

/** Set-Cookie that signs the admin out (removes admin-token and admin-user). */
export function clearAdminCookie(context: AppLoadContext): string {
  return expiredCookie(ADMIN_COOKIE, context.secureCookies);
}

/** Joins the Set-Cookie (and other) headers of several responses into one Headers. */
export function mergeHeaders(...sources: (HeadersInit | null | undefined)[]): Headers {
  const merged = new Headers();
  for (const source of sources) {
    if (!source) continue;
    new Headers(source).forEach((value, key) => {
      if (key.toLowerCase() === "set-cookie") return;
      merged.set(key, value);
    });
    for (const cookie of new Headers(source).getSetCookie()) merged.append("Set-Cookie", cookie);
  }
  return merged;
}
