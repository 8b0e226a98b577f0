import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import "./load-context";

/**
 * A honeypot against form-filling bots (/register, /cotizar): a field that must come back empty
 * and a signed "valid from" timestamp, both rendered by `<BotTrapInputs>` as hidden inputs (a
 * text browser shows every text input, CSS or not, so the trap is never a field a person sees;
 * ADR 020). A submission that falls into it is answered with the same form, every value kept and
 * a plain message (`BOT_TRAP_MESSAGE`): a person who trips it loses nothing. The server half is ours (node:crypto) because
 * remix-utils/honeypot/server needs crypto-js, which the project does not install; instead of
 * encrypting the timestamp we sign it with a key derived from SESSION_SECRET, which proves the
 * same thing (the server issued it) and works across instances.
 */
export const HONEYPOT_NAME_FIELD = "name__confirm";
export const HONEYPOT_VALID_FROM_FIELD = "from__confirm";
/** What a person reads when a submission fell into the trap: their form, untouched, and this. */
export const BOT_TRAP_MESSAGE = "No hemos podido enviar el formulario. Revise los datos y vuelva a enviarlo.";

export type HoneypotInputProps = {
  nameFieldName: string;
  validFromFieldName: string;
  encryptedValidFrom: string;
};

function sign(value: string, secret: string): string {
  return createHmac("sha256", `honeypot:${secret}`).update(value).digest("base64url");
}

/** The props of <HoneypotProvider> for a form rendered now. */
export function honeypotInputProps(context: AppLoadContext, nowMs: number = Date.now()): HoneypotInputProps {
  const validFrom = String(nowMs);
  return {
    nameFieldName: HONEYPOT_NAME_FIELD,
    validFromFieldName: HONEYPOT_VALID_FROM_FIELD,
    encryptedValidFrom: `${validFrom}.${sign(validFrom, context.sessionSecrets[0] ?? "")}`,
  };
}

function validSignature(timestamp: string, signature: string, secrets: string[]): boolean {
  const given = Buffer.from(signature);
  return secrets.some((secret) => {
    const expected = Buffer.from(sign(timestamp, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** Why a submission looks automated, or null when it passes. */
export function honeypotProblem(formData: FormData, context: AppLoadContext, nowMs: number = Date.now()): string | null {
  if (!formData.has(HONEYPOT_NAME_FIELD)) return "missing honeypot input";
  if (formData.get(HONEYPOT_NAME_FIELD) !== "") return "honeypot input not empty";
  const validFrom = formData.get(HONEYPOT_VALID_FROM_FIELD);
  if (typeof validFrom !== "string" || validFrom === "") return "missing valid from";
  const [timestamp = "", signature = "", ...rest] = validFrom.split(".");
  if (rest.length > 0 || !/^\d{1,15}$/.test(timestamp) || !validSignature(timestamp, signature, context.sessionSecrets)) {
    return "invalid valid from";
  }
  if (Number(timestamp) > nowMs) return "valid from in the future";
  return null;
}

/**
 * Whether the submission fell into the honeypot (logged). The action then answers its own form
 * with every value kept and `BOT_TRAP_MESSAGE` as the form's error, never an error page.
 */
export function caughtByHoneypot(formData: FormData, context: AppLoadContext, request?: Request): boolean {
  const problem = honeypotProblem(formData, context);
  if (!problem) return false;
  context.logger.warn("honeypot rejected", { reason: problem, path: request ? new URL(request.url).pathname : undefined });
  return true;
}
