import { createCookie } from "@remix-run/node";
import { z } from "zod";

/**
 * The visitor's cookie choice, kept in a first-party, HttpOnly cookie.
 *
 * Only the server reads it (root loader → <CookieBanner consent>), so HttpOnly is fine and
 * keeps scripts from tampering with it. It is not signed: it holds no secret and a visitor who
 * edits it only changes their own choice; anything unreadable counts as "not decided yet".
 */
export const CONSENT_MAX_AGE_SECONDS = 60 * 60 * 24 * 180; // 180 days: the choice is asked again after that

// Read at run time: the Remix compiler replaces a literal `process.env.NODE_ENV` with the
// build's mode ("production" even for `npm run dev`), which would make the cookie Secure on
// plain-HTTP development hosts. server.ts runs with NODE_ENV from the environment.
const runtimeEnv = process.env;

export const consentCookie = createCookie("cookie_consent", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: runtimeEnv.NODE_ENV === "production",
  maxAge: CONSENT_MAX_AGE_SECONDS,
});

export const ConsentSchema = z.object({
  v: z.literal(1),
  analytics: z.boolean(),
  personalization: z.boolean(),
  at: z.string().datetime({ offset: true }),
});
export type Consent = z.infer<typeof ConsentSchema>;

export type ConsentChoice = { analytics: boolean; personalization: boolean };

/** The choice made at `now` as the value stored in the cookie. */
export function buildConsent(choice: ConsentChoice, now: Date): Consent {
  return { v: 1, analytics: choice.analytics, personalization: choice.personalization, at: now.toISOString() };
}

/** The stored choice, or null when the visitor has not decided yet (no cookie, or an unreadable one). */
export async function readConsent(request: Request): Promise<Consent | null> {
  let value: unknown;
  try {
    value = await consentCookie.parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  const parsed = ConsentSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The Set-Cookie header value that stores `consent`. */
export function serializeConsent(consent: Consent): Promise<string> {
  return consentCookie.serialize(ConsentSchema.parse(consent));
}
