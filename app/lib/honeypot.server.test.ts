import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { caughtByHoneypot, honeypotInputProps, honeypotProblem } from "./honeypot.server";

const context = {
  sessionSecrets: ["s".repeat(32)],
  logger: { warn: vi.fn() },
} as unknown as AppLoadContext;
const NOW = 1_760_000_000_000;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

function honestForm(nowMs = NOW) {
  const props = honeypotInputProps(context, nowMs);
  return form({ [props.nameFieldName]: "", [props.validFromFieldName]: props.encryptedValidFrom, email: "a@b.es" });
}

describe("honeypot", () => {
  it("deja pasar un formulario rellenado por una persona", () => {
    expect(honeypotProblem(honestForm(), context, NOW + 5000)).toBeNull();
    expect(caughtByHoneypot(honestForm(Date.now() - 1000), context)).toBe(false);
  });

  it("acepta la marca de tiempo firmada con un secreto anterior de la lista", () => {
    const props = honeypotInputProps({ sessionSecrets: ["viejo".repeat(8)] } as AppLoadContext, NOW);
    const rotated = { sessionSecrets: ["nuevo".repeat(8), "viejo".repeat(8)] } as AppLoadContext;
    expect(honeypotProblem(form({ name__confirm: "", from__confirm: props.encryptedValidFrom }), rotated, NOW)).toBeNull();
  });

  it("detecta el campo trampa relleno, ausente, o una marca de tiempo falsa o futura", () => {
    const props = honeypotInputProps(context, NOW);
    expect(honeypotProblem(form({ name__confirm: "bot", from__confirm: props.encryptedValidFrom }), context, NOW)).toBe("honeypot input not empty");
    expect(honeypotProblem(form({ from__confirm: props.encryptedValidFrom }), context, NOW)).toBe("missing honeypot input");
    expect(honeypotProblem(form({ name__confirm: "" }), context, NOW)).toBe("missing valid from");
    expect(honeypotProblem(form({ name__confirm: "", from__confirm: `${NOW}.firma` }), context, NOW)).toBe("invalid valid from");
    expect(honeypotProblem(form({ name__confirm: "", from__confirm: props.encryptedValidFrom }), context, NOW - 1)).toBe("valid from in the future");
  });

  it("dice que cayó en la trampa, sin lanzar nada: la acción responde con el mismo formulario", () => {
    expect(caughtByHoneypot(form({ name__confirm: "bot" }), context)).toBe(true);
  });
});
