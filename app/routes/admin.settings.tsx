import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { adminTitle } from "~/lib/page-title";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { AdminLoginAnswerSchema, ChangePasswordBodySchema, PASSWORD_MIN_LENGTH } from "../../api/contract/auth";
import { useZodForm } from "~/components/ui/use-zod-form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { adminSignInCookie } from "~/lib/admin-auth.server";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
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
  adminLoader(args, "routes/admin.settings", async ({ admin }) => ({ username: admin.username, email: admin.email }));

  export const action = (args: ActionFunctionArgs) =>
    adminAction(args, "routes/admin.settings", async ({ api, form, request, context }) => {
    const { currentPassword, newPassword } = form.parse(ChangePasswordFormSchema, { hideFields: HIDDEN });
    // The change ends every session of the account, this one too: keep going with the new token.
    const answer = await api.post("/admin/auth/change-password", { body: { currentPassword, newPassword }, schema: AdminLoginAnswerSchema }).catch((error: unknown) => {
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
  const { username, email } = useLoaderData<typeof loader>();
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

      <section aria-labelledby="cambiar-contrasena-titulo" className="mt-8 max-w-xl rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="cambiar-contrasena-titulo" className="text-xl font-semibold">
          Cambiar contraseña
        </h2>
        <p className="mt-1 text-slate-700">Tu sesión sigue abierta después del cambio.</p>
        <ErrorSummary form={form} fields={[fields.currentPassword, fields.newPassword, fields.confirmNewPassword]} />
        <Form method="post" {...getFormProps(form)} noValidate>
          <AuthenticityTokenInput />
          {/* Tells password managers which account's password changes; never read by the action. */}
          <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
          <Field meta={fields.currentPassword} label="Contraseña actual" type="password" width="sm" inputProps={{ autoComplete: "current-password" }} />
          <Field
            meta={fields.newPassword}
            label="Contraseña nueva"
            hint={`Al menos ${PASSWORD_MIN_LENGTH} caracteres. No uses una contraseña común, tu correo ni tu nombre de usuario.`}
            type="password"
            width="sm"
            inputProps={{ autoComplete: "new-password" }}
          />
          <Field
            meta={fields.confirmNewPassword}
            label="Repite la nueva contraseña"
            type="password"
            width="sm"
            inputProps={{ autoComplete: "new-password" }}
          />
          <div className="mt-8">
            <SubmitButton pendingText="Cambiando…">Cambiar contraseña</SubmitButton>
          </div>
        </Form>
      </section>
    </>
  );
}
