import { describe, expect, it } from "vitest";
import { ACCOUNT_READS_ENV_KEY, readAccountOnce, type AccountReads } from "./account-reads";

describe("readAccountOnce", () => {
  const env = (memo: AccountReads) => ({ [ACCOUNT_READS_ENV_KEY]: memo });

  it("lee una vez por clave en las lecturas de una misma petición, también a la vez", async () => {
    const memo: AccountReads = new Map();
    let reads = 0;
    const read = async () => ({ n: ++reads });
    const [a, b] = await Promise.all([readAccountOnce(env(memo), "GET", "user:1:j", read), readAccountOnce(env(memo), "HEAD", "user:1:j", read)]);
    expect(a).toBe(b);
    expect(await readAccountOnce(env(memo), "GET", "user:2:j", read)).toEqual({ n: 2 });
    expect(reads).toBe(2);
  });

  it("una escritura vacía la memoria y lee por su cuenta", async () => {
    const memo: AccountReads = new Map();
    let reads = 0;
    const read = async () => ++reads;
    await readAccountOnce(env(memo), "GET", "k", read);
    expect(await readAccountOnce(env(memo), "POST", "k", read)).toBe(2);
    expect(memo.size).toBe(0);
    expect(await readAccountOnce(env(memo), "GET", "k", read)).toBe(3);
  });

  it("sin memoria (una llamada de fuera) lee siempre", async () => {
    let reads = 0;
    const read = async () => ++reads;
    for (const outside of [undefined, null, {}, { incoming: {} }, { [ACCOUNT_READS_ENV_KEY]: "no" }])
      await readAccountOnce(outside, "GET", "k", read);
    expect(reads).toBe(5);
  });

  it("una lectura que falla no queda recordada", async () => {
    const memo: AccountReads = new Map();
    await expect(readAccountOnce(env(memo), "GET", "k", () => Promise.reject(new Error("caída")))).rejects.toThrow("caída");
    expect(memo.size).toBe(0);
    expect(await readAccountOnce(env(memo), "GET", "k", async () => "bien")).toBe("bien");
  });
});
