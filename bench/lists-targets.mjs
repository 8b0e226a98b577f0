// What `npm run bench:lists` measures: one entry per list request, { name, path, auth } plus
// optional `expect` (a check of the answer before it is timed) and `kind`. Adding a query
// parameter to the bench is adding a line here.
//
// auth:   "admin-api"    Authorization: Bearer of POST /api/admin/auth/login (the superadmin)
//         "visitor-api"  Authorization: Bearer of POST /api/auth/login (the big visitor)
//         "admin-web"    the cookies of the /admin/login form
//         "visitor-web"  the cookies of the /login form
// expect: { items, sort: { by, dir } } — the answer must be a list (`items(json)` picks it out)
//         ordered by `by(item)` in `dir`. A web page is checked through its loader's data
//         (?_data=<route id>). An answer that is not 200 or not in that order is reported as an
//         error ("parameter refused" / "parameter ignored") and is not timed: timing a list
//         that ignored `sort` would time something else.
// kind:   "export" — one request, streamed and counted (rows/s, bytes, server RSS), not autocannon;
//         `count`: the SQL (answering `n`) of the rows it should hold, run by the bench before each download.
//
// ctx (built by lists.mjs from the loaded volumes): deepAuditPage, staffLastPage, lateQuotesPage,
// actor, action, entity, from, to, q, remittance (the largest remittance's id), and the reports'
// periods: today, monthFrom, yearFrom, fiveYearsFrom (ISO days); plate and postalCode, an insured object of the load.

/** The rows an unfiltered export of the audit log holds. */
const WHOLE_AUDIT_LOG = "select count(*)::int as n from audit_log";
const auditItems = (json) => json.items;
const auditWebItems = (json) => json.list?.items;
const usersItems = (json) => json.items;
const usersWebItems = (json) => json.list?.items ?? json.users?.items ?? json.items;
const actorOf = (e) => e.actorLabel ?? e.actorId ?? e.actorType;
const sorted = (items, by, dir) => ({ items, sort: { by, dir } });

const auditSort = (by, dir, field, web = false) => ({
  name: `${web ? "/admin/audit" : "API audit"} sort=${by}&dir=${dir}`,
  path: `${web ? "/admin/audit" : "/api/admin/audit"}?sort=${by}&dir=${dir}`,
  auth: web ? "admin-web" : "admin-api",
  web: web ? "routes/admin.audit" : undefined,
  expect: sorted(web ? auditWebItems : auditItems, field, dir),
});
const usersSort = (by, dir, field, web = false) => ({
  name: `${web ? "/admin/users" : "API users"} sort=${by}&dir=${dir}`,
  path: `${web ? "/admin/users" : "/api/admin/users"}?sort=${by}&dir=${dir}`,
  auth: web ? "admin-web" : "admin-api",
  web: web ? "routes/admin.users._index" : undefined,
  expect: sorted(web ? usersWebItems : usersItems, field, dir),
});

export function listTargets(ctx) {
  const range = `from=${ctx.from}&to=${ctx.to}`;
  return [
    // ─── API: the audit log ───
    { name: "API audit, first page", path: "/api/admin/audit", auth: "admin-api" },
    { name: `API audit, page ${ctx.deepAuditPage}`, path: `/api/admin/audit?page=${ctx.deepAuditPage}`, auth: "admin-api" },
    { name: `API audit, actor=${ctx.actor}`, path: `/api/admin/audit?actor=${ctx.actor}`, auth: "admin-api" },
    { name: `API audit, action=${ctx.action}`, path: `/api/admin/audit?action=${ctx.action}`, auth: "admin-api" },
    { name: `API audit, entity=${ctx.entity}`, path: `/api/admin/audit?entity=${ctx.entity}`, auth: "admin-api" },
    { name: `API audit, ${range}`, path: `/api/admin/audit?${range}`, auth: "admin-api" },
    {
      name: `API audit, every filter, page 3`,
      path: `/api/admin/audit?actor=${ctx.actor}&action=${ctx.action}&entity=${ctx.entity}&${range}&page=3`,
      auth: "admin-api",
    },
    auditSort("at", "asc", (e) => e.at),
    auditSort("actor", "asc", actorOf),
    auditSort("action", "desc", (e) => e.action),
    auditSort("entity", "asc", (e) => e.entity),
    // ─── API: back-office users ───
    { name: "API users, first page", path: "/api/admin/users", auth: "admin-api" },
    { name: `API users, page ${ctx.staffLastPage}`, path: `/api/admin/users?page=${ctx.staffLastPage}`, auth: "admin-api" },
    { name: `API users, q=${ctx.q}`, path: `/api/admin/users?q=${ctx.q}`, auth: "admin-api" },
    usersSort("username", "desc", (u) => u.username),
    usersSort("email", "desc", (u) => u.email),
    usersSort("role", "asc", (u) => u.role?.name),
    usersSort("lastLoginAt", "desc", (u) => u.lastLoginAt),
    // ─── API: the big visitor's lists ───
    { name: "API my quotes, first page", path: "/api/me/quotes", auth: "visitor-api" },
    { name: `API my quotes, page ${ctx.lateQuotesPage}`, path: `/api/me/quotes?page=${ctx.lateQuotesPage}`, auth: "visitor-api" },
    { name: "API my policies (all)", path: "/api/me/policies", auth: "visitor-api" },
    { name: "API my policies, pageSize=100 page 5", path: "/api/me/policies?pageSize=100&page=5", auth: "visitor-api" },
    // ─── API: the back office's policies and clients ───
    { name: "API policies, first page", path: "/api/admin/policies", auth: "admin-api" },
    { name: "API policies, page 500", path: "/api/admin/policies?page=500", auth: "admin-api" },
    { name: "API policies, q=number prefix", path: "/api/admin/policies?q=COT-BENCH-0001234", auth: "admin-api" },
    { name: "API policies, q=NIF", path: "/api/admin/policies?q=B00012345", auth: "admin-api" },
    { name: "API policies, q=name", path: `/api/admin/policies?q=${encodeURIComponent("Tomador 12345")}`, auth: "admin-api" },
    { name: "API policies, q=e-mail", path: "/api/admin/policies?q=visitante17204", auth: "admin-api" },
    { name: "API policies, status=anulada", path: "/api/admin/policies?status=anulada", auth: "admin-api" },
    { name: "API policies, line=hogar", path: "/api/admin/policies?line=hogar", auth: "admin-api" },
    { name: `API policies, start ${ctx.from}..${ctx.to}`, path: `/api/admin/policies?startFrom=${ctx.from}&startTo=${ctx.to}`, auth: "admin-api" },
    { name: "API policies, renewalWithin=30", path: "/api/admin/policies?renewalWithin=30", auth: "admin-api" },
    { name: "API policies sort=endDate&dir=asc", path: "/api/admin/policies?sort=endDate&dir=asc", auth: "admin-api" },
    // Issue 30: a search matching many holders, on a deep page; a part of a NIF; the insured object.
    {
      name: "API policies, q=Tomador 1&sort=number, page 500",
      path: `/api/admin/policies?q=${encodeURIComponent("Tomador 1")}&sort=number&page=500`,
      auth: "admin-api",
      expect: sorted(
        (json) => json.items,
        (p) => p.number,
        "desc",
      ),
    },
    { name: "API policies, q=NIF prefix B0001", path: "/api/admin/policies?q=B0001", auth: "admin-api" },
    { name: `API policies, q=plate ${ctx.plate}`, path: `/api/admin/policies?q=${encodeURIComponent(ctx.plate)}`, auth: "admin-api" },
    { name: `API policies, q=postal code ${ctx.postalCode}`, path: `/api/admin/policies?q=${ctx.postalCode}`, auth: "admin-api" },
    { name: "API clients, first page", path: "/api/admin/clients", auth: "admin-api" },
    { name: "API clients, page 500", path: "/api/admin/clients?page=500", auth: "admin-api" },
    { name: "API clients, q=NIF", path: "/api/admin/clients?q=B00012345", auth: "admin-api" },
    { name: "API clients, q=name", path: `/api/admin/clients?q=${encodeURIComponent("Tomador 12345")}`, auth: "admin-api" },
    { name: "API clients, q=e-mail", path: "/api/admin/clients?q=visitante17204", auth: "admin-api" },
    { name: "API clients, inForce=true", path: "/api/admin/clients?inForce=true", auth: "admin-api" },
    { name: "API clients sort=createdAt&dir=desc", path: "/api/admin/clients?sort=createdAt&dir=desc", auth: "admin-api" },
    {
      name: "API clients, q=Tomador 1&sort=createdAt&dir=desc, page 500",
      path: `/api/admin/clients?q=${encodeURIComponent("Tomador 1")}&sort=createdAt&dir=desc&page=500`,
      auth: "admin-api",
      expect: sorted(
        (json) => json.items,
        (c) => c.createdAt,
        "desc",
      ),
    },
    { name: "API clients, q=NIF prefix B0001", path: "/api/admin/clients?q=B0001", auth: "admin-api" },
    // ─── API: the portfolio's recibos (/admin/payments, ADR 028) ───
    { name: "API recibos, first page", path: "/api/admin/payments/recibos", auth: "admin-api" },
    { name: "API recibos, page 500", path: "/api/admin/payments/recibos?page=500", auth: "admin-api" },
    { name: "API recibos, status=devuelto", path: "/api/admin/payments/recibos?status=devuelto", auth: "admin-api" },
    { name: "API recibos, status=remesado", path: "/api/admin/payments/recibos?status=remesado", auth: "admin-api" },
    { name: `API recibos, remittance=${ctx.remittance}`, path: `/api/admin/payments/recibos?remittance=${ctx.remittance}`, auth: "admin-api" },
    { name: "API recibos, method=sepa&line=hogar", path: "/api/admin/payments/recibos?method=sepa&line=hogar", auth: "admin-api" },
    { name: `API recibos, due ${ctx.from}..${ctx.to}`, path: `/api/admin/payments/recibos?dueFrom=${ctx.from}&dueTo=${ctx.to}`, auth: "admin-api" },
    {
      name: `API recibos, due ${ctx.from}..${ctx.to} sort=amount`,
      path: `/api/admin/payments/recibos?dueFrom=${ctx.from}&dueTo=${ctx.to}&sort=amount&dir=desc`,
      auth: "admin-api",
    },
    { name: "API recibos, amount 100..150 €", path: "/api/admin/payments/recibos?amountMin=10000&amountMax=15000", auth: "admin-api" },
    { name: "API recibos, q=number prefix", path: "/api/admin/payments/recibos?q=COT-BENCH-0001234", auth: "admin-api" },
    {
      name: "API recibos sort=amount&dir=desc",
      path: "/api/admin/payments/recibos?sort=amount&dir=desc",
      auth: "admin-api",
      expect: sorted(
        (json) => json.items,
        (r) => r.amountCents,
        "desc",
      ),
    },
    { name: "API recibos sort=status&dir=asc", path: "/api/admin/payments/recibos?sort=status&dir=asc", auth: "admin-api" },
    { name: "API recibos sort=policyNumber&dir=asc", path: "/api/admin/payments/recibos?sort=policyNumber&dir=asc", auth: "admin-api" },
    // ─── The business reports (ADR 034): each report over this month, this year and five years ───
    ...["cartera", "conversion", "recibos", "bajas", "suplementos"].flatMap((report) =>
      [
        ["este mes", ctx.monthFrom, ctx.today],
        ["este año", ctx.yearFrom, ctx.today],
        ["5 años", ctx.fiveYearsFrom, ctx.today],
      ].map(([label, from, to]) => ({
        name: `API report ${report}, ${label}`,
        path: `/api/admin/reports/${report}?from=${from}&to=${to}`,
        auth: "admin-api",
      })),
    ),
    {
      name: "API report recibos, este año, line=hogar",
      path: `/api/admin/reports/recibos?from=${ctx.yearFrom}&to=${ctx.today}&line=hogar`,
      auth: "admin-api",
    },
    { name: "/admin/reports (cartera, este mes)", path: "/admin/reports", auth: "admin-web" },
    { name: "/admin/reports?informe=recibos&periodo=este-ano", path: "/admin/reports?informe=recibos&periodo=este-ano", auth: "admin-web" },
    // ─── Web pages ───
    { name: "/admin/audit", path: "/admin/audit", auth: "admin-web" },
    { name: `/admin/audit?page=${ctx.deepAuditPage}`, path: `/admin/audit?page=${ctx.deepAuditPage}`, auth: "admin-web" },
    { name: `/admin/audit?actor=${ctx.actor}`, path: `/admin/audit?actor=${ctx.actor}`, auth: "admin-web" },
    { name: `/admin/audit?${range}`, path: `/admin/audit?${range}`, auth: "admin-web" },
    auditSort("actor", "asc", actorOf, true),
    { name: "/admin/users", path: "/admin/users", auth: "admin-web" },
    { name: `/admin/users?page=${ctx.staffLastPage}`, path: `/admin/users?page=${ctx.staffLastPage}`, auth: "admin-web" },
    { name: `/admin/users?q=${ctx.q}`, path: `/admin/users?q=${ctx.q}`, auth: "admin-web" },
    usersSort("lastLoginAt", "desc", (u) => u.lastLoginAt, true),
    { name: "/admin/policies", path: "/admin/policies", auth: "admin-web" },
    { name: "/admin/policies?q=NIF", path: "/admin/policies?q=B00012345", auth: "admin-web" },
    { name: "/admin/clients", path: "/admin/clients", auth: "admin-web" },
    {
      name: "/admin/clients?q=Tomador 1, page 500",
      path: `/admin/clients?q=${encodeURIComponent("Tomador 1")}&sort=createdAt&dir=desc&page=500`,
      auth: "admin-web",
    },
    { name: "/admin/payments", path: "/admin/payments", auth: "admin-web" },
    { name: "/admin/payments?status=devuelto", path: "/admin/payments?status=devuelto", auth: "admin-web" },
    { name: "/admin/payments?method=sepa&line=hogar", path: "/admin/payments?method=sepa&line=hogar", auth: "admin-web" },
    { name: `/admin/payments?remittance=${ctx.remittance}`, path: `/admin/payments?remittance=${ctx.remittance}`, auth: "admin-web" },
    { name: "/admin/payments?sort=amount&dir=desc", path: "/admin/payments?sort=amount&dir=desc", auth: "admin-web" },
    { name: "/mis-cotizaciones", path: "/mis-cotizaciones", auth: "visitor-web" },
    { name: `/mis-cotizaciones?page=${ctx.lateQuotesPage}`, path: `/mis-cotizaciones?page=${ctx.lateQuotesPage}`, auth: "visitor-web" },
    { name: "/mi-poliza", path: "/mi-poliza", auth: "visitor-web" },
    { name: "/mi-poliza?page=25", path: "/mi-poliza?page=25", auth: "visitor-web" },
    // ─── The CSV export of the whole audit log ───
    { name: "API audit export (no filter)", path: "/api/admin/audit/export", auth: "admin-api", kind: "export", count: WHOLE_AUDIT_LOG },
    { name: "/admin/audit.csv (no filter)", path: "/admin/audit.csv", auth: "admin-web", kind: "export", count: WHOLE_AUDIT_LOG },
  ];
}
