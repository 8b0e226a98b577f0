import { describe, expect, it } from "vitest";
import { ApiError } from "./api.server";
import {
  adminLoginError,
  changePasswordError,
  InvalidAuthAnswerError,
  MESSAGES,
  serverFieldErrors,
  validateAuthAnswer,
  visitorLoginError,
  visitorRegisterError,
} from "./auth-messages";

const apiError = (status: number, error: string, fieldErrors?: Record<string, string[]>) =>
  new ApiError(status, fieldErrors ? { error, fieldErrors } : { error });
// An error shaped like an ApiError whose answer had no usable `error` field.
const emptyServerError = Object.assign(new Error(""), { body: { error: "" } });

describe("visitorLoginError", () => {
  it("muestra el mensaje del servidor cuando lo hay", () => {
    expect(visitorLoginError(apiError(401, "Correo electrónico o contraseña incorrectos"))).toBe("Correo electrónico o contraseña incorrectos");
    expect(visitorLoginError(apiError(429, "Demasiados intentos con este correo. Inténtelo de nuevo en 15 minutos."))).toBe(
      "Demasiados intentos con este correo. Inténtelo de nuevo en 15 minutos.",
    );
  });

  it("si no, el mensaje del error", () => {
    expect(visitorLoginError(new Error("Network Error"))).toBe("Network Error");
    expect(visitorLoginError(new InvalidAuthAnswerError())).toBe("Respuesta inválida del servidor");
  });

  it("si no, 'Error al iniciar sesión'", () => {
    expect(visitorLoginError(undefined)).toBe("Error al iniciar sesión");
    expect(visitorLoginError(new Error(""))).toBe("Error al iniciar sesión");
    expect(visitorLoginError(emptyServerError)).toBe("Error al iniciar sesión");
    expect(visitorLoginError({ body: { error: 42 } })).toBe("Error al iniciar sesión");
    expect(visitorLoginError("texto suelto")).toBe("Error al iniciar sesión");
  });
});

describe("visitorRegisterError", () => {
  it("sigue la misma cadena y termina en 'Error al registrarse'", () => {
    expect(visitorRegisterError(apiError(409, "Ya existe una cuenta con ese correo electrónico"))).toBe(
      "Ya existe una cuenta con ese correo electrónico",
    );
    expect(visitorRegisterError(new Error("Network Error"))).toBe("Network Error");
    expect(visitorRegisterError(null)).toBe("Error al registrarse");
    expect(visitorRegisterError(emptyServerError)).toBe("Error al registrarse");
  });
});

describe("adminLoginError", () => {
  it('muestra el campo error del servidor, si no "Error de autenticación"', () => {
    expect(adminLoginError(apiError(401, "Correo electrónico o contraseña incorrectos"))).toBe("Correo electrónico o contraseña incorrectos");
    // The admin chain has no "error's message" step.
    expect(adminLoginError(new Error("Network Error"))).toBe("Error de autenticación");
    expect(adminLoginError(emptyServerError)).toBe("Error de autenticación");
    expect(adminLoginError(undefined)).toBe("Error de autenticación");
  });
});

describe("changePasswordError", () => {
  it('muestra el campo error del servidor, si no "Error cambiando contraseña"', () => {
    expect(changePasswordError(apiError(400, "La contraseña actual no es correcta"))).toBe("La contraseña actual no es correcta");
    expect(changePasswordError(new Error("Network Error"))).toBe("Error cambiando contraseña");
    expect(changePasswordError(emptyServerError)).toBe("Error cambiando contraseña");
  });
});

describe("serverFieldErrors", () => {
  it("devuelve los mensajes por campo de la respuesta, sin valores que no sean texto", () => {
    const error = apiError(400, "Datos no válidos", { email: ["Introduzca un correo electrónico válido"], name: [] });
    expect(serverFieldErrors(error)).toEqual({ email: ["Introduzca un correo electrónico válido"] });
    expect(serverFieldErrors(new Error("x"))).toEqual({});
    expect(serverFieldErrors({ body: { error: "x", fieldErrors: { a: [1, "b"] } } })).toEqual({ a: ["b"] });
  });
});

describe("validateAuthAnswer", () => {
  const user = { name: "Ana", email: "ana@example.com", role: "user" };
  const admin = {
    id: 1,
    username: "ana",
    email: "ana@example.com",
    mustChangePassword: false,
    role: { id: 1, name: "superadmin", permissions: { "users:read": true } },
  };

  it("acepta una respuesta de visitante con token y usuario", () => {
    expect(validateAuthAnswer({ token: "t", user })).toEqual({ token: "t", user });
  });

  it("acepta una respuesta de administrador con token y admin", () => {
    expect(validateAuthAnswer({ token: "t", admin }, "admin")).toEqual({ token: "t", admin });
  });

  it.each([
    ["sin token", { user }],
    ["con token vacío", { token: "  ", user }],
    ["sin usuario", { token: "t" }],
    ["con usuario incompleto", { token: "t", user: { name: "Ana" } }],
    ["vacía", undefined],
    ["que no es un objeto", "ok"],
  ])("rechaza una respuesta de visitante %s con 'Respuesta inválida del servidor'", (_what, data) => {
    expect(() => validateAuthAnswer(data)).toThrow(InvalidAuthAnswerError);
    expect(() => validateAuthAnswer(data)).toThrow(MESSAGES.invalidAnswer);
  });

  it("rechaza una respuesta de administrador sin token o sin admin", () => {
    expect(() => validateAuthAnswer({ admin }, "admin")).toThrow("Respuesta inválida del servidor");
    expect(() => validateAuthAnswer({ token: "t" }, "admin")).toThrow("Respuesta inválida del servidor");
    // A visitor answer is not an admin answer.
    expect(() => validateAuthAnswer({ token: "t", user }, "admin")).toThrow("Respuesta inválida del servidor");
  });
});
