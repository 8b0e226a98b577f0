import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { accountRuleMessages, RegisterBodySchema } from "../../api/contract/auth";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { BotTrapInputs } from "~/components/ui/bot-trap";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { apiClient } from "~/lib/api.server";
import { signInRefusal, visitorSignInCookie } from "~/lib/auth.server";
import { MESSAGES, validateAuthAnswer, visitorRegisterError } from "~/lib/auth-messages";
import { siteTitle } from "~/lib/page-title";
import { claimAnonymousQuotes } from "~/lib/quote-owner.server";
import { retryAfterHeaders } from "~/lib/retry-after";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { signedOutLoader } from "~/lib/sign-in.server";
import { redirectWithToast } from "~/lib/toast.server";
import { visitorAction } from "~/lib/visitor-route.server";

// The API's own rules (contract) plus confirmPassword, which is checked here and never sent.
const RegisterFormSchema = RegisterBodySchema.innerType()
  .extend({
    confirmPassword: z.string({ required_error: "Repita la contraseña" }),
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    for (const message of accountRuleMessages(value.password, { email: value.email, name: value.name })) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message });
    }
    if (value.confirmPassword !== value.password) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: MESSAGES.passwordsDiffer });
    }
  });

const HIDDEN = ["password", "confirmPassword"];

export const meta: MetaFunction = ({ matches }) => [
  { title: siteTitle("Crear una cuenta", matches) },
  { name: "description", content: "Cree su cuenta en Cotiza para guardar sus cotizaciones y gestionar su póliza." },
];

// Already signed in: nothing to do here.
export const loader = (args: LoaderFunctionArgs) => signedOutLoader(args);

/** A 429 (too many attempts from this address) keeps the API's Retry-After. */
export const headers = retryAfterHeaders();

export const action = (args: ActionFunctionArgs) =>
  visitorAction(args, async ({ request, context, form }) => {
    // A filled-in bot trap: the same form, every value kept (but the passwords), and a plain
    // message; a refused form includes 'Las contraseñas no coinciden': no call to the API.
    const { name, email, password, redirectTo } = form.parse(RegisterFormSchema, {
      honeypot: true,
      hideFields: HIDDEN,
      refusal: signInRefusal(visitorRegisterError),
    });
    const data = await apiClient(context, request).post("/auth/register", { body: { name, email, password } });
    const answer = validateAuthAnswer(data);
    const cookie = await visitorSignInCookie(request, context, answer);
    // Quotes made in this browser before signing in become the account's.
    await claimAnonymousQuotes(request, context, answer.token);
    return redirectWithToast(
      safeRedirectPath(redirectTo, "/"),
      { type: "success", title: "Cuenta creada", description: `Bienvenido a Cotiza, ${answer.user.name}. Ya ha iniciado sesión.` },
      { headers: { "Set-Cookie": cookie } },
    );
  });

export default function RegisterPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm({
    id: "registro",
    schema: RegisterFormSchema,
    lastResult,
  });
  const loginHref = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";

  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-md">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Crear una cuenta</h1>
        <p className="mt-3 text-lg text-slate-700">Con una cuenta guarda sus cotizaciones y gestiona su póliza en línea.</p>
        <ErrorSummary form={form} fields={[fields.name, fields.email, fields.password, fields.confirmPassword]} />
        <Form method="post" {...getFormProps(form)} noValidate className="mt-2">
          <AuthenticityTokenInput />
          <BotTrapInputs />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field meta={fields.name} label="Nombre" inputProps={{ autoComplete: "name", spellCheck: false }} />
          <Field
            meta={fields.email}
            label="Correo electrónico"
            hint="Lo usará para entrar y le enviaremos ahí su documentación."
            type="email"
            inputProps={{ autoComplete: "email", spellCheck: false, autoCapitalize: "none" }}
          />
          <NewPasswordFields
            password={fields.password}
            confirm={fields.confirmPassword}
            labels={{ password: "Contraseña", confirm: "Repita la contraseña" }}
          />
          <div className="mt-8">
            <SubmitButton pendingText="Creando la cuenta…">Crear cuenta</SubmitButton>
          </div>
        </Form>
        {/* prettier-ignore */}
        <p className="mt-10 border-t border-slate-200 pt-6 text-slate-700">
          ¿Ya tiene cuenta? <Link to={loginHref} className="underline">Inicie sesión</Link>.
        </p>
      </div>
    </div>
  );
}
