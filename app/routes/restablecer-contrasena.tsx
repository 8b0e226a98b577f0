import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { PASSWORD_RESET_MESSAGES, PasswordResetBodySchema, PasswordResetCheckBodySchema } from "../../api/contract/auth";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { apiClient } from "~/lib/api.server";
import { signInRefusal } from "~/lib/auth.server";
import { MESSAGES, serverErrorField } from "~/lib/auth-messages";
import { siteTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";
import { visitorAction, visitorLoader } from "~/lib/visitor-route.server";

// The page the "forgotten password" e-mail links to: checks the link first (so nobody types a
// new password for a dead link), then takes the new password. The link works once, for an hour.

const ResetFormSchema = PasswordResetBodySchema.extend({
  confirmPassword: z.string({ required_error: "Repita la contraseña nueva" }),
}).superRefine((value, ctx) => {
  if (value.confirmPassword !== value.password)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: MESSAGES.passwordsDiffer });
});

const HIDDEN = ["password", "confirmPassword"];

export const meta: MetaFunction = ({ matches }) => [
  { title: siteTitle("Elegir una contraseña nueva", matches) },
  { name: "robots", content: "noindex" },
];

// The link carries a secret: no other site gets this page's address as a Referer. (no-referrer
// would also blank the Origin of the form's own POST, which the CSRF checks refuse.)
export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

type LinkState = { ok: true; token: string; email: string } | { ok: false };

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(args, async ({ request, context, url }): Promise<LinkState> => {
    const parsed = PasswordResetCheckBodySchema.safeParse({ token: url.searchParams.get("token") });
    if (!parsed.success) return { ok: false };
    const answer = await apiClient(context, request).post("/auth/password-reset/check", {
      body: parsed.data,
      schema: z.object({ email: z.string() }),
      // A link that is unknown, used or past its hour.
      otherwise: { 400: null },
    });
    return answer ? { ok: true, token: parsed.data.token, email: answer.email } : { ok: false };
  });

export const action = (args: ActionFunctionArgs) =>
  visitorAction(args, async ({ request, context, form }) => {
    const { token, password } = form.parse(ResetFormSchema, {
      hideFields: HIDDEN,
      refusal: signInRefusal((e) => serverErrorField(e) ?? PASSWORD_RESET_MESSAGES.invalidLink),
    });
    await apiClient(context, request).post("/auth/password-reset/confirm", { body: { token, password } });
    return redirectWithToast("/login", {
      type: "success",
      title: "Contraseña cambiada",
      description: "Ya puede entrar con la contraseña nueva. Hemos cerrado las sesiones que tenía abiertas.",
    });
  });

export default function NewPasswordPage() {
  const link = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm({ id: "nueva-contrasena", schema: ResetFormSchema, lastResult });

  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-md">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Elegir una contraseña nueva</h1>
        {link.ok ? (
          <>
            <p className="mt-3 text-lg text-slate-700">
              Para la cuenta <span className="font-semibold">{link.email}</span>. Al cambiarla se cerrarán las sesiones que tenga abiertas.
            </p>
            <ErrorSummary form={form} fields={[fields.password, fields.confirmPassword]} />
            <Form method="post" {...getFormProps(form)} noValidate className="mt-2">
              <AuthenticityTokenInput />
              <input type="hidden" name="token" value={link.token} />
              {/* Tells password managers which account's password this is; never read by the action. */}
              <input type="text" name="username" value={link.email} autoComplete="username" readOnly hidden />
              <NewPasswordFields
                password={fields.password}
                confirm={fields.confirmPassword}
                labels={{ password: "Contraseña nueva", confirm: "Repita la contraseña nueva" }}
              />
              <div className="mt-8">
                <SubmitButton pendingText="Guardando…">Guardar la contraseña</SubmitButton>
              </div>
            </Form>
          </>
        ) : (
          <>
            <p role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-lg text-amber-900">
              {PASSWORD_RESET_MESSAGES.invalidLink}
            </p>
            <p className="mt-6">
              <Link to="/recuperar-contrasena" className="btn-primary">
                Pedir un enlace nuevo
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
