// The volumes of a large insurer for `npm run bench:dashboard`: 1,000,000 policies and 5,000,000
// quotes (BENCH_SCALE=5 of bench/lists-load.mjs), loaded with generate_series in a few statements,
// and only what the dashboard reads (visitors, quotes, clients, policies, recibos). The JSON of a
// quote is left empty ({} / []): the dashboard and the quotes list never read it, and copying a
// priced quote's few KB five million times is most of lists-load's 28 minutes. Every value derives
// from the row number and current_date, so two loads hold the same portfolio.
//
//   BENCH_DATABASE_URL=postgres://… node --import tsx bench/dashboard-load.mjs   (migrates, seeds, loads)
import { pathToFileURL } from "node:url";
import { loadStep, withoutSecondaryIndexes } from "./bulk-load.mjs";
import { prepareBenchDatabase } from "./lists-server.mjs";

export const DASHBOARD_VOLUMES = { users: 200_000, quotes: 5_000_000, policies: 1_000_000 };
const TWO_YEARS_SECONDS = 730 * 86400;
const MARKER = "dashboard-bench@bench.cotiza.test";
const FILLED = ["users", "quotes", "clients", "policies", "recibos"];

export async function isDashboardLoaded(client) {
  const { rows } = await client.query("select exists(select 1 from users where email = $1) as loaded", [MARKER]);
  return rows[0].loaded;
}

export async function loadDashboardVolumes(client, { log = () => {} } = {}) {
  const v = DASHBOARD_VOLUMES;
  const started = Date.now();
  const step = loadStep(client, log);
  const ago = (g, prime) => `make_interval(secs => ((${g})::bigint * ${prime}) % ${TWO_YEARS_SECONDS})`;
  const lineOf = (g) => `(array['auto','hogar','alquiler']::line_code[])[1 + (${g}) % 3]`;
  const userOf = (g) => `(1 + ((${g})::bigint * 7919) % ${v.users})`;
  await client.query("set synchronous_commit = off");
  await client.query("set maintenance_work_mem = '256MB'");
  // The bench's bulk-loading recipe (bench/bulk-load.mjs): indexes and keys rebuilt once after the inserts.
  await withoutSecondaryIndexes(client, { tables: FILLED, step }, async () => {
    await step(
      "users",
      `insert into users (id, name, email, password_hash, role, created_at, updated_at)
       select g, 'Visitante ' || g, case when g = 1 then '${MARKER}' else 'visitante' || g || '@bench.cotiza.test' end, 'x', 'user', now(), now()
         from generate_series(1, ${v.users}) g`,
    );
    await client.query(`select setval(pg_get_serial_sequence('users', 'id'), ${v.users})`);
    // Quote g ≤ policies was bought (policy g); the rest: 30 % anonymous, cotizada while valid.
    await step(
      "quotes",
      `insert into quotes (id, line_code, status, inputs, offers, user_id, session_id, valid_until, best_price, created_at, updated_at)
       select md5('bench-quote-' || g)::uuid, ${lineOf("g")},
              (case when g <= ${v.policies} then 'contratada' when q.created + interval '15 days' > now() then 'cotizada'
                    when g % 7 = 0 then 'descartada' else 'caducada' end)::quote_status,
              '{}'::jsonb, '[]'::json,
              case when g > ${v.policies} and g % 10 < 3 then null else ${userOf("g")} end,
              case when g > ${v.policies} and g % 10 < 3 then md5('owner-' || g) end,
              q.created + interval '15 days', 20000 + (g * 37) % 80000, q.created, q.created
         from generate_series(1, ${v.quotes}) g
         cross join lateral (select now() - ${ago("g", 104729)} as created) q`,
    );
    await step(
      "clients",
      `insert into clients (id, user_id, name, nif, birth_date, email, stage, created_at, updated_at)
       select k, ${userOf("k")}, 'Tomador ' || k, 'B' || lpad(k::text, 8, '0'), date '1960-01-01' + (k % 15000),
              'tomador' || k || '@bench.cotiza.test', 'activo', now(), now()
         from generate_series(1, ${v.policies}) k`,
    );
    await client.query(`select setval(pg_get_serial_sequence('clients', 'id'), ${v.policies})`);
    // Policy g: one year from the day quote g was made; 1 in 25 anulada, the ended ones vencida.
    await step(
      "policies",
      `insert into policies (id, number, quote_id, client_id, user_id, line_code, plan_code, status, start_date, end_date, frequency,
                             net_premium_cents, fractionation_surcharge_cents, consorcio_cents, clea_cents, ips_cents, total_premium_cents,
                             cancellation_reason, cancelled_at, payment_method, channel, created_at, updated_at)
       select g, 'COT-BENCH-' || lpad(g::text, 8, '0'), md5('bench-quote-' || g)::uuid, g, ${userOf("g")}, ${lineOf("g")}, 'basico',
              (case when g % 25 = 0 then 'anulada' when c.d + interval '1 year' <= current_date then 'vencida' else 'en_vigor' end)::policy_status,
              c.d, (c.d + interval '1 year')::date,
              (array['anual','semestral','trimestral','mensual']::payment_frequency[])[1 + g % 4],
              m.net, 0, 300, 15, m.net * 6 / 100, m.net + 300 + 15 + m.net * 6 / 100,
              case when g % 25 = 0 then 'peticion_cliente' end, case when g % 25 = 0 then c.at + interval '60 days' end,
              (case when g % 5 < 2 then 'sepa' else 'card' end)::payment_method, case when g % 6 = 0 then 'telefono' else 'web' end, c.at, c.at
         from generate_series(1, ${v.policies}) g
         cross join lateral (select now() - ${ago("g", 104729)} + interval '10 minutes' as at) a
         cross join lateral (select a.at, a.at::date as d) c
         cross join lateral (select 20000 + (g * 37) % 80000 as net) m`,
    );
    await client.query(`select setval(pg_get_serial_sequence('policies', 'id'), ${v.policies})`);
    // One recibo per instalment: cobrado once due (1 in 40 devuelto), anulado on a cancelled policy, else pendiente.
    await step(
      "recibos",
      `insert into recibos (policy_id, sequence, kind, due_date, amount_cents, status, paid_at, return_reason, created_at, updated_at)
       select p.id, s, 'prima', d.due, p.total_premium_cents / n.n + case when s = 1 then p.total_premium_cents % n.n else 0 end,
              (case when p.status = 'anulada' and d.due > current_date then 'anulado'
                    when d.due <= current_date and s > 1 and p.id % 40 = 7 then 'devuelto'
                    when d.due <= current_date then 'cobrado' else 'pendiente' end)::recibo_status,
              case when d.due <= current_date and not (s > 1 and p.id % 40 = 7) then d.due::timestamptz end,
              case when d.due <= current_date and s > 1 and p.id % 40 = 7 then 'Fondos insuficientes' end,
              p.created_at, p.created_at
         from policies p
         cross join lateral (select case p.frequency when 'anual' then 1 when 'semestral' then 2 when 'trimestral' then 4 else 12 end as n) n
         cross join lateral generate_series(1, n.n) s
         cross join lateral (select (p.start_date + make_interval(months => (s - 1) * 12 / n.n))::date as due) d`,
    );
  });
  await step("vacuum analyze", "vacuum analyze");
  return { volumes: v, seconds: Math.round((Date.now() - started) / 1000) };
}

/** Migrates and seeds `url` as the server does at start (with `admin`, the bench's superadmin), then loads the volumes unless they are there. */
export async function prepareDashboardDatabase(url, admin, log = () => {}) {
  await prepareBenchDatabase(url, admin, {
    name: "dashboard",
    isLoaded: isDashboardLoaded,
    load: (client) => loadDashboardVolumes(client, { log }),
    log,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error("BENCH_DATABASE_URL=postgres://… is required");
    process.exit(1);
  }
  const { ADMIN } = await import("./lists-config.mjs");
  await prepareDashboardDatabase(url, ADMIN, (line) => console.log(line));
}
