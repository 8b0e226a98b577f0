import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { decodeToast, encodeToast, FORBIDDEN_TOAST, getToast, readCookie, redirectWithToast, TOAST_COOKIE } from "./toast.server";
import { MIN_TOAST_DURATION_MS } from "./toast";

const context = { secureCookies: false } as AppLoadContext;

function cookieFrom(response: Response, name: string): string | undefined {
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return line?.slice(name.length + 1).split(";")[0];
}

describe("redirectWithToast / getToast", () => {
  it("lleva la notificación a la página siguiente y la consume al leerla", () => {
    const response = redirectWithToast("/admin", FORBIDDEN_TOAST);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    const value = cookieFrom(response, TOAST_COOKIE)!;
    expect(value).toBeTruthy();

    const next = new Request("http://x/admin", { headers: { Cookie: `otra=1; ${TOAST_COOKIE}=${value}` } });
    const { toast, headers } = getToast(next, context);
    expect(toast).toMatchObject({
      type: "warning",
      title: "Acceso Denegado",
      description: "No tienes permisos para realizar esta accion",
    });
    // The Toaster's floor (10 s), not the spec's 3000 ms: time to read it.
    expect(toast?.durationMs).toBeUndefined();
    expect(toast?.id).toMatch(/\S+/);
    expect(headers.getSetCookie()[0]).toMatch(new RegExp(`^${TOAST_COOKIE}=;.*Max-Age=0`));
  });

  it("conserva las demás cabeceras y cookies de la redirección", () => {
    const response = redirectWithToast(
      "/",
      { type: "success", title: "Hecho" },
      { status: 303, headers: { "Set-Cookie": "a=1; Path=/", "X-Extra": "y" } },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("X-Extra")).toBe("y");
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect(response.headers.getSetCookie()[0]).toBe("a=1; Path=/");
  });

  it("sin cookie no hay notificación ni cabeceras", () => {
    const { toast, headers } = getToast(new Request("http://x/"), context);
    expect(toast).toBeNull();
    expect([...headers.keys()]).toEqual([]);
  });

  it("descarta una cookie ilegible o que no cumple el esquema, pero la borra", () => {
    const bad = Buffer.from(JSON.stringify({ id: "1", type: "evil", title: "x" })).toString("base64url");
    for (const value of ["%%%", bad]) {
      const { toast, headers } = getToast(new Request("http://x/", { headers: { Cookie: `${TOAST_COOKIE}=${value}` } }), context);
      expect(toast).toBeNull();
      expect(headers.getSetCookie()).toHaveLength(1);
    }
  });

  it("rechaza al escribir una notificación que no cumple el esquema", () => {
    expect(() => encodeToast({ type: "success", title: "" })).toThrow();
    expect(() => encodeToast({ type: "success", title: "x".repeat(201) })).toThrow();
    // Shorter than the time to read it (WCAG 2.2.1): refused.
    expect(() => encodeToast({ type: "success", title: "x", durationMs: MIN_TOAST_DURATION_MS - 1 })).toThrow();
    expect(decodeToast(encodeToast({ type: "success", title: "x", durationMs: MIN_TOAST_DURATION_MS }))?.durationMs).toBe(MIN_TOAST_DURATION_MS);
  });

  it("mantiene un id dado y genera uno distinto cada vez si no", () => {
    expect(decodeToast(encodeToast({ id: "abc", type: "info", title: "x" }))?.id).toBe("abc");
    const a = decodeToast(encodeToast({ type: "info", title: "x" }))?.id;
    const b = decodeToast(encodeToast({ type: "info", title: "x" }))?.id;
    expect(a).not.toBe(b);
  });

  it("lleva texto con acentos y signos intacto", () => {
    const toast = decodeToast(encodeToast({ type: "success", title: "Contraseña cambiada", description: "¿Listo? «Sí» <b>" }));
    expect(toast?.title).toBe("Contraseña cambiada");
    expect(toast?.description).toBe("¿Listo? «Sí» <b>");
  });
});

describe("readCookie", () => {
  it("encuentra una cookie por nombre exacto", () => {
    expect(readCookie("a=1; cotiza_toast_x=2; cotiza_toast=3", "cotiza_toast")).toBe("3");
    expect(readCookie(null, "a")).toBeNull();
    expect(readCookie("a", "a")).toBeNull();
  });
});
