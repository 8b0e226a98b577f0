// The volumes of a real broker for `npm run bench:lists`, loaded by SQL (INSERT … SELECT … FROM
// generate_series, a few big statements): visitors, their quotes, policies with 1–12 recibos and
// a payment each, back-office staff, two years of audit rows, and one visitor with 5 000 quotes
// and 500 policies whose password is known (BIG_VISITOR). Every value is derived from the row
// number, so two loads at one scale hold the same rows (the quote and audit dates move with now()).
//
// The schema must exist (the server migrates at start) and the database must hold one quote per
// line made by the API itself: their inputs and offers are the templates copied into every
// generated quote, so the app reads generated rows exactly as it reads its own.
//
//   node bench/lists-load.mjs            loads into BENCH_DATABASE_URL (BENCH_SCALE, default 1)
//
// `npm run bench:lists` calls loadListVolumes() itself; this command line is for loading a
// database kept between runs. A database that already holds the bench rows is left as it is
// (BENCH_RELOAD=1 is refused: start from a fresh database instead).
import { randomBytes, scryptSync } from "node:crypto";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { withoutSecondaryIndexes } from "./bulk-load.mjs";
import { loadMoney, paymentColumns, paymentValues } from "./lists-load-money.mjs";

/** The visitor whose lists are measured; the password is only ever used against a bench database. */
export const BIG_VISITOR = { email: "grande@bench.cotiza.test", password: "Bench-Visitante-2026!", name: "Cliente Grande" };
export const BIG_QUOTES = 5000;
export const BIG_POLICIES = 500;
/** Staff accounts are named gestor0001…: the audit actor filter and the users search use them. */
export const STAFF_PREFIX = "gestor";
const VISITOR_DOMAIN = "bench.cotiza.test";
const STAFF_DOMAIN = "correduria.test";
const TWO_YEARS_SECONDS = 730 * 86400;
const FILLED_TABLES = ["users", "quotes", "clients", "policies", "recibos", "payments", "admin_users", "audit_log"];
/** The tables whose triggers keep the report figures by day (migration 0020). */
const REPORTED_TABLES = ["quotes", "policies", "recibos"];
/** quote_validity_days of the seed. */
const QUOTE_VALIDITY_DAYS = 15;

/** Rows per table at a scale (1 = a mid-sized broker: the scale the list targets were set for). */
export function volumes(scale) {
  const n = (base) => Math.max(1, Math.round(base * scale));
  return {
    users: n(200_000),
    quotes: n(1_000_000),
    policies: n(200_000),
    audit: n(2_000_000),
    // /admin/users lists the staff, not the visitors: a large broker has hundreds of them.
    staff: Math.max(40, n(1_000)),
    bigQuotes: BIG_QUOTES,
    bigPolicies: BIG_POLICIES,
  };
}

/** The stored format of api/domain/password.ts (scrypt$N$r$p$salt$hash). */
export function scryptHash(plain) {
  const salt = randomBytes(16);
  const key = scryptSync(plain.normalize("NFC"), salt, 64, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ["scrypt", 16384, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

async function maxId(client, table) {
  const { rows } = await client.query(`select coalesce(max(id), 0)::int as max from ${table}`);
  return rows[0].max;
}

/** True when the bench rows are there already. */
export async function isLoaded(client) {
  const { rows } = await client.query("select exists(select 1 from users where email = $1) as loaded", [BIG_VISITOR.email]);
  return rows[0].loaded;
}

/**
 * Loads the volumes. `log` gets one line per statement with its time. Returns the volumes, the
 * seconds it took and the ids the bench needs.
 */
export async function loadListVolumes(client, { scale = 1, log = () => {} } = {}) {
  const v = volumes(scale);
  const started = Date.now();
  const step = async (label, sql, params = []) => {
    const t = Date.now();
    const result = await client.query(sql, params);
    log(`${label}: ${result.rowCount ?? ""} rows, ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return result;
  };

  // Templates: the newest quote of each line (made by the API just before).
  await client.query("drop table if exists bench_templates");
  await step(
    "templates",
    `create temp table bench_templates as
       select distinct on (line_code) line_code as line, inputs, offers,
              array(select e ->> 'code' from json_array_elements(offers) e) as plans
         from quotes order by line_code, created_at desc`,
  );
  const { rows: lines } = await client.query("select line::text, cardinality(plans) as plans from bench_templates order by line");
  if (lines.length !== 3 || lines.some((l) => l.plans < 1)) {
    throw new Error(`lists-load: one priced quote per line is needed as a template (found ${JSON.stringify(lines)})`);
  }

  const uBase = await maxId(client, "users");
  const cBase = await maxId(client, "clients");
  const pBase = await maxId(client, "policies");
  const aBase = await maxId(client, "admin_users");
  const big = uBase + v.users + 1;
  const bigClient = cBase + v.policies + 1;
  // Pseudo-random but repeatable: the owner of generic quote/policy g, the moment of row g.
  const userOf = (g) => `(${uBase} + 1 + ((${g})::bigint * 7919) % ${v.users})`;
  const agoSeconds = (g, prime) => `make_interval(secs => ((${g})::bigint * ${prime}) % ${TWO_YEARS_SECONDS})`;
  const lineOf = (g) => `(array['auto','hogar','alquiler']::line_code[])[1 + (${g}) % 3]`;

  await client.query("set synchronous_commit = off");
  await client.query("set maintenance_work_mem = '256MB'");
  // The report figures are computed once from the rows after the load (what the migration's backfill does).
  await withoutSecondaryIndexes(client, { tables: FILLED_TABLES, quietTables: REPORTED_TABLES, step }, fill);
  await step("report figures by day", "select report_days_rebuild()");

  const t = Date.now();
  // Vacuum too: the visibility map a live database has (index-only scans), and no autovacuum
  // starting in the middle of the measurements.
  await client.query("vacuum analyze");
  log(`vacuum analyze: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  await client.query("drop table if exists bench_templates");
  return { volumes: v, seconds: Math.round((Date.now() - started) / 1000), bigUserId: big };

  async function fill() {
    const visitorHash = scryptHash(randomBytes(12).toString("base64url"));
    await step(
      "users",
      `insert into users (id, name, email, password_hash, role, active, created_at, updated_at, last_login_at)
       select ${uBase} + g, 'Visitante ' || g, 'visitante' || g || '@${VISITOR_DOMAIN}', $1, 'user', g % 50 <> 0,
              now() - ${agoSeconds("g", 104723)}, now() - ${agoSeconds("g", 104723)},
              case when g % 3 = 0 then null else now() - ${agoSeconds("g", 7727)} end
         from generate_series(1, ${v.users}) g`,
      [visitorHash],
    );
    await step(
      "big visitor",
      `insert into users (id, name, email, password_hash, role, created_at, updated_at)
       values (${big}, $1, $2, $3, 'user', now() - interval '730 days', now() - interval '730 days')`,
      [BIG_VISITOR.name, BIG_VISITOR.email, scryptHash(BIG_VISITOR.password)],
    );
    await client.query(`select setval(pg_get_serial_sequence('users', 'id'), ${big})`);

    // Quotes 1..policies are the contracted ones (policy g holds quote g); the rest: 30 % made
    // without an account (owner token hash), the others a visitor's; cotizada while valid,
    // otherwise caducada (or descartada).
    await step(
      "quotes",
      `insert into quotes (id, line_code, status, inputs, offers, user_id, session_id, valid_until, created_at, updated_at)
       select md5('bench-quote-' || g)::uuid, t.line,
              (case when g <= ${v.policies} then 'contratada'
                    when q.created + interval '${QUOTE_VALIDITY_DAYS} days' > now() then 'cotizada'
                    when g % 7 = 0 then 'descartada' else 'caducada' end)::quote_status,
              t.inputs, t.offers,
              case when g > ${v.policies} and g % 10 < 3 then null else ${userOf("g")} end,
              case when g > ${v.policies} and g % 10 < 3 then md5('owner-' || g) || md5('token-' || g) end,
              q.created + interval '${QUOTE_VALIDITY_DAYS} days', q.created, q.created
         from generate_series(1, ${v.quotes}) g
         cross join lateral (select now() - ${agoSeconds("g", 104729)} as created) q
         join bench_templates t on t.line = ${lineOf("g")}`,
    );
    await step(
      "big visitor's quotes",
      `insert into quotes (id, line_code, status, inputs, offers, user_id, session_id, valid_until, created_at, updated_at)
       select md5('bench-big-quote-' || b)::uuid, t.line,
              (case when b <= ${v.bigPolicies} then 'contratada'
                    when q.created + interval '${QUOTE_VALIDITY_DAYS} days' > now() then 'cotizada'
                    when b % 7 = 0 then 'descartada' else 'caducada' end)::quote_status,
              t.inputs, t.offers, ${big}, null, q.created + interval '${QUOTE_VALIDITY_DAYS} days', q.created, q.created
         from generate_series(1, ${v.bigQuotes}) b
         cross join lateral (select now() - make_interval(secs => b::bigint * ${Math.floor(TWO_YEARS_SECONDS / v.bigQuotes)}) as created) q
         join bench_templates t on t.line = ${lineOf("b")}`,
    );

    await step(
      "clients",
      `insert into clients (id, user_id, name, nif, birth_date, email, phone, address, postal_code, city, stage, created_at, updated_at)
       select ${cBase} + k, ${userOf("k")}, 'Tomador ' || k, 'B' || lpad(k::text, 8, '0'), date '1960-01-01' + (k % 15000),
              'visitante' || (${userOf("k")} - ${uBase}) || '@${VISITOR_DOMAIN}', '6' || lpad((k % 100000000)::text, 8, '0'),
              'Calle Mayor ' || (k % 200 + 1), lpad(((k % 52) + 1)::text, 2, '0') || '001', 'Madrid', 'activo', now(), now()
         from generate_series(1, ${v.policies}) k`,
    );
    await step(
      "big visitor's client",
      `insert into clients (id, user_id, name, nif, birth_date, email, stage) values (${bigClient}, ${big}, $1, 'BGRANDE01', '1980-05-05', $2, 'activo')`,
      [BIG_VISITOR.name, BIG_VISITOR.email],
    );
    await client.query(`select setval(pg_get_serial_sequence('clients', 'id'), ${bigClient})`);

    // Policy g: quote g's line, owner and moment; a plan of its offers; one year from the day it was
    // contracted (so about half are vencida); 1 in 25 anulada. Inserted with the triggers off, so
    // the holder's text and NIF (migrations 0033, 0034) are written here: filling them afterwards
    // wrote every policy twice (a table twice the size of a live one, ADR 045).
    // The insured object as the checkout keeps it (insured-object.ts): a car's registration, a
    // dwelling's address whose postal code is also the rating input's. Derived from n: four
    // digits and three consonants, a different plate for each generic policy; a postal code shared by a few.
    const consonant = (n, div) => `substr('BCDFGHJKLMNPRSTVWXYZ', 1 + ((${n}) / ${div}) % 20, 1)`;
    const riskOf = (n) => `t.inputs::jsonb || case t.line
              when 'auto' then jsonb_build_object('registration',
                lpad(((${n}) % 10000)::text, 4, '0') || ${consonant(n, 10000)} || ${consonant(n, 200000)} || ${consonant(n, 4000000)})
              else (select jsonb_build_object('postalCode', pc, 'riskAddress', jsonb_build_object('street', 'Calle Mayor ' || ((${n}) % 200 + 1), 'postalCode', pc, 'city', 'Madrid'))
                      from (select lpad((((${n}) % 52) + 1)::text, 2, '0') || lpad(((${n}) / 52 % 1000)::text, 3, '0') as pc) c) end`;
    const policySelect = (id, n, quoteId, clientId, userId, created) => `
       select ${id}, 'COT-BENCH-' || lpad((${id})::text, 8, '0'), ${quoteId}, ${clientId}, ${userId}, t.line,
              t.plans[1 + ${n} % cardinality(t.plans)],
              (case when ${n} % 25 = 0 then 'anulada'
                    when (${created})::date + interval '1 year' <= current_date then 'vencida' else 'en_vigor' end)::policy_status,
              (${created})::date, ((${created})::date + interval '1 year')::date,
              (array['anual','semestral','trimestral','mensual']::payment_frequency[])[1 + ${n} % 4],
              '[]'::jsonb, ${riskOf(n)},
              m.net, m.frac, 300, 15, m.net * 6 / 100, m.net + m.frac + 300 + 15 + m.net * 6 / 100,
              case when ${n} % 25 = 0 then 'peticion_cliente' end,
              case when ${n} % 25 = 0 then (${created}) + interval '60 days' end,
              (${created}), (${created}), ${paymentValues(n)}, cotiza_holder_text(h), h.nif
         from bench_templates t
         join clients h on h.id = ${clientId}
         cross join lateral (select 20000 + (${n} * 37) % 80000 as net, ((20000 + (${n} * 37) % 80000) * (array[0,2,3,5])[1 + ${n} % 4]) / 100 as frac) m`;
    const policyColumns = `(id, number, quote_id, client_id, user_id, line_code, plan_code, status, start_date, end_date, frequency,
         optional_guarantees, risk, net_premium_cents, fractionation_surcharge_cents, consorcio_cents, clea_cents, ips_cents,
         total_premium_cents, cancellation_reason, cancelled_at, created_at, updated_at, ${paymentColumns}, holder_folded, holder_nif)`;
    await step(
      "policies",
      `insert into policies ${policyColumns}
       select p.* from generate_series(1, ${v.policies}) g
       cross join lateral (${policySelect(`${pBase} + g`, "g", "md5('bench-quote-' || g)::uuid", `${cBase} + g`, userOf("g"), `now() - ${agoSeconds("g", 104729)} + interval '10 minutes'`)}
         where t.line = ${lineOf("g")}) p`,
    );
    await step(
      "big visitor's policies",
      `insert into policies ${policyColumns}
       select p.* from generate_series(1, ${v.bigPolicies}) b
       cross join lateral (${policySelect(
         `${pBase + v.policies} + b`,
         "b",
         "md5('bench-big-quote-' || b)::uuid",
         String(bigClient),
         String(big),
         `now() - make_interval(secs => b::bigint * ${Math.floor(TWO_YEARS_SECONDS / v.bigQuotes)}) + interval '10 minutes'`,
       )}
         where t.line = ${lineOf("b")}) p`,
    );
    await client.query(`select setval(pg_get_serial_sequence('policies', 'id'), ${pBase + v.policies + v.bigPolicies})`);

    // One recibo per instalment of the term (1, 2, 4 or 12), cobrado once due, the first with a card payment.
    await step(
      "recibos",
      `insert into recibos (policy_id, sequence, kind, due_date, amount_cents, status, paid_at, created_at, updated_at)
       select p.id, s, 'prima', d.due, p.total_premium_cents / n.n + case when s = 1 then p.total_premium_cents % n.n else 0 end,
              (case when d.due <= current_date then 'cobrado' when p.status = 'anulada' then 'anulado' else 'pendiente' end)::recibo_status,
              case when d.due <= current_date then d.due::timestamptz end, p.created_at, p.created_at
         from policies p
         cross join lateral (select case p.frequency when 'anual' then 1 when 'semestral' then 2 when 'trimestral' then 4 else 12 end as n) n
         cross join lateral generate_series(1, n.n) s
         cross join lateral (select (p.start_date + make_interval(months => (s - 1) * 12 / n.n))::date as due) d
        where p.id > ${pBase}`,
    );
    await step(
      "payments",
      `insert into payments (policy_id, recibo_id, provider, method, method_label, amount_cents, status, provider_ref, created_at)
       select r.policy_id, r.id, 'test', p.payment_method, case p.payment_method when 'sepa' then 'ES79 …6789' else '•••• 4242' end,
              r.amount_cents, 'aceptado', 'bench-' || r.id, r.created_at
         from recibos r join policies p on p.id = r.policy_id where r.policy_id > ${pBase} and r.sequence = 1`,
    );
    await loadMoney(step, { pBase, staffLabel: `${STAFF_PREFIX}0001@${STAFF_DOMAIN}` });

    const staffHash = scryptHash(randomBytes(12).toString("base64url"));
    await step(
      "staff",
      `insert into admin_users (username, email, password_hash, role_id, active, created_at, updated_at, last_login_at)
       select '${STAFF_PREFIX}' || lpad(s::text, 4, '0'), '${STAFF_PREFIX}' || lpad(s::text, 4, '0') || '@${STAFF_DOMAIN}', $1,
              (select id from roles order by (name = 'superadmin'), id offset s % 3 limit 1), s % 10 <> 0,
              now() - ${agoSeconds("s", 86399)}, now(), case when s % 4 = 0 then null else now() - ${agoSeconds("s", 7727)} end
         from generate_series(1, ${v.staff}) s`,
      [staffHash],
    );

    // The audit log: 45 % visitors, 20 % anonymous, 15 % system, 20 % staff; two years of rows.
    await step(
      "audit_log",
      `insert into audit_log (at, actor_type, actor_id, actor_label, action, entity, entity_id, ip, before, after)
       select now() - ${agoSeconds("g", 15485863)}, a.type::actor_type,
              case a.type when 'user' then u.id::text when 'admin' then (${aBase} + st.n)::text end,
              case a.type when 'user' then 'visitante' || (u.id - ${uBase}) || '@${VISITOR_DOMAIN}'
                          when 'admin' then '${STAFF_PREFIX}' || lpad(st.n::text, 4, '0') || '@${STAFF_DOMAIN}'
                          when 'system' then (array['quote-expiry','mailer'])[1 + g % 2] end,
              a.action, a.entity,
              case a.entity when 'quote' then md5('bench-quote-' || (g % ${v.quotes} + 1))::text
                            when 'user' then u.id::text else (g % 100000 + 1)::text end,
              case when a.type in ('user', 'anonymous', 'admin') then '10.' || (g % 256) || '.' || (g / 256 % 256) || '.' || (g / 65536 % 256) end,
              case when a.action in ('quote.expired', 'admin_user.updated', 'role.updated') then jsonb_build_object('status', 'cotizada', 'active', true) end,
              jsonb_build_object('status', 'ok', 'n', g % 1000)
         from generate_series(1, ${v.audit}) g
         cross join lateral (select ${userOf("g")} as id) u
         cross join lateral (select 1 + (hashint4(g * 3 + 2) & 2147483647) % ${v.staff} as n, (hashint4(g * 3 + 1) & 2147483647) as h) st
         cross join lateral (
           select case when g % 20 < 9 then 'user' when g % 20 < 13 then 'anonymous' when g % 20 < 16 then 'system' else 'admin' end as type) t0
         cross join lateral (
           select t0.type,
                  case t0.type
                    when 'user' then (array['user.login','quote.created','quote.claimed','quote.contracted','policy.created','consent.recorded','payment.accepted'])[1 + st.h % 7]
                    when 'anonymous' then (array['quote.created','quote.created','quote.created','user.register'])[1 + st.h % 4]
                    when 'system' then (array['quote.expired','email.queued','policy.activated'])[1 + st.h % 3]
                    else (array['admin.login','admin.logout','admin_user.updated','role.updated','admin_user.created','admin.password_changed'])[1 + st.h % 6] end as action) a0
         cross join lateral (
           select a0.type as type, a0.action as action,
                  case split_part(a0.action, '.', 1)
                    when 'quote' then 'quote' when 'policy' then 'policy' when 'payment' then 'payment' when 'consent' then 'client'
                    when 'email' then 'outbox_email' when 'role' then 'role' when 'admin_user' then 'admin_user'
                    when 'admin' then 'admin_user' else 'user' end as entity) a`,
    );
  }
}

/** Rows per table as the planner sees them after ANALYZE (pg_class.reltuples). */
export async function tableRows(client) {
  const { rows } = await client.query(
    `select c.relname as table, greatest(c.reltuples, 0)::bigint as rows, pg_total_relation_size(c.oid) as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.reltuples desc`,
  );
  return rows.map((r) => ({ table: r.table, rows: Number(r.rows), bytes: Number(r.bytes) }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error("BENCH_DATABASE_URL=postgres://… is required (a migrated database holding one API-made quote per line)");
    process.exit(1);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (await isLoaded(client)) console.log("The bench rows are already loaded: nothing to do.");
    else {
      const result = await loadListVolumes(client, { scale: Number(process.env.BENCH_SCALE ?? 1), log: (l) => console.log(l) });
      console.log(JSON.stringify(result));
    }
  } finally {
    await client.end();
  }
}
