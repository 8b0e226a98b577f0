import { describe, expect, it } from "vitest";
import { CLAIM_MESSAGES } from "./claims";
import { ClaimFileFieldsSchema, MY_CLAIM_MESSAGES, occurredOnPolicySchema } from "./my-claims";
import { CONTROL_CHARACTER_MESSAGE } from "./text";

const NOW = new Date("2027-03-10T12:00:00Z");
const messages = (value: unknown) => {
  const result = occurredOnPolicySchema(NOW, "2027-01-01").safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("el paso «cuándo» de la declaración", () => {
  it("rechaza lo ocurrido antes del primer día de cobertura, con la fecha de inicio; el primer día vale desde las 00:00 de España", () => {
    expect(messages("31/12/2026 23:59")).toEqual(["Su póliza empezó el 01/01/2027: no cubre lo ocurrido antes"]);
    expect(messages("01/01/2027 00:00")).toEqual([]);
    expect(messages("05/03/2027 20:30")).toEqual([]);
  });

  it("un solo mensaje por problema: mal escrita, vacía o posterior a este momento", () => {
    expect(messages("ayer por la tarde")).toEqual([CLAIM_MESSAGES.occurredAt]);
    expect(messages(undefined)).toEqual([CLAIM_MESSAGES.occurredAt]);
    expect(messages("11/03/2027 10:00")).toEqual([CLAIM_MESSAGES.future]);
  });
});

describe("los campos de texto de una subida", () => {
  it("el tipo, de la lista; el documento pedido, un número; un carácter de control, dicho en el campo", () => {
    expect(ClaimFileFieldsSchema.parse({ kind: "foto", requestId: "" })).toEqual({ kind: "foto" });
    expect(ClaimFileFieldsSchema.parse({ kind: "denuncia", requestId: "7" })).toEqual({ kind: "denuncia", requestId: 7 });
    const refused = (value: Record<string, unknown>) => ClaimFileFieldsSchema.safeParse(value).error?.flatten().fieldErrors;
    expect(refused({})).toEqual({ kind: [MY_CLAIM_MESSAGES.kind] });
    expect(refused({ kind: "selfie" })).toEqual({ kind: [MY_CLAIM_MESSAGES.kind] });
    expect(refused({ kind: "fo\u0000to" })).toEqual({ kind: [CONTROL_CHARACTER_MESSAGE] });
    expect(refused({ kind: "foto", requestId: "x" })).toEqual({ requestId: [MY_CLAIM_MESSAGES.request] });
  });
});
