import { jwtDecode } from "jwt-decode";

/**
 * The spec's expiry rule (section 5), shared by server and browser code: a token counts as expired
 * when it is missing, cannot be decoded, has no numeric `exp`, or its `exp` (seconds) is earlier
 * than now. This only decides whether to *send* a token; the API verifies the signature.
 */
export function isTokenExpired(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  if (!token) return true;
  let exp: unknown;
  try {
    exp = jwtDecode<{ exp?: unknown }>(token).exp;
  } catch {
    return true;
  }
  if (typeof exp !== "number" || !Number.isFinite(exp)) return true;
  return exp * 1000 < nowMs;
}

/** Raised instead of sending an expired token (spec: "Session expired" at header building). */
export class SessionExpiredError extends Error {
  constructor() {
    super("Session expired");
    this.name = "SessionExpiredError";
  }
}

/** True for SessionExpiredError and for any error whose message mentions an expired session. */
export function mentionsExpiredSession(error: unknown): boolean {
  if (error instanceof SessionExpiredError) return true;
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return /session expired|expired session|sesi[oó]n (ha )?(caducad|expirad)|(caducad|expirad)[oa]? la sesi[oó]n/i.test(message);
}
