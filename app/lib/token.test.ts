import { describe, expect, it } from "vitest";
import { isTokenExpired, mentionsExpiredSession, SessionExpiredError } from "./token";

// Unsigned test tokens: the expiry check only decodes the payload.
function tokenWith(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(payload)}.firma`;
}

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const nowSeconds = NOW / 1000;

describe("isTokenExpired", () => {
  it("trata como caducado un token ausente", () => {
    expect(isTokenExpired(undefined, NOW)).toBe(true);
    expect(isTokenExpired(null, NOW)).toBe(true);
    expect(isTokenExpired("", NOW)).toBe(true);
  });

  it("trata como caducado un token que no se puede decodificar", () => {
    expect(isTokenExpired("no-es-un-jwt", NOW)).toBe(true);
    expect(isTokenExpired("a.b.c", NOW)).toBe(true);
    expect(isTokenExpired(`${Buffer.from("{}").toString("base64url")}.%%%.x`, NOW)).toBe(true);
  });

  it("trata como caducado un token sin exp numérico", () => {
    expect(isTokenExpired(tokenWith({ sub: "1" }), NOW)).toBe(true);
    expect(isTokenExpired(tokenWith({ exp: String(nowSeconds + 60) }), NOW)).toBe(true);
  });

  it("trata como caducado un token cuyo exp ya pasó", () => {
    expect(isTokenExpired(tokenWith({ exp: nowSeconds - 1 }), NOW)).toBe(true);
  });

  it("acepta un token cuyo exp está en el futuro o es exactamente ahora", () => {
    expect(isTokenExpired(tokenWith({ exp: nowSeconds + 3600 }), NOW)).toBe(false);
    expect(isTokenExpired(tokenWith({ exp: nowSeconds }), NOW)).toBe(false);
  });

  it("usa la hora actual cuando no se le pasa", () => {
    const future = Math.floor(Date.now() / 1000) + 600;
    expect(isTokenExpired(tokenWith({ exp: future }))).toBe(false);
    expect(isTokenExpired(tokenWith({ exp: 1 }))).toBe(true);
  });
});

describe("SessionExpiredError", () => {
  it('lleva exactamente el mensaje "Session expired"', () => {
    const error = new SessionExpiredError();
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("Session expired");
    expect(error.name).toBe("SessionExpiredError");
  });
});

describe("mentionsExpiredSession", () => {
  it("reconoce errores que hablan de una sesión caducada", () => {
    expect(mentionsExpiredSession(new SessionExpiredError())).toBe(true);
    expect(mentionsExpiredSession(new Error("Session expired"))).toBe(true);
    expect(mentionsExpiredSession(new Error("La sesión ha caducado"))).toBe(true);
    expect(mentionsExpiredSession(new Error("Sesión expirada"))).toBe(true);
    expect(mentionsExpiredSession("session expired")).toBe(true);
  });

  it("no confunde otros errores", () => {
    expect(mentionsExpiredSession(new Error("Tarjeta caducada"))).toBe(false);
    expect(mentionsExpiredSession(new Error("Error de autenticación"))).toBe(false);
    expect(mentionsExpiredSession(null)).toBe(false);
  });
});
