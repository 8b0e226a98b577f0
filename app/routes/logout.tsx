import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SubmitButton } from "~/components/ui/submit-button";
import { revokeVisitorToken } from "~/lib/auth.server";
import { siteTitle } from "~/lib/page-title";
import { clearVisitorCookie } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { visitorAction, visitorLoader } from "~/lib/visitor-route.server";

export const meta: MetaFunction = () => [{ title: siteTitle("Cerrar sesión") }];

// Signing out only happens on POST (a link or a prefetch must never sign anyone out). A GET shows
// the button, for whoever lands here by typing the address.
export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(args, async ({ getVisitor }) => {
    if (!(await getVisitor())) throw redirect("/login");
    return null;
  });

/** Signing out always works: the token is revoked when it still lives, the session cleared either way. */
export const action = (args: ActionFunctionArgs) =>
  visitorAction(args, async ({ request, context }) => {
    await revokeVisitorToken(request, context);
    // The spec: after logout the visitor goes to /login, with auth_token and auth_user cleared.
    return redirectWithToast(
      "/login",
      { type: "success", title: "Ha cerrado la sesión" },
      { headers: { "Set-Cookie": clearVisitorCookie(context) } },
    );
  });

export default function LogoutPage() {
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-md">
        <h1 className="text-3xl font-bold tracking-tight">Cerrar sesión</h1>
        <p className="mt-3 text-lg text-slate-700">¿Quiere salir de su cuenta en este dispositivo?</p>
        <Form method="post" className="mt-8 flex flex-col gap-3 sm:flex-row">
          <AuthenticityTokenInput />
          <SubmitButton pendingText="Saliendo…">Salir</SubmitButton>
          <Link to="/" className="btn-secondary">
            Volver al inicio
          </Link>
        </Form>
      </div>
    </div>
  );
}
