// The volumes of issue 23 for `npm run bench:pipelines`: 50,000 leads owned by 20 commercials and
// 200,000 clients in every stage of the client pipeline, each with one or two policies (250,000),
// loaded with generate_series in a few statements (the recipe of bench/bulk-load.mjs). Every value
// derives from the row number and now(), so two loads hold the same pipelines.
//
//   BENCH_DATABASE_URL=postgres://… node --import tsx bench/pipelines-load.mjs   (migrates, seeds, loads)
import { pathToFileURL } from "node:url";
import { loadStep, withoutSecondaryIndexes } from "./bulk-load.mjs";
import { prepareBenchDatabase } from "./lists-server.mjs";

export const PIPELINE_VOLUMES = { commercials: 20, leads: 50_000, clients: 200_000, secondPolicies: 50_000 };
/** The commercial the bench signs in as for a commercial's own board (the first of the 20). */
export const COMMERCIAL = { email: "comercial01@bench.cotiza.test", password: "Comercial-Bench-2026!" };
const MARKER = COMMERCIAL.email;
const YEAR_SECONDS = 365 * 86400;
const FILLED = ["quotes", "clients", "policies", "pipeline_leads", "pipeline_lead_quotes"];

export async function isPipelinesLoaded(client) {
  const { rows } = await client.query("select exists(select 1 from admin_users where email = $1) as loaded", [MARKER]);
  return rows[0].loaded;
}

export async function loadPipelineVolumes(client, passwordHash, { log = () => {} } = {}) {
  const v = PIPELINE_VOLUMES;
  const started = Date.now();
  const step = loadStep(client, log);
  const ago = (g, prime) => `make_interval(secs => ((${g})::bigint * ${prime}) % ${YEAR_SECONDS})`;
  const lineOf = (g) => `(array['auto','hogar','alquiler']::line_code[])[1 + (${g}) % 3]`;
  await client.query("set synchronous_commit = off");
  await client.query("set maintenance_work_mem = '256MB'");
  await step(
    "commercials",
    `insert into admin_users (username, email, password_hash, role_id)
     select 'comercial' || lpad(g::text, 2, '0'), 'comercial' || lpad(g::text, 2, '0') || '@bench.cotiza.test', $1, r.id
       from generate_series(1, ${v.commercials}) g cross join (select id from roles where name = 'comercial') r`,
    [passwordHash],
  );
  const { rows: owners } = await client.query("select min(id) as first from admin_users where email like 'comercial%@bench.cotiza.test'");
  const firstOwner = Number(owners[0].first);
  await withoutSecondaryIndexes(client, { tables: FILLED, quietTables: ["policies", "clients"], step }, async () => {
    // Client k: stage by k % 100 (5 % prospecto, 5 % alta, 70 % activo, 10 % renovación, 5 % en riesgo, 5 % baja).
    await step(
      "clients",
      `insert into clients (name, nif, email, phone, stage, stage_changed_at, created_at, updated_at)
       select 'Cliente Embudo ' || k, 'P' || lpad(k::text, 8, '0'), 'cliente' || k || '@bench.cotiza.test', '6' || lpad(k::text, 8, '0'),
              (case when k % 100 < 5 then 'prospecto' when k % 100 < 10 then 'alta' when k % 100 < 80 then 'activo'
                    when k % 100 < 90 then 'renovacion' when k % 100 < 95 then 'en_riesgo' else 'baja' end)::client_stage,
              now() - ${ago("k", 7919)}, now() - ${ago("k", 104729)}, now()
         from generate_series(1, ${v.clients}) k`,
    );
    const { rows: range } = await client.query("select min(id) as first from clients where email = 'cliente1@bench.cotiza.test'");
    const firstClient = Number(range[0].first);
    // Quote q backs policy q (q ≤ clients + second policies) and lead q - that (the rest).
    const policiesTotal = v.clients + v.secondPolicies;
    await step(
      "quotes",
      `insert into quotes (id, line_code, status, inputs, offers, valid_until, best_price, created_at, updated_at)
       select md5('pipeline-quote-' || q)::uuid, ${lineOf("q")}, (case when q <= ${policiesTotal} then 'contratada' else 'cotizada' end)::quote_status,
              '{}'::jsonb, '[]'::json, now() + interval '15 days', 20000 + (q * 37) % 80000, now() - ${ago("q", 104729)}, now()
         from generate_series(1, ${policiesTotal + v.leads}) q`,
    );
    // Policy p: client p (and client p - clients for the second ones); a baja client's ended.
    // Inserted with the triggers off, so the holder's text and NIF (migrations 0033, 0034) are
    // written here: filling them afterwards would write every policy twice.
    await step(
      "policies",
      `insert into policies (number, quote_id, client_id, line_code, plan_code, status, start_date, end_date, frequency,
                             net_premium_cents, fractionation_surcharge_cents, consorcio_cents, clea_cents, ips_cents, total_premium_cents,
                             payment_method, channel, created_at, updated_at, holder_folded, holder_nif)
       select 'COT-EMB-' || lpad(p::text, 8, '0'), md5('pipeline-quote-' || p)::uuid, c.id, ${lineOf("p")}, 'basico',
              (case when c.stage in ('baja') then 'vencida' when c.stage = 'prospecto' then 'anulada' else 'en_vigor' end)::policy_status,
              d.start, (d.start + interval '1 year')::date, 'anual', m.net, 0, 300, 15, m.net * 6 / 100, m.net + 300 + 15 + m.net * 6 / 100,
              'card', 'web', now(), now(), cotiza_holder_text(c), c.nif
         from generate_series(1, ${policiesTotal}) p
         cross join lateral (select ${firstClient} + (p - 1) % ${v.clients} as id) k
         join clients c on c.id = k.id
         cross join lateral (select (now() - ${ago("p", 7919)})::date as start) d
         cross join lateral (select 20000 + (p * 37) % 80000 as net) m`,
    );
    // What every policy event keeps on its client (ADR 041 «Clientes»): the live premium, the newest line, every line.
    await step(
      "clients' premium and lines",
      `update clients c set premium_cents = p.premium, line_code = p.newest, line_codes = p.lines
         from (select client_id, coalesce(sum(total_premium_cents) filter (where status in ('en_vigor', 'suspendida')), 0)::int as premium,
                      (array_agg(line_code order by created_at desc, id desc))[1] as newest, array_agg(distinct line_code order by line_code) as lines
                 from policies group by client_id) p
        where p.client_id = c.id`,
    );
    // Lead l: stage by l % 20, owner by l % 21 (one in 21 unassigned), a next action on most.
    await step(
      "pipeline_leads",
      `insert into pipeline_leads (stage, source, name, email, phone, line_code, quote_id, assigned_admin_id, estimated_premium_cents,
                                   next_action, next_action_on, lost_reason, stage_changed_at, last_activity_at, closed_at, created_at, updated_at)
       select s.stage, (array['cotizacion_web','llamada_solicitada','manual']::lead_source[])[1 + l % 3],
              'Oportunidad ' || l, 'lead' || l || '@bench.cotiza.test', '7' || lpad(l::text, 8, '0'), ${lineOf("l")},
              md5('pipeline-quote-' || (${policiesTotal} + l))::uuid,
              case when l % 21 = 0 then null else ${firstOwner} + l % ${v.commercials} end,
              20000 + (l * 37) % 80000, case when l % 4 <> 0 then 'Llamar para ' || l end,
              case when l % 4 <> 0 then (now() - ${ago("l", 7919)} + interval '30 days')::date end,
              case when s.stage = 'perdido' then 'precio' end,
              now() - ${ago("l", 7919)}, now() - ${ago("l", 104729)}, case when s.stage in ('ganado', 'perdido') then now() end, now() - ${ago("l", 104729)}, now()
         from generate_series(1, ${v.leads}) l
         cross join lateral (select (case when l % 20 < 5 then 'nuevo' when l % 20 < 9 then 'contactado' when l % 20 < 13 then 'cotizado'
                                          when l % 20 < 15 then 'negociacion' when l % 20 < 18 then 'ganado' else 'perdido' end)::lead_stage as stage) s`,
    );
    await step(
      "pipeline_lead_quotes",
      `insert into pipeline_lead_quotes (lead_id, quote_id) select id, quote_id from pipeline_leads where email like 'lead%@bench.cotiza.test'`,
    );
  });
  // The clients went in with their triggers off: the boards' kept totals (migration 0030) counted afresh.
  await step("the boards' kept totals", "select pipeline_totals_rebuild()");
  await step("vacuum analyze", "vacuum analyze");
  return { volumes: v, seconds: Math.round((Date.now() - started) / 1000) };
}

/** Migrates and seeds `url` as the server does at start (with `admin`, the bench's superadmin), then loads the volumes unless they are there. */
export async function preparePipelinesDatabase(url, admin, log = () => {}) {
  const { hashPassword } = await import("../api/domain/password.ts");
  const load = async (client) => loadPipelineVolumes(client, await hashPassword(COMMERCIAL.password), { log });
  await prepareBenchDatabase(url, admin, { name: "pipeline", isLoaded: isPipelinesLoaded, load, log });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error("BENCH_DATABASE_URL=postgres://… is required");
    process.exit(1);
  }
  const { ADMIN } = await import("./lists-config.mjs");
  await preparePipelinesDatabase(url, ADMIN, (line) => console.log(line));
}
