// Per-address limits: what one client address may do, whatever e-mail or account it
// uses. Enforced here, in the API, for every caller; the state is in the database
// (api/db/rate-limits.repo.ts), so the limits hold across instances. README "Security" lists them.
import type { Clock } from "../platform/clock";
import type { Database } from "./db/client";
import { clientIp, type RequestContext } from "./request";
import { pruneRateLimits, returnRateHit, takeRateHit, type RateRule } from "./db/rate-limits.repo";
import { ApiProblem } from "./http";

export type RateLimitName = "signIn" | "adminSignIn" | "register" | "anonymousQuote" | "checkout" | "passwordReset" | "callback";
export type RateLimits = Record<RateLimitName, RateRule>;

const MINUTE = 60_000;

/**
 * Production limits per client address. `limit` in `windowMs` is a sustained rate with that much
 * burst: after `limit` hits at once, one more every windowMs / limit (so a block lasts at most
 * that long: 30 s for sign-ins, 6 min for registrations, 10 s for anonymous quotes, 30 s for
 * checkouts, 12 min for password-reset links). Sign-ins count failures only (a right password gives its hit back); a refused
 * request is not counted, so the block of someone behind the same address never grows.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: { limit: 20, windowMs: 10 * MINUTE },
  adminSignIn: { limit: 20, windowMs: 10 * MINUTE },
  register: { limit: 10, windowMs: 60 * MINUTE },
  anonymousQuote: { limit: 60, windowMs: 10 * MINUTE },
  checkout: { limit: 20, windowMs: 10 * MINUTE },
  passwordReset: { limit: 5, windowMs: 60 * MINUTE },
  callback: { limit: 10, windowMs: 60 * MINUTE },
};

const MESSAGES: Record<RateLimitName, string> = {
  signIn: "Demasiados intentos de inicio de sesión desde su conexión.",
  adminSignIn: "Demasiados intentos de inicio de sesión desde su conexión.",
  register: "Demasiados registros desde su conexión.",
  anonymousQuote: "Demasiadas cotizaciones desde su conexión.",
  checkout: "Demasiados intentos de contratación desde su conexión.",
  passwordReset: "Demasiadas peticiones para restablecer la contraseña desde su conexión.",
  callback: "Demasiadas peticiones de llamada desde su conexión.",
};

/** "30 segundos", "1 minuto", "6 minutos". */
export function waitText(seconds: number): string {
  if (seconds < 90) return seconds === 1 ? "1 segundo" : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
}

/** The 429 of a per-address limit: Spanish message with the wait, and Retry-After in seconds. */
export function tooManyFromAddress(name: RateLimitName, retryAfterSeconds: number): ApiProblem {
  return new ApiProblem(429, `${MESSAGES[name]} Inténtelo de nuevo en ${waitText(retryAfterSeconds)}.`, undefined, {
    "Retry-After": String(retryAfterSeconds),
  });
}

const PRUNE_EVERY_MS = 5 * MINUTE;
/** When each database's rows were last pruned (by its clock): kept per database, as the rows are; a process may serve several (the tests). */
const lastPrune = new WeakMap<Database, number>();

type LimitContext = RequestContext & { var: { deps: { db: Database; now: Clock; rateLimits: RateLimits } } };

/**
 * Spends one hit of the caller's address on the limit; throws the 429 when none is left.
 * Returns the key, for giveBackAddressHit. Callers without a known address (server/app.ts and
 * the web always set it) share one key rather than go unlimited.
 */
export async function limitAddress(c: LimitContext, name: RateLimitName): Promise<string> {
  const ip = clientIp(c) ?? "unknown";
  const { db, now, rateLimits } = c.var.deps;
  const at = now();
  const pruned = lastPrune.get(db);
  if (pruned === undefined || Math.abs(at.getTime() - pruned) >= PRUNE_EVERY_MS) {
    lastPrune.set(db, at.getTime());
    await pruneRateLimits(db, at);
  }
  const key = `${name}:${ip}`;
  const retryAfter = await takeRateHit(db, key, rateLimits[name], at);
  if (retryAfter !== null) throw tooManyFromAddress(name, retryAfter);
  return key;
}

/** Gives back the hit of limitAddress (a sign-in that succeeded, or was refused before the check). */
export async function giveBackAddressHit(c: LimitContext, name: RateLimitName, key: string): Promise<void> {
  await returnRateHit(c.var.deps.db, key, c.var.deps.rateLimits[name]);
}

/**
 * RATE_LIMITS: limits that differ from the defaults, "name=count/seconds" separated by commas,
 * e.g. "register=1000/3600,anonymousQuote=5000/600". Throws an Error with a Spanish message.
 */
export function parseRateLimits(value: string): Partial<RateLimits> {
  const limits: Partial<RateLimits> = {};
  for (const part of value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(\w+)=(\d{1,9})\/(\d{1,7})$/.exec(part);
    const name = match?.[1] as RateLimitName | undefined;
    if (!match || !name || !(name in DEFAULT_RATE_LIMITS) || Number(match[2]) < 1 || Number(match[3]) < 1) {
      throw new Error(`"${part}" no es válido: use nombre=número/segundos (${Object.keys(DEFAULT_RATE_LIMITS).join(", ")}), p. ej. register=10/3600`);
    }
    limits[name] = { limit: Number(match[2]), windowMs: Number(match[3]) * 1000 };
  }
  return limits;
}
