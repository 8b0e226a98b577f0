// The web's forms as a browser without JavaScript uses them, for integration tests over real HTTP:
// the CSRF cookie and token a form page gives, and signing in through /login or /admin/login.

/** The cookies a response sets, as the pairs of a Cookie header. */
export function setCookiePairs(response: Response): string[] {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]!);
}

/** A form page's CSRF cookie and token (and its HTML), as a browser gets them. */
export async function formPage(baseUrl: string, path: string, cookie?: string): Promise<{ cookie: string; csrf: string; html: string }> {
  const page = await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
  const html = await page.text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!csrf) throw new Error(`${path} no tiene un formulario con su token CSRF (${page.status})`);
  return { cookie: [cookie, ...setCookiePairs(page)].filter(Boolean).join("; "), csrf, html };
}

/** Posts a form as a browser without JavaScript does (no redirect followed). */
export function postForm(
  baseUrl: string,
  path: string,
  cookie: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

/**
 * Signs in through the web's own sign-in form (`/login` for a customer, `/admin/login` for staff)
 * and answers the Cookie header of the session (with the CSRF cookie), and the sign-in's answer.
 */
export async function webSignIn(
  baseUrl: string,
  path: "/login" | "/admin/login",
  email: string,
  password: string,
): Promise<{ cookie: string; response: Response }> {
  const form = await formPage(baseUrl, path);
  const response = await postForm(baseUrl, path, form.cookie, { csrf: form.csrf, email, password });
  return { cookie: [form.cookie, ...setCookiePairs(response)].join("; "), response };
}
