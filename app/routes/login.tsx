import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { LoginBodySchema } from "../../api/contract/auth";
import { SignInFields } from "~/components/account/sign-in-fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { apiClient } from "~/lib/api.server";
import { visitorSignInCookie } from "~/lib/auth.server";
import { validateAuthAnswer, visitorLoginError } from "~/lib/auth-messages";
import { siteTitle } from "~/lib/page-title";
import { claimAnonymousQuotes } from "~/lib/quote-owner.server";
import { retryAfterHeaders } from "~/lib/retry-after";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { signedOutLoader, signInAction } from "~/lib/sign-in.server";
import { signInFormSchema } from "~/lib/sign-in-form";
import { redirectWithToast } from "~/lib/toast.server";

const LoginFormSchema = signInFormSchema(LoginBodySchema);

export const meta: MetaFunction = ({ matches }) => [
  { title: siteTitle("Iniciar sesión", matches) },
  { name: "description", content: "Entre en Cotiza para ver sus cotizaciones y gestionar su póliza." },
];

// Already signed in: nothing to do here.
export const loader = (args: LoaderFunctionArgs) => signedOutLoader(args);

/** A 429 (too many attempts from this address) keeps the API's Retry-After. */
export const headers = retryAfterHeaders();

export const action = (args: ActionFunctionArgs) =>
  signInAction(args, LoginFormSchema, visitorLoginError, async ({ email, password, redirectTo }) => {
    const { context, request } = args;
    const answer = validateAuthAnswer(await apiClient(context, request).post("/auth/login", { body: { email, password } }));
    const cookie = await visitorSignInCookie(request, context, answer);
    // Quotes made in this browser before signing in become the account's.
    await claimAnonymousQuotes(request, context, answer.token);
    return redirectWithToast(
      safeRedirectPath(redirectTo, "/"),
      { type: "success", title: `Hola, ${answer.user.name}`, description: "Ha iniciado sesión." },
      { headers: { "Set-Cookie": cookie } },
    );
  });

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm({
    id: "login",
    schema: LoginFormSchema,
    lastResult,
  });
  const registerHref = redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : "/register";

  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-md">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Iniciar sesión</h1>
        <p className="mt-3 text-lg text-slate-700">Entre para ver sus cotizaciones y gestionar su póliza.</p>
        <ErrorSummary form={form} fields={[fields.email, fields.password]} />
        <Form method="post" {...getFormProps(form)} noValidate className="mt-2">
          <SignInFields email={fields.email} password={fields.password} redirectTo={redirectTo} />
          <p className="mt-3">
            <Link to="/recuperar-contrasena" className="underline">
              ¿Ha olvidado su contraseña?
            </Link>
          </p>
          <div className="mt-8">
            <SubmitButton pendingText="Entrando…">Entrar</SubmitButton>
          </div>
        </Form>
        {/* prettier-ignore */}
        <p className="mt-10 border-t border-slate-200 pt-6 text-slate-700">
          ¿Todavía no tiene cuenta? <Link to={registerHref} className="underline">Regístrese</Link>: solo le pedimos su nombre, su correo y una
          contraseña.
        </p>
      </div>
    </div>
  );
}
