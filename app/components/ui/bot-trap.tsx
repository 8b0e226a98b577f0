import { useRouteLoaderData } from "@remix-run/react";
import type { HoneypotInputProps } from "~/lib/honeypot.server";

/**
 * The honeypot of a public form (app/lib/honeypot.server.ts): a field that must come back empty
 * and the signed time the form was served, both as hidden inputs. Not remix-utils'
 * `<HoneypotInputs>`, whose text input hidden with CSS is a field to fill in a text browser (w3m
 * and Lynx draw every text input); a hidden input is never presented to a person (ADR 020).
 */
export function BotTrapInputs() {
  const root = useRouteLoaderData<{ honeypot?: HoneypotInputProps }>("root");
  const trap = root?.honeypot;
  if (!trap) return null;
  return (
    <>
      <input type="hidden" name={trap.nameFieldName} value="" />
      <input type="hidden" name={trap.validFromFieldName} value={trap.encryptedValidFrom} />
    </>
  );
}
