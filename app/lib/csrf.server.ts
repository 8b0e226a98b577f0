import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createCookie, type AppLoadContext } from "@remix-run/node";
import "./load-context";

/**
 * CSRF protection for every form (double-submit token, the remix-utils scheme): the root loader
 * keeps a random token in the signed, httpOnly cookie `cotiza_csrf` and hands it to
 * `<AuthenticityTokenProvider>` (remix-utils/csrf/react); each form renders
 * `<AuthenticityTokenInput />` (field "csrf") and each action calls `validateCsrf` first.
 *
 * The server half is written here with node:crypto because remix-utils/csrf/server needs the
 * optional peer dependency crypto-js, which the project does not install. Same field name, same
 * checks (missing cookie, tampered cookie, missing field, mismatch), timing-safe comparison; the
 * cookie is signed with SESSION_SECRET's list, so secret rotation keeps tokens valid.
 */
export const CSRF_COOKIE = "cotiza_csrf";
export const CSRF_FIELD = "csrf";
export const CSRF_FAILURE_MESSAGE = "Petición no válida";

function csrfCookie(context: AppLoadContext) {
  return createCookie(CSRF_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: context.secureCookies,
    secrets: context.sessionSecrets,
    path: "/",
  });
}

async function readToken(request: Request, context: AppLoadContext): Promise<string | null> {
  try {
    const value: unknown = await csrfCookie(context).parse(request.headers.get("Cookie"));
    return typeof value === "string" && value.length >= 32 ? value : null;
  } catch {
    return null;
  }
}

/** The request's CSRF token, creating one (and its Set-Cookie) when the browser has none yet. */
export async function csrfToken(request: Request, context: AppLoadContext): Promise<{ token: string; headers: Headers }> {
  const headers = new Headers();
  const existing = await readToken(request, context);
  if (existing) return { token: existing, headers };
  const token = randomBytes(32).toString("base64url");
  headers.append("Set-Cookie", await csrfCookie(context).serialize(token));
  return { token, headers };
}

function sameToken(a: string, b: string): boolean {
  // Equal-length digests, so the comparison time says nothing about the token.
  const key = randomBytes(32);
  const digest = (value: string) => createHmac("sha256", key).update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Throws a 403 "Petición no válida" unless the form's `csrf` field matches the cookie's token.
 * Pass the already-read FormData when the action needs it too (a body can be read once).
 */
export async function validateCsrf(request: Request, context: AppLoadContext, formData?: FormData): Promise<void> {
  const form =
    formData ??
    (await request
      .clone()
      .formData()
      .catch(() => null));
  const expected = await readToken(request, context);
  const sent = form?.get(CSRF_FIELD);
  if (!expected || typeof sent !== "string" || sent === "" || !sameToken(sent, expected)) {
    context.logger.warn("csrf rejected", {
      reason: !expected ? "missing_token_in_cookie" : typeof sent !== "string" || sent === "" ? "missing_token_in_body" : "mismatched_token",
      path: new URL(request.url).pathname,
    });
    throw new Response(CSRF_FAILURE_MESSAGE, { status: 403, statusText: "Forbidden" });
  }
}
