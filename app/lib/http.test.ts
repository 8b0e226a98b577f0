import { describe, expect, it } from "vitest";
import { notFound, positiveIdParam } from "./http";

describe("positiveIdParam", () => {
  it("acepta un entero positivo", () => {
    expect(positiveIdParam("42")).toBe(42);
  });

  it.each([undefined, "", "0", "-3", "1.5", "abc", "1e3x"])("responde 404 a %s", (value) => {
    try {
      positiveIdParam(value);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(Response);
      expect((error as Response).status).toBe(404);
    }
  });
});

describe("notFound", () => {
  it("es una respuesta 404", () => {
    expect(notFound("Cotización no encontrada").status).toBe(404);
  });
});
