// The customers' and the staff's sign-in (login.tsx, admin_.login.tsx) share their action: the
// form with e-mail, password and where to go afterwards, parsed by the visitor wrapper, and a
// refusal worded at the top of the form (the password never sent back). Each side brings its own
// call to the API, cookie and redirect.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { signInRefusal } from "./auth.server";
import { redirectToParam } from "./safe-redirect";
import { visitorAction, visitorLoader } from "./visitor-route.server";

type Credentials = { email: string; password: string };

export function signInAction<S extends z.ZodType<Credentials & { redirectTo?: string }>>(
  args: ActionFunctionArgs,
  schema: S,
  message: (error: unknown) => string,
  signIn: (values: z.output<S>) => Promise<Response>,
) {
  return visitorAction(args, async ({ form }) => signIn(form.parse(schema, { hideFields: ["password"], refusal: signInRefusal(message) })));
}

/**
 * The loader of the customers' sign-in and registration: where to go afterwards (a same-site
 * `redirectTo`, else ""), and a visitor already signed in goes straight there.
 */
export const signedOutLoader = (args: LoaderFunctionArgs) =>
  visitorLoader(args, async ({ url, getVisitor }) => {
    const redirectTo = redirectToParam(url);
    const visitor = await getVisitor();
    if (visitor) throw redirect(redirectTo || "/", { headers: visitor.headers });
    return { redirectTo };
  });
