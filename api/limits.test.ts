import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, parseRateLimits, tooManyFromAddress, waitText } from "./limits";

describe("RATE_LIMITS", () => {
  it("cambia solo los límites nombrados", () => {
    expect(parseRateLimits("register=1000/3600, anonymousQuote=5000/600")).toEqual({
      register: { limit: 1000, windowMs: 3_600_000 },
      anonymousQuote: { limit: 5000, windowMs: 600_000 },
    });
    expect(parseRateLimits("")).toEqual({});
  });

  it.each(["registro=10/3600", "register=10", "register=0/60", "register=10/0", "signIn=-1/60", "checkout=1e3/60"])(
    "rechaza %s con un mensaje en español",
    (value) => {
      expect(() => parseRateLimits(value)).toThrow(/no es válido: use nombre=número\/segundos/);
    },
  );
});

describe("el 429 por dirección", () => {
  it("dice cuánto esperar en segundos o minutos y lleva Retry-After", () => {
    expect(waitText(1)).toBe("1 segundo");
    expect(waitText(30)).toBe("30 segundos");
    expect(waitText(89)).toBe("89 segundos");
    expect(waitText(90)).toBe("2 minutos");
    expect(waitText(360)).toBe("6 minutos");
    const problem = tooManyFromAddress("signIn", 30);
    expect(problem.status).toBe(429);
    expect(problem.message).toBe("Demasiados intentos de inicio de sesión desde su conexión. Inténtelo de nuevo en 30 segundos.");
    expect(problem.headers).toEqual({ "Retry-After": "30" });
  });

  it("los límites de producción bloquean como mucho 30 s un inicio de sesión", () => {
    for (const name of ["signIn", "adminSignIn"] as const) {
      const { limit, windowMs } = DEFAULT_RATE_LIMITS[name];
      expect(windowMs / limit).toBeLessThanOrEqual(30_000);
    }
  });
});
