import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { UpdateProfileBodySchema, VisitorChangePasswordBodySchema, VisitorProfileSchema } from "../../api/contract/auth";
import { ChangePasswordForm } from "~/components/account/change-password-form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { apiClient } from "~/lib/api.server";
import { signInRefusal, visitorSignInCookie } from "~/lib/auth.server";
import { MESSAGES, serverErrorField, validateAuthAnswer } from "~/lib/auth-messages";
import { siteTitle } from "~/lib/page-title";
import { retryAfterHeaders } from "~/lib/retry-after";
import { redirectWithToast } from "~/lib/toast.server";
import { visitorAction, visitorLoader } from "~/lib/visitor-route.server";

// Mi cuenta: the e-mail the account signs in with, its name and telephone, and a new password.

const PasswordFormSchema = VisitorChangePasswordBodySchema.extend({
  confirmNewPassword: z.string({
    required_error: "Repita la nueva contraseña",
  }),
}).superRefine((value, ctx) => {
  if (value.confirmNewPassword !== value.newPassword) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["confirmNewPassword"],
      message: MESSAGES.passwordsDiffer,
    });
  }
});
const HIDDEN = ["currentPassword", "newPassword", "confirmNewPassword"];

type Intent = "profile" | "password";
type ActionData = { intent: Intent; result: SubmissionResult<string[]> };

export const meta: MetaFunction = ({ matches }) => [{ title: siteTitle("Mi cuenta", matches) }, { name: "robots", content: "noindex" }];

/** Private to the customer; a 429 on the password form keeps the API's Retry-After. */
export const headers: HeadersFunction = retryAfterHeaders({
  "Cache-Control": "private, no-store",
});

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(
    args,
    async ({ request, context, requireVisitor }) => {
      // Not signed in: /login?redirectTo=/mi-cuenta.
      const visitor = await requireVisitor();
      return apiClient(context, request, visitor.token).get("/me/profile", { schema: VisitorProfileSchema, signal: request.signal });
    },
    { private: true },
  );

const replyOf = (intent: Intent) => (result: SubmissionResult<string[]>) => ({ intent, result }) satisfies ActionData;

export const action = (args: ActionFunctionArgs) =>
  visitorAction(
    args,
    async ({ request, context, form, requireVisitor }) => {
      const visitor = await requireVisitor();
      const api = apiClient(context, request, visitor.token);

      if (form.formData.get("intent") === "password") {
        const { currentPassword, newPassword } = form.parse(PasswordFormSchema, {
          hideFields: HIDDEN,
          wrap: replyOf("password"),
          refusal: signInRefusal((e) => serverErrorField(e) ?? MESSAGES.changePassword),
        });
        const answer = validateAuthAnswer(await api.post("/auth/change-password", { body: { currentPassword, newPassword } }));
        // The change ended every session of the account, this one too: it goes on with the new token.
        return redirectWithToast(
          "/mi-cuenta",
          { type: "success", title: "Contraseña cambiada", description: "Hemos cerrado las demás sesiones de su cuenta." },
          { headers: { "Set-Cookie": await visitorSignInCookie(request, context, answer) } },
        );
      }

      const { name, phone } = form.parse(UpdateProfileBodySchema, {
        wrap: replyOf("profile"),
        refusal: signInRefusal((e) => serverErrorField(e) ?? "No hemos podido guardar los cambios"),
      });
      await api.patch("/me/profile", { body: { name, phone: phone ?? "" } });
      return redirectWithToast("/mi-cuenta", {
        type: "success",
        title: "Datos guardados",
        description: "Hemos actualizado su nombre y su teléfono.",
      });
    },
    { signedIn: true },
  );

export default function MyAccountPage() {
  const profile = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ActionData | undefined;
  const [passwordForm, passwordFields] = useZodForm({
    id: "cambiar-contrasena",
    schema: PasswordFormSchema,
    lastResult: reply?.intent === "password" ? reply.result : undefined,
  });

  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Mi cuenta</h1>
        <p className="mt-3 text-lg text-slate-700">
          Entra con el correo <span className="font-semibold">{profile.email}</span>. Le enviamos ahí su documentación.
        </p>

        <section aria-labelledby="perfil-titulo" className="mt-10 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="perfil-titulo" className="text-xl font-semibold">
            Sus datos
          </h2>
          <p className="mt-1 text-slate-700">
            El teléfono es también el de contacto de sus pólizas. Para cambiar el titular de una póliza o su dirección, escríbanos.
          </p>
          {/* Keyed by the saved data: after a save the fields start again from what was stored (the phone without spaces). */}
          <ProfileForm
            key={`${profile.name}|${profile.phone ?? ""}`}
            profile={profile}
            lastResult={reply?.intent === "profile" ? reply.result : undefined}
          />
        </section>

        <section aria-labelledby="contrasena-titulo" className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="contrasena-titulo" className="text-xl font-semibold">
            Cambiar la contraseña
          </h2>
          <p className="mt-1 text-slate-700">Su sesión sigue abierta en este navegador; las demás se cierran.</p>
          <ChangePasswordForm form={passwordForm} fields={passwordFields} email={profile.email} voice="usted" intent="password" />
        </section>
      </div>
    </div>
  );
}

function ProfileForm({
  profile,
  lastResult,
}: {
  profile: { name: string; phone: string | null };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [profileForm, profileFields] = useZodForm({
    id: "perfil",
    schema: UpdateProfileBodySchema,
    lastResult,
    defaultValue: { name: profile.name, phone: profile.phone ?? "" },
  });
  return (
    <>
      <ErrorSummary form={profileForm} fields={[profileFields.name, profileFields.phone]} />
      <Form method="post" {...getFormProps(profileForm)} noValidate>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="profile" />
        <Field meta={profileFields.name} label="Nombre" inputProps={{ autoComplete: "name", spellCheck: false }} />
        <Field
          meta={profileFields.phone}
          label="Teléfono (opcional)"
          type="tel"
          width="sm"
          hint="Por ejemplo, 600 123 456."
          inputProps={{ autoComplete: "tel" }}
        />
        <div className="mt-8">
          <SubmitButton pendingText="Guardando…">Guardar los datos</SubmitButton>
        </div>
      </Form>
    </>
  );
}
