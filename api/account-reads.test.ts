import { describe, expect, it } from "vitest";
import { ACCOUNT_READS_ENV_KEY, callMayWrite, readAccountOnce, type AccountReads } from "./account-reads";

describe("callMayWrite", () => {
  it("puede escribir todo método salvo GET y HEAD, salvo la ruta que declara que solo lee", () => {
    expect(["GET", "HEAD"].map((m) => callMayWrite(m))).toEqual([false, false]);
    expect(["POST", "PUT", "PATCH", "DELETE"].map((m) => callMayWrite(m))).toEqual([true, true, true, true]);
    expect(callMayWrite("POST", true)).toBe(false);
    expect(callMayWrite("GET", false)).toBe(false);
  });
});

describe("readAccountOnce", () => {
  const env = (memo: AccountReads) => ({ [ACCOUNT_READS_ENV_KEY]: memo });

  it("lee una vez por clave en las lecturas de una misma petición, también a la vez", async () => {
    const memo: AccountReads = new Map();
    let reads = 0;
    const read = async () => ({ n: ++reads });
    const [a, b] = await Promise.all([readAccountOnce(env(memo), false, "user:1:j", read), readAccountOnce(env(memo), false, "user:1:j", read)]);
    expect(a).toBe(b);
    expect(await readAccountOnce(env(memo), false, "user:2:j", read)).toEqual({ n: 2 });
    expect(reads).toBe(2);
  });

  it("una escritura vacía la memoria y lee por su cuenta", async () => {
    const memo: AccountReads = new Map();
    let reads = 0;
    const read = async () => ++reads;
    await readAccountOnce(env(memo), false, "k", read);
    expect(await readAccountOnce(env(memo), true, "k", read)).toBe(2);
    expect(memo.size).toBe(0);
    expect(await readAccountOnce(env(memo), false, "k", read)).toBe(3);
  });

  it("sin memoria (una llamada de fuera) lee siempre", async () => {
    let reads = 0;
    const read = async () => ++reads;
    for (const outside of [undefined, null, {}, { incoming: {} }, { [ACCOUNT_READS_ENV_KEY]: "no" }])
      await readAccountOnce(outside, false, "k", read);
    expect(reads).toBe(5);
  });

  it("una lectura que falla no queda recordada", async () => {
    const memo: AccountReads = new Map();
    await expect(readAccountOnce(env(memo), false, "k", () => Promise.reject(new Error("caída")))).rejects.toThrow("caída");
    expect(memo.size).toBe(0);
    expect(await readAccountOnce(env(memo), false, "k", async () => "bien")).toBe("bien");
  });
});
