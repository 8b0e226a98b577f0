import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { EmailTemplateSummarySchema, type EmailTemplateSummary } from "../../api/contract/email-templates";
import { formatDateTime } from "../../api/contract/format";
import { DataTable, type Column } from "~/components/list/data-table";
import { Badge } from "~/components/ui/badge";
import { BackLink } from "~/components/ui/back-link";
import { adminLoader } from "~/lib/admin-route.server";
import { adminTitle } from "~/lib/page-title";

/** /admin/email/plantillas: every e-mail the product sends, with the version of its template in force (ADR 040). */
const ROUTE_ID = "routes/admin.email.plantillas._index";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Plantillas de correo", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, request }) => {
    const { items } = await api.get("/admin/email/templates", {
      schema: z.object({ items: z.array(EmailTemplateSummarySchema) }),
      signal: request.signal,
    });
    return { items };
  });

const COLUMNS: Column<EmailTemplateSummary>[] = [
  {
    id: "label",
    header: "Correo",
    rowHeader: true,
    cell: (t) => (
      <Link to={`/admin/email/plantillas/${t.key}`} className="font-medium underline">
        {t.label}
      </Link>
    ),
  },
  {
    id: "version",
    header: "Versión",
    cell: (t) => (t.custom ? <Badge tone="info">{`Versión ${t.version}`}</Badge> : <Badge tone="neutral">Texto por defecto</Badge>),
  },
  { id: "changed", header: "Último cambio", cell: (t) => (t.changedAt ? `${formatDateTime(t.changedAt)}, ${t.changedBy ?? ""}` : "—") },
];

export default function EmailTemplatesPage() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <BackLink to="/admin/email">Correo</BackLink>
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Plantillas de correo</h1>
        <p className="mt-1 text-slate-700">
          El asunto y el texto de cada correo que envía la web. Un cambio se aplica a los correos que salgan desde que se guarda; los ya enviados no
          cambian.
        </p>
      </header>
      <DataTable
        caption="Plantillas de correo"
        columns={COLUMNS}
        rows={items}
        rowKey={(t) => t.key}
        minWidth="20rem"
        empty={<p>No hay plantillas.</p>}
      />
    </div>
  );
}
