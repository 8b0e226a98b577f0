import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./password";

describe("hashPassword / verifyPassword", () => {
  it("stores scrypt$N$r$p$salt$hash with a 16-byte salt and a 64-byte key", async () => {
    const stored = await hashPassword("Contraseña-segura-1");
    const [algo, n, r, p, salt, hash, ...rest] = stored.split("$");
    expect([algo, n, r, p]).toEqual(["scrypt", "16384", "8", "1"]);
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(hash!, "base64")).toHaveLength(64);
    expect(rest).toEqual([]);
  });

  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("Contraseña-segura-1");
    await expect(verifyPassword("Contraseña-segura-1", stored)).resolves.toBe(true);
    await expect(verifyPassword("contraseña-segura-1", stored)).resolves.toBe(false);
    await expect(verifyPassword("", stored)).resolves.toBe(false);
  });

  it("salts: the same password gives different hashes that both verify", async () => {
    const a = await hashPassword("igual");
    const b = await hashPassword("igual");
    expect(a).not.toBe(b);
    await expect(verifyPassword("igual", a)).resolves.toBe(true);
    await expect(verifyPassword("igual", b)).resolves.toBe(true);
  });

  it("treats Unicode compositions of the same text as the same password", async () => {
    const stored = await hashPassword("Peña\u0301"); // decomposed accent
    await expect(verifyPassword("Peñá", stored)).resolves.toBe(true);
  });

  it("rejects malformed or hostile stored values instead of throwing", async () => {
    const stored = await hashPassword("x");
    const [, , , , salt, hash] = stored.split("$");
    for (const bad of [
      "",
      "plain-text",
      "bcrypt$10$abc",
      `scrypt$16384$8$1$${salt}`,
      `scrypt$16383$8$1$${salt}$${hash}`, // N not a power of two
      `scrypt$${2 ** 24}$8$1$${salt}$${hash}`, // too costly
      `scrypt$16384$8$1$$${hash}`,
      `scrypt$16384$8$1$${salt}$`,
      `scrypt$-1$8$1$${salt}$${hash}`,
    ]) {
      await expect(verifyPassword("x", bad), bad).resolves.toBe(false);
    }
  });

  it("verifies hashes made with other cost parameters", async () => {
    const { scryptSync, randomBytes } = await import("node:crypto");
    const salt = randomBytes(16);
    const key = scryptSync("antigua", salt, 64, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
    await expect(verifyPassword("antigua", stored)).resolves.toBe(true);
    await expect(verifyPassword("nueva", stored)).resolves.toBe(false);
  });
});

describe("generatePassword", () => {
  it("gives 20 readable characters with lower case, upper case and digits", () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(20);
      expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]+$/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);
    }
  });

  it("does not repeat itself", () => {
    const seen = new Set(Array.from({ length: 500 }, () => generatePassword()));
    expect(seen.size).toBe(500);
  });
});
