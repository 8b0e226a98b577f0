import { describe, expect, it } from "vitest";
import { checkPasswordPolicy, COMMON_PASSWORDS, PASSWORD_MESSAGES } from "./password-policy";

describe("checkPasswordPolicy", () => {
  it("acepta una contraseña larga y poco común", () => {
    expect(checkPasswordPolicy("Lentejas-con-chorizo-7")).toEqual([]);
    expect(checkPasswordPolicy("ñandú y pingüino 42", { email: "ana@example.com", name: "Ana" })).toEqual([]);
  });

  it("exige al menos 10 caracteres", () => {
    expect(checkPasswordPolicy("Xq7#pL2v")).toEqual(["La contraseña debe tener al menos 10 caracteres"]);
    expect(checkPasswordPolicy("")).toContain(PASSWORD_MESSAGES.tooShort);
    expect(checkPasswordPolicy("Xq7#pL2v9z")).toEqual([]);
  });

  it("cuenta caracteres, no unidades UTF-16", () => {
    // Nine emoji are 18 UTF-16 units but nine characters.
    expect(checkPasswordPolicy("🐢🐢🐢🐢🐢🐢🐢🐢🐢")).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(checkPasswordPolicy("🐢🐢🐢🐢🐢🐢🐢🐢🐢🐇")).toEqual([]);
  });

  it("no admite más de 128 caracteres", () => {
    expect(checkPasswordPolicy("a7".repeat(64))).toEqual([]);
    expect(checkPasswordPolicy("a7".repeat(64) + "x")).toEqual(["La contraseña no puede tener más de 128 caracteres"]);
  });

  it("rechaza contraseñas comunes sin distinguir mayúsculas", () => {
    for (const common of ["password123", "PASSWORD123", "Qwerty1234", "123456789a", "1234567890", "Contraseña123", "RealMadrid1", "  qwertyuiop  "]) {
      expect(checkPasswordPolicy(common), common).toContain("Esa contraseña es demasiado común; elija otra");
    }
  });

  it("incluye al menos 200 contraseñas comunes, también españolas", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(200);
    for (const spanish of ["contraseña", "123456789a", "barcelona", "madrid123", "qwerty1234", "password123", "iloveyou", "tequiero"]) {
      expect(COMMON_PASSWORDS.has(spanish), spanish).toBe(true);
    }
    for (const entry of COMMON_PASSWORDS) expect(entry).toBe(entry.toLowerCase());
  });

  it("una contraseña corta y común da los dos mensajes", () => {
    expect(checkPasswordPolicy("iloveyou")).toEqual([PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.common]);
  });

  it("no permite usar el correo electrónico ni el nombre como contraseña", () => {
    expect(checkPasswordPolicy("Lucia.Garcia@example.com", { email: "lucia.garcia@example.com" })).toEqual([
      "La contraseña no puede ser igual a su correo electrónico",
    ]);
    expect(checkPasswordPolicy("Maria Dolores Pradera", { name: "María Dolores Pradera" })).toEqual([]);
    expect(checkPasswordPolicy("maría dolores pradera", { name: "María Dolores Pradera" })).toEqual([PASSWORD_MESSAGES.sameAsName]);
  });
});
