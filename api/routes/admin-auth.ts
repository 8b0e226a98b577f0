// Staff sessions: sign in, sign out (revokes the token id), who am I, change my password.
import { createRoute } from "@hono/zod-openapi";
import type { ApiApp } from "../env";
import { adminPrincipal, checkCredentials, currentAdmin, PUBLIC_SECURITY, UNAUTHORIZED_MESSAGE } from "../auth";
import {
  accountRuleMessages,
  AdminLoginAnswerSchema,
  AdminLoginBodySchema,
  AdminRecordSchema,
  ChangePasswordBodySchema,
  CURRENT_PASSWORD_WRONG_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  type AdminRecord,
} from "../contract/auth";
import { changeOwnPassword, findAdminByEmail, findAdminById, recordAdminSignIn, revokeToken } from "../db/accounts.repo";
import { adminActor } from "../db/audit";
import { hashPassword } from "../domain/password";
import { ADMIN_TOKEN_TTL_SECONDS, signToken } from "../domain/tokens";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import type { AdminPrincipal } from "../principal";
import { adminRoute } from "./admin-endpoints";
import { signIn } from "./sign-in";

const TAG = "Administración: sesión";

const loginRoute = createRoute({
  method: "post",
  path: "/admin/auth/login",
  operationId: "adminLogin",
  tags: [TAG],
  summary: "Iniciar sesión en el back office",
  description:
    "Un correo desconocido, una contraseña incorrecta y una cuenta desactivada responden lo mismo (401). Tras 5 fallos para un correo desde una dirección en 15 minutos responde 429; también tras 20 fallos desde una dirección con cualquier correo en 10 minutos (después, un intento cada 30 segundos; Retry-After dice cuántos segundos esperar). El token dura 8 horas.",
  security: PUBLIC_SECURITY,
  request: { body: { required: true, content: jsonContent(AdminLoginBodySchema) } },
  responses: {
    200: { description: "Sesión iniciada", content: jsonContent(AdminLoginAnswerSchema) },
    ...errorResponses(401, 429),
  },
});

const logoutRoute = adminRoute({
  method: "post",
  path: "/admin/auth/logout",
  operationId: "adminLogout",
  tags: [TAG],
  summary: "Cerrar la sesión (el token deja de valer)",
  responses: {
    204: { description: "Sesión cerrada" },
  },
});

const meRoute = adminRoute({
  method: "get",
  path: "/admin/auth/me",
  operationId: "getSessionAdmin",
  tags: [TAG],
  summary: "El administrador de la sesión, con su rol y permisos",
  responses: {
    200: { description: "El administrador", content: jsonContent(AdminRecordSchema) },
  },
});

const changePasswordRoute = adminRoute({
  method: "post",
  path: "/admin/auth/change-password",
  operationId: "changeAdminPassword",
  tags: [TAG],
  summary: "Cambiar la contraseña propia",
  description:
    "Exige la contraseña actual. La nueva debe tener al menos 10 caracteres, no ser común ni igual al correo o al nombre de usuario. Los fallos de la contraseña actual cuentan como intentos de inicio de sesión (429 tras 5 en 15 minutos). Cambiarla cierra todas las sesiones de la cuenta, también la de este token: la respuesta trae un token nuevo para seguir en esta.",
  request: { body: { required: true, content: jsonContent(ChangePasswordBodySchema) } },
  responses: {
    200: { description: "Contraseña cambiada; el token nuevo de esta sesión", content: jsonContent(AdminLoginAnswerSchema) },
    ...errorResponses(429),
  },
});

function adminRecord(admin: AdminPrincipal): AdminRecord {
  return {
    id: admin.id,
    username: admin.username,
    email: admin.email,
    mustChangePassword: admin.mustChangePassword,
    role: { id: admin.roleId, name: admin.roleName, permissions: { ...admin.permissions } },
  };
}

export function registerAdminAuthRoutes(api: ApiApp) {
  api.openapi(loginRoute, async (c) => {
    const { email, password } = c.req.valid("json");
    const { account, token, jti, exp } = await signIn(c, {
      email,
      password,
      kind: "admin",
      addressLimit: "adminSignIn",
      findByEmail: findAdminByEmail,
      record: recordAdminSignIn,
    });
    return c.json({ admin: adminRecord(adminPrincipal(account, { jti, exp })), token }, 200);
  });

  api.openapi(logoutRoute, async (c) => {
    const admin = currentAdmin(c);
    await revokeToken(c.var.deps.db, { kind: "admin", jti: admin.jti, exp: admin.exp, actor: adminActor(c), at: c.var.deps.now() });
    return c.body(null, 204);
  });

  api.openapi(meRoute, (c) => c.json(adminRecord(currentAdmin(c)), 200));

  api.openapi(changePasswordRoute, async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const { db, now, jwtSecret } = c.var.deps;
    const admin = currentAdmin(c);
    const account = await findAdminById(db, admin.id);
    if (!account) throw new ApiProblem(401, UNAUTHORIZED_MESSAGE);
    // A wrong current password is a failed sign-in: rate-limited and audited like one, so a
    // stolen token cannot be used to guess the password.
    try {
      const { actorType, actorId, actorLabel } = adminActor(c);
      const failureAudit = { actorType, actorId, actorLabel, action: "admin.password_change_failed" as const };
      await checkCredentials(c, { email: account.email, password: currentPassword, account, kind: "admin", failureAudit });
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 401) {
        throw new ApiProblem(400, CURRENT_PASSWORD_WRONG_MESSAGE, { currentPassword: [CURRENT_PASSWORD_WRONG_MESSAGE] });
      }
      throw error;
    }
    const problems = accountRuleMessages(newPassword, { email: account.email, name: account.username });
    if (newPassword === currentPassword) problems.push(SAME_PASSWORD_MESSAGE);
    if (problems.length > 0) throw new ApiProblem(400, problems[0]!, { newPassword: problems });
    const at = now();
    const ver = await changeOwnPassword(db, {
      kind: "admin",
      id: account.id,
      passwordHash: await hashPassword(newPassword),
      actor: adminActor(c),
      at,
    });
    // Every earlier token of the account now fails (requireAdmin); this session goes on with a new one.
    const { token, jti, exp } = signToken({ sub: String(account.id), kind: "admin", ver }, jwtSecret, {
      now: at,
      ttlSeconds: ADMIN_TOKEN_TTL_SECONDS,
    });
    return c.json({ admin: adminRecord(adminPrincipal({ ...account, mustChangePassword: false }, { jti, exp })), token }, 200);
  });
}
