import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PolicyDocuments } from "~/components/policy/policy-documents";
import { PolicyFacts } from "~/components/policy/policy-facts";
import { PolicyNumber } from "~/components/policy/policy-number";
import { formatDate } from "../../api/contract/format";
import { siteTitle } from "~/lib/page-title";
import { readOwnPolicy } from "~/lib/policies.server";
import { visitorLoader } from "~/lib/visitor-route.server";

export const meta: MetaFunction = () => [{ title: siteTitle("Póliza contratada") }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(args, async ({ request, context, url, addHeaders }) => {
    const { policy, headers } = await readOwnPolicy(request, context, url.searchParams.get("poliza"));
    addHeaders(headers);
    return { policy };
  });

export default function PolicyConfirmedPage() {
  const { policy } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-2xl">
        <div className="rounded-md bg-green-700 p-5 text-white sm:p-6">
          <h1 className="text-3xl font-bold tracking-tight">Su seguro está contratado</h1>
          {/* prettier-ignore */}
          <p className="mt-2 text-lg">
            Número de póliza: <strong><PolicyNumber number={policy.number} /></strong>
          </p>
        </div>
        <p className="mt-6 text-lg text-slate-700">
          Su seguro le cubre desde el <strong>{formatDate(policy.startDate)}</strong> a las 00:00 h.
        </p>
        <p className="mt-3 text-lg text-slate-700">
          {/* Only when the e-mail is on its way (the API says so): otherwise the documents are here. */}
          {policy.emailTo ? (
            <>
              Le enviamos la documentación por correo electrónico a <strong>{policy.emailTo}</strong>; puede tardar unos minutos. También puede
              descargarla aquí y consultarla cuando quiera en «Mi póliza».
            </>
          ) : (
            <>Descargue aquí la documentación de su póliza. La tiene siempre en «Mi póliza».</>
          )}
        </p>
        <section aria-labelledby="datos-poliza" className="mt-6">
          <h2 id="datos-poliza" className="text-xl font-bold text-slate-900">
            Datos de la póliza
          </h2>
          <PolicyFacts policy={policy} />
          <PolicyDocuments policy={policy} />
        </section>
        <p className="mt-8">
          <Link to="/mi-poliza" className="btn-primary">
            Ir a Mi póliza
          </Link>
        </p>
      </div>
    </div>
  );
}
