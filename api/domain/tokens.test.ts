import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN_TTL_SECONDS, signToken, USER_TOKEN_TTL_SECONDS, verifyToken } from "./tokens";

const SECRET = "unit-test-secret-0123456789abcdef0123456789";
const NOW = new Date("2026-03-01T10:00:00Z");
const NOW_S = NOW.getTime() / 1000;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const sign = (input: string, secret = SECRET, algorithm = "sha256") => createHmac(algorithm, secret).update(input).digest("base64url");

/** A token built by hand, to try what signToken would never produce. */
function handMade(header: Record<string, unknown>, claims: Record<string, unknown>, algorithm = "sha256"): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${sign(input, SECRET, algorithm)}`;
}

const validClaims = () => ({ sub: "7", kind: "admin", iat: NOW_S, exp: NOW_S + 60, jti: "0b7c1f3e-4d3c-4a62-9a8e-2f3f4a5b6c7d" });

describe("signToken / verifyToken", () => {
  it("firma y verifica un token con sub, kind, iat, exp y jti", () => {
    const { token, jti, exp } = signToken({ sub: "42", kind: "user" }, SECRET, { now: NOW, ttlSeconds: 3600 });
    expect(exp).toBe(NOW_S + 3600);
    expect(jti).toMatch(/^[0-9a-f-]{36}$/);
    const [header] = token.split(".");
    expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
    expect(verifyToken(token, SECRET, NOW)).toEqual({ sub: "42", kind: "user", iat: NOW_S, exp, jti, ver: 0 });
  });

  it("lleva la versión de sesión de la cuenta (ver); sin ella es 0 y una inválida se rechaza", () => {
    const { token } = signToken({ sub: "7", kind: "admin", ver: 3 }, SECRET, { now: NOW, ttlSeconds: 60 });
    expect(verifyToken(token, SECRET, NOW)?.ver).toBe(3);
    expect(verifyToken(handMade({ alg: "HS256" }, validClaims()), SECRET, NOW)?.ver).toBe(0);
    for (const ver of [-1, 1.5, "2", null]) {
      expect(verifyToken(handMade({ alg: "HS256" }, { ...validClaims(), ver }), SECRET, NOW)).toBeNull();
    }
  });

  it("da un jti distinto a cada token", () => {
    const a = signToken({ sub: "1", kind: "admin" }, SECRET, { now: NOW, ttlSeconds: 60 });
    const b = signToken({ sub: "1", kind: "admin" }, SECRET, { now: NOW, ttlSeconds: 60 });
    expect(a.jti).not.toBe(b.jti);
    expect(a.token).not.toBe(b.token);
  });

  it("acepta un token construido a mano con HS256 (interoperable)", () => {
    expect(verifyToken(handMade({ alg: "HS256", typ: "JWT" }, validClaims()), SECRET, NOW)).toMatchObject({ sub: "7", kind: "admin" });
    expect(verifyToken(handMade({ alg: "HS256" }, validClaims()), SECRET, NOW)).not.toBeNull();
  });

  it("rechaza un token con la carga útil alterada", () => {
    const { token } = signToken({ sub: "42", kind: "user" }, SECRET, { now: NOW, ttlSeconds: 3600 });
    const [header, , signature] = token.split(".");
    const forged = `${header}.${b64({ ...validClaims(), sub: "1", kind: "admin" })}.${signature}`;
    expect(verifyToken(forged, SECRET, NOW)).toBeNull();
  });

  it("rechaza un token con la firma alterada o firmado con otro secreto", () => {
    const { token } = signToken({ sub: "42", kind: "user" }, SECRET, { now: NOW, ttlSeconds: 3600 });
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    expect(verifyToken(`${header}.${payload}.${flipped}`, SECRET, NOW)).toBeNull();
    expect(verifyToken(`${header}.${payload}.`, SECRET, NOW)).toBeNull();
    expect(verifyToken(`${header}.${payload}.${signature.slice(0, -2)}`, SECRET, NOW)).toBeNull();
    expect(verifyToken(token, SECRET + "x", NOW)).toBeNull();
  });

  it("rechaza un token sin firmar con alg none", () => {
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64(validClaims())}.`;
    expect(verifyToken(unsigned, SECRET, NOW)).toBeNull();
    // Even when someone "signs" it, none is never an accepted algorithm.
    expect(verifyToken(handMade({ alg: "none" }, validClaims()), SECRET, NOW)).toBeNull();
    expect(verifyToken(handMade({ alg: "None" }, validClaims()), SECRET, NOW)).toBeNull();
  });

  it("rechaza cabeceras con otro algoritmo (HS512, RS256) o sin algoritmo", () => {
    expect(verifyToken(handMade({ alg: "HS512", typ: "JWT" }, validClaims(), "sha512"), SECRET, NOW)).toBeNull();
    expect(verifyToken(handMade({ alg: "HS512", typ: "JWT" }, validClaims()), SECRET, NOW)).toBeNull();
    expect(verifyToken(handMade({ alg: "RS256", typ: "JWT" }, validClaims()), SECRET, NOW)).toBeNull();
    expect(verifyToken(handMade({ typ: "JWT" }, validClaims()), SECRET, NOW)).toBeNull();
    expect(verifyToken(handMade({ alg: "HS256", typ: "JWE" }, validClaims()), SECRET, NOW)).toBeNull();
    expect(verifyToken(handMade({ alg: "HS256", crit: ["b64"] }, validClaims()), SECRET, NOW)).toBeNull();
  });

  it("rechaza un token caducado (exp igual o anterior a ahora)", () => {
    const { token, exp } = signToken({ sub: "42", kind: "user" }, SECRET, { now: NOW, ttlSeconds: 60 });
    expect(verifyToken(token, SECRET, new Date((exp - 1) * 1000))).not.toBeNull();
    expect(verifyToken(token, SECRET, new Date(exp * 1000))).toBeNull();
    expect(verifyToken(token, SECRET, new Date((exp + 3600) * 1000))).toBeNull();
  });

  it("rechaza un token al que le falta jti, exp, iat, sub o un kind válido", () => {
    for (const key of ["jti", "exp", "iat", "sub", "kind"] as const) {
      const claims: Record<string, unknown> = validClaims();
      delete claims[key];
      expect(verifyToken(handMade({ alg: "HS256" }, claims), SECRET, NOW), key).toBeNull();
    }
    expect(verifyToken(handMade({ alg: "HS256" }, { ...validClaims(), kind: "root" }), SECRET, NOW)).toBeNull();
    expect(verifyToken(handMade({ alg: "HS256" }, { ...validClaims(), exp: String(NOW_S + 60) }), SECRET, NOW)).toBeNull();
    expect(verifyToken(handMade({ alg: "HS256" }, { ...validClaims(), jti: "" }), SECRET, NOW)).toBeNull();
    expect(verifyToken(handMade({ alg: "HS256" }, { ...validClaims(), sub: 7 }), SECRET, NOW)).toBeNull();
  });

  it("rechaza un token bien firmado cuya vida (exp − iat) supera la máxima de su tipo, o emitido en el futuro", () => {
    const admin = { ...validClaims(), exp: NOW_S + ADMIN_TOKEN_TTL_SECONDS };
    expect(verifyToken(handMade({ alg: "HS256" }, admin), SECRET, NOW)).not.toBeNull();
    expect(verifyToken(handMade({ alg: "HS256" }, { ...admin, exp: admin.exp + 1 }), SECRET, NOW)).toBeNull();
    const user = { ...validClaims(), kind: "user", exp: NOW_S + USER_TOKEN_TTL_SECONDS };
    expect(verifyToken(handMade({ alg: "HS256" }, user), SECRET, NOW)).not.toBeNull();
    expect(verifyToken(handMade({ alg: "HS256" }, { ...user, iat: NOW_S - 1 }), SECRET, NOW)).toBeNull();
    // Ten years, as a forged "remember me" would claim.
    expect(verifyToken(handMade({ alg: "HS256" }, { ...user, exp: NOW_S + 10 * 365 * 86400 }), SECRET, NOW)).toBeNull();
    expect(verifyToken(handMade({ alg: "HS256" }, { ...validClaims(), iat: NOW_S + 3600, exp: NOW_S + 3660 }), SECRET, NOW)).toBeNull();
  });

  it("rechaza basura sin lanzar excepciones", () => {
    const { token } = signToken({ sub: "42", kind: "user" }, SECRET, { now: NOW, ttlSeconds: 60 });
    const garbage = ["", "abc", "a.b", "a.b.c", "...", "a.b.c.d", `${token}.x`, "%%%.%%%.%%%", "x".repeat(10_000), `Bearer ${token}`];
    for (const value of garbage) expect(verifyToken(value, SECRET, NOW), value.slice(0, 20)).toBeNull();
    const notJson = `${Buffer.from("not json").toString("base64url")}.${b64(validClaims())}`;
    expect(verifyToken(`${notJson}.${sign(notJson)}`, SECRET, NOW)).toBeNull();
    const arrayPayload = `${b64({ alg: "HS256" })}.${b64([1, 2])}`;
    expect(verifyToken(`${arrayPayload}.${sign(arrayPayload)}`, SECRET, NOW)).toBeNull();
    expect(verifyToken(token, "", NOW)).toBeNull();
    expect(verifyToken(undefined as unknown as string, SECRET, NOW)).toBeNull();
  });

  it("define la duración de las sesiones: 8 h para el personal y 7 días para visitantes", () => {
    expect(ADMIN_TOKEN_TTL_SECONDS).toBe(8 * 3600);
    expect(USER_TOKEN_TTL_SECONDS).toBe(7 * 24 * 3600);
  });
});
