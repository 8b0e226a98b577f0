// Visitor accounts: register, sign in, and the profile the web re-validates on every request.
import { publicRoute, userRoute } from "./user-endpoints";
import type { ApiApp } from "../env";
import { currentUser } from "../auth";
import { clientIp } from "../request";
import { AuthAnswerSchema, LoginBodySchema, RegisterBodySchema, VisitorUserSchema, type VisitorUser } from "../contract/auth";
import { createUser, findUserByEmail, recordUserSignIn, revokeToken } from "../db/accounts.repo";
import { hashPassword } from "../domain/password";
import { signToken, USER_TOKEN_TTL_SECONDS } from "../domain/tokens";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { limitAddress } from "../limits";
import { signIn } from "./sign-in";

const TAG = "Autenticación";
const EMAIL_TAKEN_MESSAGE = "Ya existe una cuenta con ese correo electrónico";

const registerRoute = publicRoute({
  method: "post",
  path: "/auth/register",
  operationId: "register",
  tags: [TAG],
  summary: "Crear una cuenta de visitante e iniciar sesión",
  description:
    "La contraseña debe tener al menos 10 caracteres, no ser una contraseña común ni igual al correo electrónico o al nombre. Devuelve el token de sesión (7 días) y el usuario. Desde una misma dirección, 10 registros por hora (después, uno cada 6 minutos): si no, 429 con Retry-After.",
  request: { body: { required: true, content: jsonContent(RegisterBodySchema) } },
  responses: {
    201: { description: "Cuenta creada; sesión iniciada", content: jsonContent(AuthAnswerSchema) },
    ...errorResponses(409, 429),
  },
});

const loginRoute = publicRoute({
  method: "post",
  path: "/auth/login",
  operationId: "login",
  tags: [TAG],
  summary: "Iniciar sesión como visitante",
  description:
    "Un correo desconocido y una contraseña incorrecta responden lo mismo (401). Tras 5 fallos para un correo desde una dirección en 15 minutos responde 429; también tras 20 fallos desde una dirección con cualquier correo en 10 minutos (después, un intento cada 30 segundos; Retry-After dice cuántos segundos esperar).",
  request: { body: { required: true, content: jsonContent(LoginBodySchema) } },
  responses: {
    200: { description: "Sesión iniciada", content: jsonContent(AuthAnswerSchema) },
    ...errorResponses(401, 429),
  },
});

const profileRoute = userRoute({
  method: "get",
  path: "/auth/profile",
  operationId: "getSessionUser",
  tags: [TAG],
  summary: "Datos del visitante con sesión iniciada",
  responses: {
    200: { description: "El usuario de la sesión", content: jsonContent(VisitorUserSchema) },
  },
});

const logoutRoute = userRoute({
  method: "post",
  path: "/auth/logout",
  operationId: "logout",
  tags: [TAG],
  summary: "Cerrar la sesión del visitante (el token deja de valer)",
  responses: {
    204: { description: "Sesión cerrada" },
  },
});

const visitorUser = (user: { name: string; email: string; role: string }): VisitorUser => ({
  name: user.name,
  email: user.email,
  role: user.role,
});

export function registerAuthRoutes(api: ApiApp) {
  api.openapi(registerRoute, async (c) => {
    const body = c.req.valid("json");
    await limitAddress(c, "register");
    const { db, now, jwtSecret } = c.var.deps;
    const at = now();
    const user = await createUser(db, {
      name: body.name,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      ip: clientIp(c),
      at,
    });
    if (!user) throw new ApiProblem(409, EMAIL_TAKEN_MESSAGE, { email: [EMAIL_TAKEN_MESSAGE] });
    const { token } = signToken({ sub: String(user.id), kind: "user" }, jwtSecret, { now: at, ttlSeconds: USER_TOKEN_TTL_SECONDS });
    return c.json({ token, user: visitorUser(user) }, 201);
  });

  api.openapi(loginRoute, async (c) => {
    const { email, password } = c.req.valid("json");
    const { account, token } = await signIn(c, {
      email,
      password,
      kind: "user",
      addressLimit: "signIn",
      findByEmail: findUserByEmail,
      record: recordUserSignIn,
    });
    return c.json({ token, user: visitorUser(account) }, 200);
  });

  api.openapi(profileRoute, (c) => c.json(visitorUser(currentUser(c)), 200));

  api.openapi(logoutRoute, async (c) => {
    const user = currentUser(c);
    const actor = { actorType: "user" as const, actorId: user.id, actorLabel: user.email, ip: clientIp(c) };
    await revokeToken(c.var.deps.db, { kind: "user", jti: user.jti, exp: user.exp, actor, at: c.var.deps.now() });
    return c.body(null, 204);
  });
}
