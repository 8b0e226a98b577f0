import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { PASSWORD_RESET_MESSAGES, PasswordResetRequestBodySchema } from "../../api/contract/auth";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { apiClient } from "~/lib/api.server";
import { signInRefusal } from "~/lib/auth.server";
import { serverErrorField } from "~/lib/auth-messages";
import { siteTitle } from "~/lib/page-title";
import { retryAfterHeaders } from "~/lib/retry-after";
import { visitorAction, visitorLoader } from "~/lib/visitor-route.server";

// "¿Ha olvidado su contraseña?": asks for the account's e-mail and says the same whether or not
// there is an account (the API sends the link only when there is one).

export const meta: MetaFunction = ({ matches }) => [
  { title: siteTitle("Recuperar la contraseña", matches) },
  { name: "description", content: "Pida un enlace para elegir una contraseña nueva para su cuenta de Cotiza." },
];

const SENT = "enviado";

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(args, async ({ url, getVisitor }) => {
    const visitor = await getVisitor();
    // Signed in, the password is changed from Mi cuenta.
    if (visitor) throw redirect("/mi-cuenta", { headers: visitor.headers });
    return { sent: url.searchParams.has(SENT) };
  });

/** A 429 (too many requests from this address) keeps the API's Retry-After. */
export const headers = retryAfterHeaders();

export const action = (args: ActionFunctionArgs) =>
  visitorAction(args, async ({ request, context, form }) => {
    const body = form.parse(PasswordResetRequestBodySchema, {
      refusal: signInRefusal((e) => serverErrorField(e) ?? "No hemos podido atender la petición"),
    });
    await apiClient(context, request).post("/auth/password-reset", { body });
    // POST + redirect: reloading the page does not send another e-mail.
    return redirect(`/recuperar-contrasena?${SENT}`);
  });

export default function ForgottenPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm({ id: "recuperar", schema: PasswordResetRequestBodySchema, lastResult });

  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-md">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Recuperar la contraseña</h1>
        {sent ? (
          <>
            <p role="status" className="mt-6 rounded-md border border-brand-100 bg-brand-50 p-4 text-lg text-slate-900">
              {PASSWORD_RESET_MESSAGES.requested}
            </p>
            {/* prettier-ignore */}
            <p className="mt-6 text-slate-700">
              ¿No le llega? Mire en la carpeta de correo no deseado, o <Link to="/recuperar-contrasena" className="underline">pida otro enlace</Link>.
            </p>
            <p className="mt-6">
              <Link to="/login" className="underline">
                Volver a iniciar sesión
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="mt-3 text-lg text-slate-700">
              Escriba el correo con el que entra en Cotiza y le enviaremos un enlace para elegir una contraseña nueva.
            </p>
            <ErrorSummary form={form} fields={[fields.email]} />
            <Form method="post" {...getFormProps(form)} noValidate className="mt-2">
              <AuthenticityTokenInput />
              <Field
                meta={fields.email}
                label="Correo electrónico"
                type="email"
                inputProps={{ autoComplete: "username", spellCheck: false, autoCapitalize: "none" }}
              />
              <div className="mt-8">
                <SubmitButton pendingText="Enviando…">Enviar el enlace</SubmitButton>
              </div>
            </Form>
            {/* prettier-ignore */}
            <p className="mt-10 border-t border-slate-200 pt-6 text-slate-700">
              ¿Se acuerda de ella? <Link to="/login" className="underline">Inicie sesión</Link>.
            </p>
          </>
        )}
      </div>
    </div>
  );
}
