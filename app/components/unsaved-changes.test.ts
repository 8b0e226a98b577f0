import { describe, expect, it } from "vitest";
import { leavesPage, UNSAVED_CHANGES_MESSAGE } from "./unsaved-changes";

describe("leavesPage", () => {
  const here = { pathname: "/cotizar", search: "?linea=auto" };
  it("enviar el formulario a la misma dirección no es salir", () => {
    expect(leavesPage(here, { pathname: "/cotizar", search: "?linea=auto" })).toBe(false);
  });
  it("otra página, u otro ramo en /cotizar, sí", () => {
    expect(leavesPage(here, { pathname: "/", search: "" })).toBe(true);
    expect(leavesPage(here, { pathname: "/cotizar", search: "?linea=hogar" })).toBe(true);
    expect(leavesPage(here, { pathname: "/cotizar", search: "" })).toBe(true);
  });
});

it("el mensaje es el de la especificación", () => {
  expect(UNSAVED_CHANGES_MESSAGE).toBe("Tiene cambios sin guardar. ¿Desea salir de todos modos?");
});
