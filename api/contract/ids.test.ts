import { describe, expect, it } from "vitest";
import { isUuid } from "./ids";

describe("isUuid", () => {
  it("acepta un UUID en minúsculas o mayúsculas y rechaza lo demás", () => {
    expect(isUuid("3f2c1a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f")).toBe(true);
    expect(isUuid("3F2C1A9E-8B7D-4C6E-9F10-2A3B4C5D6E7F")).toBe(true);
    expect(isUuid("3f2c1a9e8b7d4c6e9f102a3b4c5d6e7f")).toBe(false);
    expect(isUuid("3f2c1a9e-8b7d-4c6e-9f10-2a3b4c5d6e7")).toBe(false);
    expect(isUuid("../../etc/passwd")).toBe(false);
    expect(isUuid("")).toBe(false);
  });
});

describe("IdParamSchema", () => {
  it("acepta un entero positivo de la base de datos y rechaza uno mayor que un entero de 32 bits", async () => {
    const { IdParamSchema } = await import("./ids");
    expect(IdParamSchema.parse({ id: "2147483647" })).toEqual({ id: 2_147_483_647 });
    expect(IdParamSchema.safeParse({ id: "2147483648" }).success).toBe(false);
    expect(IdParamSchema.safeParse({ id: "1.1144587681868327e+108" }).success).toBe(false);
  });
});
