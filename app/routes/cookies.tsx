import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { buildConsent, readConsent, serializeConsent, type ConsentChoice } from "~/lib/consent.server";
import { formatDate } from "../../api/contract/format";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { siteTitle } from "~/lib/page-title";
import { visitorAction, visitorLoader } from "~/lib/visitor-route.server";

export const meta: MetaFunction = () => [
  { title: siteTitle("Configuración de cookies") },
  {
    name: "description",
    content: "Elija qué cookies opcionales acepta en Cotiza: analítica y personalización. Las técnicas son siempre necesarias.",
  },
];

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(args, async ({ request, url }) => ({
    consent: await readConsent(request),
    returnTo: safeRedirectPath(url.searchParams.get("returnTo")),
  }));

const INTENTS = ["accept", "reject", "save"] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: unknown): value is Intent => INTENTS.includes(value as Intent);

export const action = (args: ActionFunctionArgs) =>
  visitorAction(args, async ({ form: { formData: form } }) => {
    const intent = form.get("intent");
    if (!isIntent(intent)) throw json({ error: "Elija una opción de cookies." }, { status: 400 });

    const choice: ConsentChoice =
      intent === "accept"
        ? { analytics: true, personalization: true }
        : intent === "reject"
          ? { analytics: false, personalization: false }
          : { analytics: form.get("analytics") === "on", personalization: form.get("personalization") === "on" };
    const headers = { "Set-Cookie": await serializeConsent(buildConsent(choice, new Date())) };

    // The banner's fetcher (JavaScript on) asks for JSON so the page does not reload;
    // every other submission (no JavaScript, or this page's forms) goes back where it came from.
    if (form.get("respond") === "json") return json({ ok: true as const, intent }, { headers });
    return redirect(safeRedirectPath(form.get("returnTo")), { status: 303, headers });
  });

export default function CookiesPage() {
  const { consent, returnTo } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  return (
    <div className="container-page py-10">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Configuración de cookies</h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-700">
          Las cookies son pequeños archivos que el sitio guarda en su navegador. Aquí decide qué cookies opcionales acepta. Hasta que usted decida no
          se carga nada que no sea imprescindible, y puede cambiar su elección cuando quiera desde el enlace «Configurar cookies» del pie de página.
        </p>

        {consent ? (
          <div className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4">
            <h2 className="font-semibold">Su elección actual</h2>
            {/* prettier-ignore */}
            <p className="mt-1 text-slate-700">
              Guardada el {formatDate(consent.at)}. Analítica: {consent.analytics ? "aceptada" : "rechazada"}.
              Personalización: {consent.personalization ? "aceptada" : "rechazada"}.
            </p>
          </div>
        ) : null}

        <h2 className="mt-8 text-xl font-bold">Decidir de una vez</h2>
        <p className="mt-2 text-slate-700">Acepte o rechace todas las cookies opcionales, o elija abajo una a una.</p>
        {/* One form per choice, its intent a hidden field: a button's value shows in Lynx ("(accept) Aceptar todas"). */}
        <div className="mt-4 grid gap-3 sm:max-w-md sm:grid-cols-2">
          {(["accept", "reject"] as const).map((intent) => (
            <Form key={intent} method="post" action="/cookies">
              <AuthenticityTokenInput />
              <input type="hidden" name="returnTo" value={returnTo} />
              <input type="hidden" name="intent" value={intent} />
              <button type="submit" className="btn-secondary w-full">
                {pendingIntent === intent ? "Guardando…" : intent === "accept" ? "Aceptar todas" : "Rechazar todas"}
              </button>
            </Form>
          ))}
        </div>

        <Form method="post" action="/cookies" className="mt-10">
          <AuthenticityTokenInput />
          <input type="hidden" name="returnTo" value={returnTo} />

          <section aria-labelledby="cookies-tecnicas" className="border-t border-slate-200 pt-6">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="cookies-tecnicas" className="text-xl font-bold">
                Cookies técnicas (necesarias)
              </h2>
              <span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-medium text-slate-800">Siempre activas</span>
            </div>
            <p className="mt-2 leading-relaxed text-slate-700">
              Hacen que el sitio funcione y no necesitan su consentimiento: mantienen su sesión iniciada cuando entra en su área de cliente y
              recuerdan esta elección. Son propias: no se comparten con terceros.
            </p>
            <ScrollRegion label="Cookies técnicas que usamos" className="mt-4">
              <table className="w-full border-collapse text-left text-sm">
                <caption className="sr-only">Cookies técnicas que usamos</caption>
                <thead>
                  <tr className="border-b border-slate-300">
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      Cookie
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      Para qué sirve
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Duración
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <tr className="border-b border-slate-200">
                    <td className="py-2 pr-4 font-mono">cookie_consent</td>
                    <td className="py-2 pr-4">Recordar su elección sobre las cookies opcionales.</td>
                    <td className="py-2">180 días</td>
                  </tr>
                  <tr className="border-b border-slate-200">
                    <td className="py-2 pr-4">Cookie de sesión</td>
                    <td className="py-2 pr-4">Mantener su sesión iniciada en su área de cliente.</td>
                    <td className="py-2">Hasta que cierre la sesión o caduque</td>
                  </tr>
                </tbody>
              </table>
            </ScrollRegion>
          </section>

          <section aria-labelledby="cookies-analitica" className="mt-8 border-t border-slate-200 pt-6">
            <h2 id="cookies-analitica" className="text-xl font-bold">
              Cookies de analítica
            </h2>
            <p className="mt-2 leading-relaxed text-slate-700">
              Sirven para contar visitas y saber qué páginas se usan más o dónde se abandona un formulario, de forma agregada, para mejorar el sitio.
              Ahora mismo no cargamos ninguna herramienta de analítica de terceros; si la incorporamos, solo se activará si usted lo acepta aquí.
            </p>
            <div className="mt-4 flex items-start gap-3">
              <input
                id="analytics"
                name="analytics"
                type="checkbox"
                defaultChecked={consent?.analytics ?? false}
                aria-describedby="analytics-hint"
                className="mt-0.5 h-6 w-6 shrink-0 rounded border-slate-500 accent-brand-700"
              />
              <div>
                <label htmlFor="analytics" className="font-medium">
                  Permitir cookies de analítica
                </label>
                <p id="analytics-hint" className="text-sm text-slate-600">
                  Opcional. Puede retirar su consentimiento en cualquier momento.
                </p>
              </div>
            </div>
          </section>

          <section aria-labelledby="cookies-personalizacion" className="mt-8 border-t border-slate-200 pt-6">
            <h2 id="cookies-personalizacion" className="text-xl font-bold">
              Cookies de personalización
            </h2>
            <p className="mt-2 leading-relaxed text-slate-700">
              Sirven para recordar sus preferencias entre visitas, como el tipo de seguro que consultó la última vez, y mostrarle primero lo que le
              interesa. Sin ellas el sitio funciona igual.
            </p>
            <div className="mt-4 flex items-start gap-3">
              <input
                id="personalization"
                name="personalization"
                type="checkbox"
                defaultChecked={consent?.personalization ?? false}
                aria-describedby="personalization-hint"
                className="mt-0.5 h-6 w-6 shrink-0 rounded border-slate-500 accent-brand-700"
              />
              <div>
                <label htmlFor="personalization" className="font-medium">
                  Permitir cookies de personalización
                </label>
                <p id="personalization-hint" className="text-sm text-slate-600">
                  Opcional. Puede retirar su consentimiento en cualquier momento.
                </p>
              </div>
            </div>
          </section>

          <div className="mt-8 border-t border-slate-200 pt-6">
            <input type="hidden" name="intent" value="save" />
            <button type="submit" className="btn-primary w-full sm:w-auto">
              {pendingIntent === "save" ? "Guardando…" : "Guardar preferencias"}
            </button>
          </div>
        </Form>

        {/* prettier-ignore */}
        <p className="mt-10 text-slate-700">
          Más información sobre cómo tratamos sus datos en la <Link to="/politica-de-privacidad" className="underline">
            Política de privacidad
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
