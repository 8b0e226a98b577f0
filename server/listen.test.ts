import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { listen, ListenError, listenErrorMessage } from "./listen";

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});
const server = () => {
  const s = createServer();
  open.push(s);
  return s;
};

describe("tomar el puerto", () => {
  it("escucha en un puerto libre", async () => {
    const s = server();
    await listen(s, 0, "127.0.0.1");
    expect(s.listening).toBe(true);
  });

  it("un puerto en uso da una línea en español que nombra PORT, con el error original como causa", async () => {
    const first = server();
    await listen(first, 0, "127.0.0.1");
    const { port } = first.address() as { port: number };
    const error = await listen(server(), port, "127.0.0.1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListenError);
    expect((error as ListenError).message).toBe(
      `El puerto ${port} (PORT) ya está en uso en 127.0.0.1 (HOST): pare el proceso que lo ocupa o elija otro puerto con PORT.`,
    );
    expect(((error as ListenError).cause as NodeJS.ErrnoException).code).toBe("EADDRINUSE");
  });

  it("explica también un puerto sin permiso y un HOST que no es de esta máquina; los demás errores siguen como son", () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    expect(listenErrorMessage(coded("EADDRINUSE"), 3000, undefined)).toBe(
      "El puerto 3000 (PORT) ya está en uso: pare el proceso que lo ocupa o elija otro puerto con PORT.",
    );
    expect(listenErrorMessage(coded("EACCES"), 80, undefined)).toContain("(PORT)");
    expect(listenErrorMessage(coded("EADDRNOTAVAIL"), 3000, "10.9.9.9")).toContain("10.9.9.9 (HOST)");
    expect(listenErrorMessage(coded("EMFILE"), 3000, undefined)).toBeUndefined();
  });
});
