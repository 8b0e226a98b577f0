import { describe, expect, it } from "vitest";
import { clientAddress, NO_PROXY, parseTrustProxy } from "./client-address";

describe("clientAddress", () => {
  it("sin proxy de confianza usa el socket e ignora X-Forwarded-For", () => {
    expect(clientAddress("203.0.113.9", "1.2.3.4", NO_PROXY)).toBe("203.0.113.9");
  });

  it("con un número de proxies toma la dirección anterior a ellos, aunque el cliente escriba la cabecera", () => {
    const one = parseTrustProxy("1");
    expect(clientAddress("10.0.0.2", "198.51.100.7", one)).toBe("198.51.100.7");
    // The client forged "1.2.3.4"; the balancer appended the real address.
    expect(clientAddress("10.0.0.2", "1.2.3.4, 198.51.100.7", one)).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.3", "198.51.100.7, 10.0.0.2", parseTrustProxy("2"))).toBe("198.51.100.7");
    // Without the header (a request straight to the app) the socket is all there is.
    expect(clientAddress("10.0.0.2", null, one)).toBe("10.0.0.2");
  });

  it("con direcciones o redes de confianza salta los proxies desde la derecha", () => {
    const trust = parseTrustProxy("10.0.0.0/8, 192.168.1.7");
    expect(clientAddress("::ffff:10.1.2.3", "1.2.3.4, 198.51.100.7, 192.168.1.7", trust)).toBe("198.51.100.7");
    // A socket that is not a trusted proxy is the client, whatever the header says.
    expect(clientAddress("203.0.113.9", "1.2.3.4", trust)).toBe("203.0.113.9");
    // Garbage ends the walk.
    expect(clientAddress("10.0.0.2", "<script>, 10.0.0.5", trust)).toBe("10.0.0.5");
  });

  it("rechaza un valor de TRUST_PROXY que no entiende", () => {
    expect(() => parseTrustProxy("todos")).toThrow(/no es una dirección IP/);
    expect(() => parseTrustProxy("10.0.0.0/40")).toThrow(/máscara/);
    expect(() => parseTrustProxy("99")).toThrow(/entre 0 y 10/);
    expect(parseTrustProxy("")).toEqual(NO_PROXY);
    expect(parseTrustProxy("0")).toEqual(NO_PROXY);
  });
});
