import { AdminLoginAnswerSchema, AuthAnswerSchema, type AdminLoginAnswer, type AuthAnswer } from "../../api/contract/auth";

/**
 * The spec's error catalogue (section 8) for signing in, as pure functions: each one is a
 * fallback chain over whatever the API client threw. Shared by actions and tests; no server APIs.
 */
export const MESSAGES = {
  visitorLogin: "Error al iniciar sesión",
  visitorRegister: "Error al registrarse",
  adminLogin: "Error de autenticación",
  changePassword: "Error cambiando contraseña",
  invalidAnswer: "Respuesta inválida del servidor",
  passwordsDiffer: "Las contraseñas no coinciden",
} as const;

/** The `error` field of an API error answer (ApiError.body.error), when there is a non-empty one. */
export function serverErrorField(err: unknown): string | null {
  if (!err || typeof err !== "object" || !("body" in err)) return null;
  const body = (err as { body?: unknown }).body;
  if (!body || typeof body !== "object") return null;
  const message = (body as { error?: unknown }).error;
  return typeof message === "string" && message.trim() !== "" ? message : null;
}

/** The API's per-field messages of an error answer (ApiError.body.fieldErrors), if any. */
export function serverFieldErrors(err: unknown): Record<string, string[]> {
  if (!err || typeof err !== "object" || !("body" in err)) return {};
  const body = (err as { body?: unknown }).body;
  const fieldErrors = body && typeof body === "object" ? (body as { fieldErrors?: unknown }).fieldErrors : undefined;
  if (!fieldErrors || typeof fieldErrors !== "object") return {};
  const result: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(fieldErrors)) {
    if (Array.isArray(messages)) {
      const texts = messages.filter((m): m is string => typeof m === "string" && m !== "");
      if (texts.length > 0) result[name] = texts;
    }
  }
  return result;
}

function errorMessage(err: unknown): string | null {
  return err instanceof Error && err.message.trim() !== "" ? err.message : null;
}

/** Visitor login failed: the server's message, else the error's message, else 'Error al iniciar sesión'. */
export function visitorLoginError(err: unknown): string {
  return serverErrorField(err) ?? errorMessage(err) ?? MESSAGES.visitorLogin;
}

/** Visitor registration failed: the same chain, ending in 'Error al registrarse'. */
export function visitorRegisterError(err: unknown): string {
  return serverErrorField(err) ?? errorMessage(err) ?? MESSAGES.visitorRegister;
}

/** Admin login failed: the server's error field, else "Error de autenticación". */
export function adminLoginError(err: unknown): string {
  return serverErrorField(err) ?? MESSAGES.adminLogin;
}

/** Changing the admin's password failed: the server's error field, else "Error cambiando contraseña". */
export function changePasswordError(err: unknown): string {
  return serverErrorField(err) ?? MESSAGES.changePassword;
}

/** A login or register answer without its token or its user (admin): 'Respuesta inválida del servidor'. */
export class InvalidAuthAnswerError extends Error {
  constructor() {
    super(MESSAGES.invalidAnswer);
    this.name = "InvalidAuthAnswerError";
  }
}

/**
 * Checks a login or register answer before anything is stored. A visitor answer needs a non-empty
 * token and a user {name, email, role}; an admin login answer a non-empty token and the admin
 * record. Anything else throws InvalidAuthAnswerError.
 */
export function validateAuthAnswer(data: unknown, kind?: "visitor"): AuthAnswer;
export function validateAuthAnswer(data: unknown, kind: "admin"): AdminLoginAnswer;
export function validateAuthAnswer(data: unknown, kind: "visitor" | "admin" = "visitor"): AuthAnswer | AdminLoginAnswer {
  const parsed = kind === "admin" ? AdminLoginAnswerSchema.safeParse(data) : AuthAnswerSchema.safeParse(data);
  if (!parsed.success || parsed.data.token.trim() === "") throw new InvalidAuthAnswerError();
  return parsed.data;
}
