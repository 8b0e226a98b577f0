import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each(["/", "/cotizar", "/cotizar?linea=auto", "/mi-poliza#recibos", "/cookies?returnTo=%2Fcotizar", "/búsqueda"])(
    "acepta la ruta del propio sitio %s",
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    ["una URL protocol-relative", "//evil.example"],
    ["una URL protocol-relative con ruta", "//evil.example/cotizar"],
    ["la barra invertida tras la barra", "/\\evil.example"],
    ["una barra invertida en medio", "/a\\..\\\\evil.example"],
    ["una URL absoluta", "https://evil.example/"],
    ["un esquema javascript", "javascript:alert(1)"],
    ["un esquema data", "data:text/html,hola"],
    ["una ruta relativa", "cotizar"],
    ["un tabulador que el navegador elimina", "/\t/evil.example"],
    ["un salto de línea", "/\n/evil.example"],
    ["espacios al principio", " /cotizar"],
    ["la cadena vacía", ""],
  ])("rechaza %s", (_label, value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it.each([undefined, null, 42, {}, ["/cotizar"], new URL("http://cotiza.invalid/cotizar")])("rechaza valores que no son texto (%s)", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it("devuelve el valor por defecto indicado", () => {
    expect(safeRedirectPath("//evil.example", "/mi-poliza")).toBe("/mi-poliza");
    expect(safeRedirectPath(null, "/login")).toBe("/login");
  });

  it("rechaza rutas desmesuradamente largas", () => {
    expect(safeRedirectPath("/" + "a".repeat(5000))).toBe("/");
  });
});
