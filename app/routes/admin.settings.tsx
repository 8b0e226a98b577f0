import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SettingsOverviewSchema } from "../../api/contract/settings";
import { BusinessSettings } from "~/components/admin/business-settings";
import { adminTitle } from "~/lib/page-title";
import { z } from "zod";
import { AdminLoginAnswerSchema, ChangePasswordBodySchema } from "../../api/contract/auth";
import { useZodForm } from "~/components/ui/use-zod-form";
import { ChangePasswordForm } from "~/components/account/change-password-form";
import { adminSignInCookie } from "~/lib/admin-auth.server";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { canOpen } from "~/lib/admin-routes";
import { ApiError } from "~/lib/api.server";
import { changePasswordError, MESSAGES, serverFieldErrors } from "~/lib/auth-messages";
import { redirectWithToast } from "~/lib/toast.server";

// The contract's rules plus the repeated new password, checked here and never sent.
const ChangePasswordFormSchema = ChangePasswordBodySchema.extend({
  confirmNewPassword: z.string({ required_error: "Repite la nueva contraseña" }),
}).superRefine((value, ctx) => {
  if (value.confirmNewPassword !== value.newPassword) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmNewPassword"], message: MESSAGES.passwordsDiffer });
  }
});

const HIDDEN = ["currentPassword", "newPassword", "confirmNewPassword"];

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Configuración", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.settings", async ({ admin, api, request }) => ({
    username: admin.username,
    email: admin.email,
    temporary: admin.mustChangePassword,
    // Every staff member changes their own password here; the business settings need settings:read (ADR 038).
    // A temporary password opens nothing else (the API refuses the rest), so not the business settings either.
    business:
      !admin.mustChangePassword && canOpen(admin.role.permissions, "routes/admin.settings_.$group")
        ? await api.get("/admin/settings", { schema: SettingsOverviewSchema, signal: request.signal })
        : null,
  }));

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, "routes/admin.settings", async ({ api, form, request, context }) => {
    const { currentPassword, newPassword } = form.parse(ChangePasswordFormSchema, { hideFields: HIDDEN });
    // The change ends every session of the account, this one too: keep going with the new token.
    const answer = await api
      .post("/admin/auth/change-password", { body: { currentPassword, newPassword }, schema: AdminLoginAnswerSchema })
      .catch((error: unknown) => {
        // 401, an expired session and 403 follow the back office's rules; any other refusal (a wrong
        // current password, the policy, too many attempts) stays on the form, in the spec's words.
        if (error instanceof ApiError && error.status !== 401 && error.status !== 403) {
          form.fail({ formErrors: [changePasswordError(error)], fieldErrors: serverFieldErrors(error) });
        }
        throw error;
      });
    return redirectWithToast(
      "/admin/settings",
      { type: "success", title: "Contraseña cambiada", description: "Usa la nueva la próxima vez que entres. Hemos cerrado tus demás sesiones." },
      { headers: { "Set-Cookie": await adminSignInCookie(request, context, answer) } },
    );
  });

export default function AdminSettings() {
  const { username, email, temporary, business } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm({
    id: "cambiar-contrasena",
    schema: ChangePasswordFormSchema,
    lastResult,
  });

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Configuración</h1>
      <p className="mt-2 text-slate-700">
        Tu cuenta: <span className="font-semibold">{username}</span> ({email}).
      </p>

      {temporary ? (
        <p role="status" className="mt-6 max-w-xl rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
          Entraste con una contraseña temporal que eligió otra persona. Elige una tuya para seguir: hasta entonces no se abre ninguna otra página del
          back office.
        </p>
      ) : null}
      <section aria-labelledby="cambiar-contrasena-titulo" className="mt-8 max-w-xl rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="cambiar-contrasena-titulo" className="text-xl font-semibold">
          Cambiar contraseña
        </h2>
        <p className="mt-1 text-slate-700">Tu sesión sigue abierta después del cambio.</p>
        <ChangePasswordForm form={form} fields={fields} email={email} voice="tu" />
      </section>
      {business ? <BusinessSettings overview={business} /> : null}
    </>
  );
}
