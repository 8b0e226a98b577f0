import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import "./load-context";

/**
 * A honeypot against form-filling bots (/register), compatible with remix-utils'
 * `<HoneypotProvider>` and `<HoneypotInputs>` (remix-utils/honeypot/react): a hidden text field
 * that must stay empty and a "valid from" timestamp. The server half is ours (node:crypto) because
 * remix-utils/honeypot/server needs crypto-js, which the project does not install; instead of
 * encrypting the timestamp we sign it with a key derived from SESSION_SECRET, which proves the
 * same thing (the server issued it) and works across instances.
 */
export const HONEYPOT_NAME_FIELD = "name__confirm";
export const HONEYPOT_VALID_FROM_FIELD = "from__confirm";
export const HONEYPOT_FAILURE_MESSAGE = "Formulario no válido";

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

/** Throws a 400 "Formulario no válido" for a submission that fell into the honeypot. */
export function checkHoneypot(formData: FormData, context: AppLoadContext, request?: Request): void {
  const problem = honeypotProblem(formData, context);
  if (!problem) return;
  context.logger.warn("honeypot rejected", { reason: problem, path: request ? new URL(request.url).pathname : undefined });
  throw new Response(HONEYPOT_FAILURE_MESSAGE, { status: 400, statusText: "Bad Request" });
}
