// The API's bearer tokens: compact JWTs signed with HMAC-SHA256 (HS256) using node:crypto only.
// Verification accepts exactly one algorithm, so "none" and asymmetric-algorithm confusion
// (RS256 with the secret as a "public key") cannot slip through.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

export type TokenKind = "admin" | "user";

/** `ver`: the account's session version when signed (0 when absent); a newer one ends the token. */
export type TokenClaims = { sub: string; kind: TokenKind; jti: string; exp: number; iat: number; ver: number };

/** Staff sessions last a working day; visitor sessions a week. */
export const ADMIN_TOKEN_TTL_SECONDS = 8 * 60 * 60;
export const USER_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * The longest life (exp − iat) a token of each kind may claim: what the API signs. A correctly
 * signed token that claims more (a leaked secret, a forged long-lived token) is refused.
 */
export const MAX_TOKEN_LIFETIME_SECONDS: Record<TokenKind, number> = { admin: ADMIN_TOKEN_TTL_SECONDS, user: USER_TOKEN_TTL_SECONDS };
/** How far in the future `iat` may be: clocks of several instances drift a little, not more. */
const CLOCK_SKEW_SECONDS = 60;

const HEADER = { alg: "HS256", typ: "JWT" } as const;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
// A token never needs to be bigger than this; refusing early keeps garbage cheap to reject.
const MAX_TOKEN_LENGTH = 4096;

function encodeSegment(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

function decodeSegment(segment: string): unknown {
  if (!segment || !BASE64URL.test(segment)) return undefined;
  try {
    return JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}

function hmac(input: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(input).digest();
}

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function signToken(
  payload: { sub: string; kind: TokenKind; ver?: number },
  secret: string,
  opts: { now: Date; ttlSeconds: number },
): { token: string; jti: string; exp: number } {
  if (!secret) throw new Error("signToken: empty secret");
  if (!payload.sub) throw new Error("signToken: empty subject");
  const iat = toSeconds(opts.now);
  const exp = iat + Math.floor(opts.ttlSeconds);
  const jti = randomUUID();
  const claims: TokenClaims = { sub: payload.sub, kind: payload.kind, iat, exp, jti, ver: payload.ver ?? 0 };
  const signingInput = `${encodeSegment(HEADER)}.${encodeSegment(claims)}`;
  return { token: `${signingInput}.${hmac(signingInput, secret).toString("base64url")}`, jti, exp };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const isSeconds = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** The claims of a valid, unexpired HS256 token signed with `secret`; null for anything else. */
export function verifyToken(token: string, secret: string, now: Date): TokenClaims | null {
  if (!secret || typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];

  const header = decodeSegment(headerPart);
  if (!isObject(header) || header.alg !== "HS256") return null;
  if (header.typ !== undefined && header.typ !== "JWT") return null;
  // "crit" names extensions the verifier must understand; this one understands none.
  if (header.crit !== undefined) return null;

  if (!signaturePart || !BASE64URL.test(signaturePart)) return null;
  const expected = hmac(`${headerPart}.${payloadPart}`, secret);
  const actual = Buffer.from(signaturePart, "base64url");
  // Re-encoding guards against non-canonical base64url spellings of the same bytes.
  if (actual.length !== expected.length || actual.toString("base64url") !== signaturePart) return null;
  if (!timingSafeEqual(actual, expected)) return null;

  const claims = decodeSegment(payloadPart);
  if (!isObject(claims)) return null;
  const { sub, kind, jti, exp, iat, ver = 0 } = claims;
  if (typeof sub !== "string" || sub === "") return null;
  if (kind !== "admin" && kind !== "user") return null;
  if (typeof jti !== "string" || jti === "") return null;
  if (!isSeconds(exp) || !isSeconds(iat) || !isSeconds(ver)) return null;
  if (exp <= toSeconds(now)) return null;
  if (exp - iat > MAX_TOKEN_LIFETIME_SECONDS[kind] || iat > toSeconds(now) + CLOCK_SKEW_SECONDS) return null;
  return { sub, kind, jti, exp, iat, ver };
}
