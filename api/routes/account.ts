// A customer's own account: the "forgotten password" link, the profile, and changing the
// password. Sign-in and registration are in ./auth.ts.
import { createHash, randomBytes } from "node:crypto";
import { publicRoute, userRoute } from "./user-endpoints";
import type { ApiApp, ApiDeps } from "../env";
import { checkCredentials, currentUser } from "../auth";
import { clientIp } from "../request";
import {
  accountRuleMessages,
  AuthAnswerSchema,
  LastPolicyholderSchema,
  CURRENT_PASSWORD_WRONG_MESSAGE,
  PASSWORD_RESET_MESSAGES,
  PasswordResetBodySchema,
  PasswordResetCheckBodySchema,
  PasswordResetRequestBodySchema,
  SAME_PASSWORD_MESSAGE,
  UpdateProfileBodySchema,
  VisitorChangePasswordBodySchema,
  VisitorProfileSchema,
  type VisitorProfile,
} from "../contract/auth";
import {
  changeOwnPassword,
  findUserByEmail,
  findUserOfResetToken,
  resetPasswordWithToken,
  storePasswordResetToken,
  updateUserProfile,
  RESET_LINK_LIFETIME_MS,
} from "../db/accounts.repo";
import { writeAudit } from "../db/audit";
import { lastPolicyholderOf } from "../db/policies.repo";
import type { User } from "../db/schema";
import { hashPassword } from "../domain/password";
import { signToken, USER_TOKEN_TTL_SECONDS } from "../domain/tokens";
import { ApiProblem, jsonContent, okResponse } from "../http";
import { errorResponses } from "../openapi-responses";
import { limitAddress } from "../limits";
import { enqueueEmail, type TemplateEmail } from "../services/mail";
import { z } from "zod";
import { errorFields } from "../../platform/logger";

const TAG = "Cuenta del cliente";

/** Only the hash of a link's secret is stored: a copy of the database opens no account. */
const hashResetToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Where the link of the e-mail leads: the public site's page for the new password. */
export const RESET_PAGE_PATH = "/restablecer-contrasena";

const requestResetRoute = publicRoute({
  method: "post",
  path: "/auth/password-reset",
  operationId: "requestPasswordReset",
  tags: [TAG],
  summary: "Pedir un enlace para elegir una contraseña nueva",
  description:
    "Responde lo mismo (202) exista o no una cuenta con ese correo. Si existe y está activa, le envía un enlace que vale una hora y una sola vez (como mucho 3 enlaces por cuenta y hora). Desde una misma dirección, 5 peticiones por hora (después, una cada 12 minutos): si no, 429 con Retry-After.",
  request: { body: { required: true, content: jsonContent(PasswordResetRequestBodySchema) } },
  responses: {
    202: { description: "Petición atendida", content: jsonContent(z.object({ message: z.string() })) },
    ...errorResponses(429),
  },
});

const checkResetRoute = publicRoute({
  method: "post",
  path: "/auth/password-reset/check",
  operationId: "checkPasswordReset",
  tags: [TAG],
  summary: "Comprobar un enlace antes de pedir la contraseña nueva",
  description: "200 si el enlace sirve todavía (sin usar, dentro de su hora); 400 con el motivo si no. No lo gasta.",
  request: { body: { required: true, content: jsonContent(PasswordResetCheckBodySchema) } },
  responses: {
    200: {
      description: "El enlace sirve",
      content: jsonContent(z.object({ email: z.string().describe("La cuenta del enlace, para el gestor de contraseñas") })),
    },
  },
});

const resetRoute = publicRoute({
  method: "post",
  path: "/auth/password-reset/confirm",
  operationId: "confirmPasswordReset",
  tags: [TAG],
  summary: "Elegir la contraseña nueva con el enlace",
  description:
    "Gasta el enlace (una sola vez; los demás enlaces de la cuenta dejan de valer) y cierra todas las sesiones de la cuenta. La contraseña sigue la política de siempre. No inicia sesión: el cliente entra después con la nueva.",
  request: { body: { required: true, content: jsonContent(PasswordResetBodySchema) } },
  responses: {
    204: { description: "Contraseña cambiada" },
  },
});

const profileRoute = userRoute({
  method: "get",
  path: "/me/profile",
  operationId: "getMyProfile",
  tags: [TAG],
  summary: "El perfil del cliente: nombre, correo de la cuenta y teléfono",
  responses: okResponse("El perfil", jsonContent(VisitorProfileSchema)),
});

const lastPolicyholderRoute = userRoute({
  method: "get",
  path: "/me/policyholder",
  operationId: "getMyLastPolicyholder",
  tags: [TAG],
  summary: "El tomador de la última póliza del cliente, para rellenar la siguiente contratación",
  description:
    "Solo los datos propios: el tomador de la póliza más reciente de la cuenta que llama (nunca datos de pago). Sin pólizas, policyholder es null.",
  responses: okResponse("El tomador, o null", jsonContent(LastPolicyholderSchema)),
});

const updateProfileRoute = userRoute({
  method: "patch",
  path: "/me/profile",
  operationId: "updateMyProfile",
  tags: [TAG],
  summary: "Cambiar el nombre y el teléfono de la cuenta",
  description:
    "El teléfono pasa también a las fichas de tomador ligadas a la cuenta (es su teléfono de contacto). El nombre del tomador de una póliza no cambia aquí: es un dato del contrato. El correo de la cuenta no se cambia desde el perfil.",
  request: { body: { required: true, content: jsonContent(UpdateProfileBodySchema) } },
  responses: okResponse("El perfil cambiado", jsonContent(VisitorProfileSchema)),
});

const changePasswordRoute = userRoute({
  method: "post",
  path: "/auth/change-password",
  operationId: "changePassword",
  tags: [TAG],
  summary: "Cambiar la contraseña propia",
  description:
    "Exige la contraseña actual (sus fallos cuentan como intentos de inicio de sesión: 429 tras 5 en 15 minutos). Cierra las demás sesiones de la cuenta; la respuesta trae un token nuevo para seguir en esta.",
  request: { body: { required: true, content: jsonContent(VisitorChangePasswordBodySchema) } },
  responses: {
    200: { description: "Contraseña cambiada; el token nuevo de esta sesión", content: jsonContent(AuthAnswerSchema) },
    ...errorResponses(429),
  },
});

const profileOf = (user: Pick<User, "name" | "email" | "phone">): VisitorProfile => ({ name: user.name, email: user.email, phone: user.phone });

const invalidLink = () => new ApiProblem(400, PASSWORD_RESET_MESSAGES.invalidLink, { token: [PASSWORD_RESET_MESSAGES.invalidLink] });

function resetEmail(user: User, link: string): TemplateEmail {
  const minutes = RESET_LINK_LIFETIME_MS / 60_000;
  return {
    template: "restablecer-contrasena",
    to: user.email,
    values: { nombre_tomador: user.name, enlace: link, minutos: String(minutes) },
  };
}

export function registerAccountRoutes(api: ApiApp) {
  api.openapi(requestResetRoute, async (c) => {
    const { email } = c.req.valid("json");
    await limitAddress(c, "passwordReset");
    const { logger } = c.var.deps;
    // Answered before any work that depends on the account, so that a known and an unknown
    // address take the same time (no account enumeration by timing). The link is
    // written and queued right after; a failure there is logged, and the person can ask again.
    // A moment later, so that the answer is out and read first (on one event loop, in-process
    // PGlite included, work started now would delay it; on a busy machine, right after it would
    // compete with the reader).
    const ip = clientIp(c);
    setTimeout(
      () => void sendResetLink(c.var.deps, email, ip).catch((error) => logger.error("password reset link failed", errorFields(error))),
      RESET_WORK_DELAY_MS,
    );
    return c.json({ message: PASSWORD_RESET_MESSAGES.requested }, 202);
  });

  api.openapi(checkResetRoute, async (c) => {
    const { token } = c.req.valid("json");
    const { db, now } = c.var.deps;
    const user = await findUserOfResetToken(db, hashResetToken(token), now());
    if (!user) throw invalidLink();
    return c.json({ email: user.email }, 200);
  });

  api.openapi(resetRoute, async (c) => {
    const { token, password } = c.req.valid("json");
    const { db, now } = c.var.deps;
    const tokenHash = hashResetToken(token);
    const owner = await findUserOfResetToken(db, tokenHash, now());
    if (!owner) throw invalidLink();
    const problems = accountRuleMessages(password, { email: owner.email, name: owner.name });
    if (problems.length > 0) throw new ApiProblem(400, problems[0]!, { password: problems });
    // The slow hash first, outside the transaction that takes the link.
    const passwordHash = await hashPassword(password);
    const user = await resetPasswordWithToken(db, { tokenHash, passwordHash, ip: clientIp(c), at: now() });
    if (!user) throw invalidLink();
    return c.body(null, 204);
  });

  api.openapi(profileRoute, async (c) => {
    const user = await findUserByEmail(c.var.deps.db, currentUser(c).email);
    if (!user) throw new ApiProblem(401, "Sin sesión");
    return c.json(profileOf(user), 200);
  });

  api.openapi(lastPolicyholderRoute, async (c) => {
    const policyholder = await lastPolicyholderOf(c.var.deps.db, currentUser(c).id);
    return c.json({ policyholder }, 200);
  });

  api.openapi(updateProfileRoute, async (c) => {
    const body = c.req.valid("json");
    const { db, now } = c.var.deps;
    const user = await updateUserProfile(db, { userId: currentUser(c).id, name: body.name, phone: body.phone, ip: clientIp(c), at: now() });
    return c.json(profileOf(user), 200);
  });

  api.openapi(changePasswordRoute, async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const { db, now, jwtSecret } = c.var.deps;
    const principal = currentUser(c);
    const account = await findUserByEmail(db, principal.email);
    if (!account) throw new ApiProblem(401, "Sin sesión");
    const actor = { actorType: "user" as const, actorId: account.id, actorLabel: account.email, ip: clientIp(c) };
    // A wrong current password is a failed sign-in: limited and audited like one, so a stolen
    // session cannot be used to guess the password.
    try {
      const failureAudit = {
        actorType: actor.actorType,
        actorId: actor.actorId,
        actorLabel: actor.actorLabel,
        action: "user.password_change_failed" as const,
      };
      await checkCredentials(c, { email: account.email, password: currentPassword, account, kind: "user", failureAudit });
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 401) {
        throw new ApiProblem(400, CURRENT_PASSWORD_WRONG_MESSAGE, { currentPassword: [CURRENT_PASSWORD_WRONG_MESSAGE] });
      }
      throw error;
    }
    const problems = accountRuleMessages(newPassword, { email: account.email, name: account.name });
    if (newPassword === currentPassword) problems.push(SAME_PASSWORD_MESSAGE);
    if (problems.length > 0) throw new ApiProblem(400, problems[0]!, { newPassword: problems });
    const at = now();
    const ver = await changeOwnPassword(db, { kind: "user", id: account.id, passwordHash: await hashPassword(newPassword), actor, at });
    // Every other token of the account now fails (requireUser); this session goes on with a new one.
    const { token } = signToken({ sub: String(account.id), kind: "user", ver }, jwtSecret, { now: at, ttlSeconds: USER_TOKEN_TTL_SECONDS });
    return c.json({ token, user: { name: account.name, email: account.email, role: account.role } }, 200);
  });
}

/** How long after the answer the reset link is written and queued. */
const RESET_WORK_DELAY_MS = 50;

/** The reset link of an active account with this e-mail, stored as a hash, queued and audited; nothing for any other address. */
async function sendResetLink(deps: ApiDeps, email: string, ip: string | null): Promise<void> {
  const { db, now, logger, publicBaseUrl } = deps;
  const at = now();
  const user = await findUserByEmail(db, email);
  if (!user?.active) return;
  const token = randomBytes(32).toString("base64url");
  if (!publicBaseUrl) {
    // Without the public address the link cannot be written; the answer was the same.
    logger.error("PUBLIC_BASE_URL no definida: no se puede enviar el enlace para restablecer la contraseña");
    return;
  }
  if (!(await storePasswordResetToken(db, { userId: user.id, tokenHash: hashResetToken(token), at }))) return;
  const link = new URL(`${RESET_PAGE_PATH}?token=${token}`, publicBaseUrl).toString();
  await enqueueEmail(db, resetEmail(user, link), at);
  await writeAudit(db, {
    actorType: "anonymous",
    actorLabel: user.email,
    action: "user.password_reset_requested",
    entity: "user",
    entityId: user.id,
    ip,
    at,
  });
}
