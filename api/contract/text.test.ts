import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTER_MESSAGE, controlCharacterErrors, hasForbiddenControl, TOO_DEEP_MESSAGE } from "./text";

describe("caracteres de control", () => {
  it("rechaza NUL, los demás C0 y DEL en un campo de una línea; tabulador y saltos de línea solo en los de varias", () => {
    for (const control of ["\u0000", "\u0001", "\u001b", "\u001f", "\u007f", "\t", "\n", "\r"])
      expect(hasForbiddenControl(`a${control}b`, "name"), JSON.stringify(control)).toBe(true);
    for (const allowed of ["\t", "\n", "\r\n"]) expect(hasForbiddenControl(`a${allowed}b`, "notes.0.body")).toBe(false);
    expect(hasForbiddenControl("a\u0000b", "reason")).toBe(true);
    expect(hasForbiddenControl("Lucía Núñez · 2.º B — €", "name")).toBe(false);
  });

  it("nombra cada campo con el problema, también en listas, claves y anidaciones", () => {
    expect(
      controlCharacterErrors({ policyholder: { name: "a\u0000", city: "Madrid" }, extras: ["ok", "x\u0001"], description: "dos\nlíneas" }),
    ).toEqual({
      "policyholder.name": [CONTROL_CHARACTER_MESSAGE],
      "extras.1": [CONTROL_CHARACTER_MESSAGE],
    });
    expect(controlCharacterErrors({ inputs: { "cla\u0000ve": 1 } })).toEqual({ inputs: [CONTROL_CHARACTER_MESSAGE] });
    expect(controlCharacterErrors("\u0000")).toEqual({ _: [CONTROL_CHARACTER_MESSAGE] });
    expect(controlCharacterErrors({ a: 1, b: null, c: true })).toEqual({});
  });

  it("un cuerpo anidado sin fin se rechaza sin recorrerlo entero", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(Object.values(controlCharacterErrors(deep))).toEqual([[TOO_DEEP_MESSAGE]]);
  });
});
