// The money of the bench data set (issue 22), loaded by bench/lists-load.mjs after the policies,
// recibos and payments, so that every money step of the daily run (api/services/daily-run.ts) has
// the work a real day gives it and /admin/payments lists a real mix of states:
//
// - 40 % of the policies pay by SEPA (an active mandate each), 60 % by card; 1 card policy in 40
//   has a mandate the test gateway declines (an expired card: its recibos come back devuelto).
// - The SEPA recibos (after the first, paid at the checkout) due from 60 days ago to 3 days ahead
//   are in one remittance per collection date (the due date, or the Monday after a weekend): those
//   collected over 7 days ago are cobrado (remittance cerrada); the newer ones are still remesado,
//   so the run settles the collections whose return deadline has passed (step 2b).
// - 1 remitted recibo in 25 was returned by the bank (AM04) the day after its collection: devuelto,
//   with its recibo_returns row; the declining cards' recibos of those 60 days are devuelto too.
// - Those unpaid a month after their due date have suspended their policy (art. 15); the reminders
//   of days 1, 7 and 20 already due were sent (dunning_notices), so the run sends today's (step 6).
// - The card recibos due today are pendiente (step 2 charges them); the card recibos of the 60
//   days have their charge attempt (registrado, or rechazado).
//
// Every value derives from the row ids and current_date, as in lists-load.mjs. The open charge
// attempts the sweep gives back are not here: bench/lifecycle.mjs adds them after the server's
// start (whose own sweep would take them).

/** The state of a recibo remitted on `b` (a row of bench_remit): returned, still open, or collected. */
const ITEM_STATUS = `case when b.returned and b.collection < current_date - 1 then 'devuelto'
                          when b.collection > current_date - 7 then 'remesado' else 'cobrado' end`;
const WINDOW_DAYS = 60;
const VALID_IBAN = "ES7921000813610123456789";

/** The columns of a generated policy n that say how it pays (appended to lists-load.mjs's policy insert). */
export const paymentColumns = "payment_method, payment_mandate, iban";
export const paymentValues = (n) => `
  (case when ${n} % 5 < 2 then 'sepa' else 'card' end)::payment_method,
  'test_mandate_' || case when ${n} % 5 < 2 then 'sepa' else 'card' end || '_' || case when ${n} % 40 = 7 then 'fail' else 'ok' end || '_' || md5('bench-mandate-' || ${n}),
  case when ${n} % 5 < 2 then '${VALID_IBAN}' end`;

/** Loads the money rows; `step(label, sql)` runs and logs one statement. `pBase`: the first generated policy's id - 1. */
export async function loadMoney(step, { pBase, staffLabel }) {
  const generated = `p.id > ${pBase}`;
  await step(
    "sepa mandates",
    `insert into sepa_mandates (policy_id, reference, signed_on, debtor_name, iban, sequence_type, status, created_at)
     select p.id, 'COT-' || p.number || '-1', p.start_date, c.name, p.iban,
            case when p.start_date + 35 < current_date then 'RCUR' else 'FRST' end,
            case when p.status = 'anulada' then 'cancelado' else 'activo' end, p.created_at
       from policies p join clients c on c.id = p.client_id
      where ${generated} and p.payment_method = 'sepa'`,
  );
  await step(
    "remitted recibos (the window)",
    `create temp table bench_remit as
     select r.id as recibo_id, r.policy_id, r.amount_cents,
            (r.due_date + case extract(isodow from r.due_date) when 6 then 2 when 7 then 1 else 0 end)::date as collection,
            r.id % 25 = 0 as returned
       from recibos r join policies p on p.id = r.policy_id
      where ${generated} and p.payment_method = 'sepa' and p.status <> 'anulada' and r.sequence > 1
        and r.due_date between current_date - ${WINDOW_DAYS} and current_date + 3`,
  );
  await step(
    "remittances",
    `insert into remittances (message_id, request_key, collection_date, status, count, total_cents, file_xml, file_sha256, created_by_label, created_at)
     select 'BENCH-' || to_char(collection, 'YYYYMMDD'), 'bench-remesa-' || collection, collection,
            case when collection > current_date - 7 then 'abierta' else 'cerrada' end, count(*), sum(amount_cents),
            '<?xml version="1.0" encoding="UTF-8"?><Document/>', md5('bench-remesa-' || collection), '${staffLabel}',
            collection - 4 + time '09:00'
       from bench_remit group by collection`,
  );
  await step(
    "remittance items",
    `insert into remittance_items (remittance_id, recibo_id, end_to_end_id, mandate_id, sequence_type, amount_cents, status)
     select m.id, b.recibo_id, 'BENCH-E2E-' || b.recibo_id, sm.id, 'RCUR', b.amount_cents, ${ITEM_STATUS}
       from bench_remit b
       join remittances m on m.request_key = 'bench-remesa-' || b.collection
       join sepa_mandates sm on sm.policy_id = b.policy_id and sm.status = 'activo'`,
  );
  await step(
    "remitted recibos",
    `update recibos r set remittance_id = m.id, status = (${ITEM_STATUS})::recibo_status,
            paid_at = case when ${ITEM_STATUS} = 'cobrado' then b.collection + time '12:00' end,
            return_code = case when ${ITEM_STATUS} = 'devuelto' then 'AM04' end,
            return_reason = case when ${ITEM_STATUS} = 'devuelto' then 'Fondos insuficientes' end
       from bench_remit b join remittances m on m.request_key = 'bench-remesa-' || b.collection
      where r.id = b.recibo_id`,
  );
  await step(
    "returns of remitted recibos",
    `insert into recibo_returns (recibo_id, remittance_id, end_to_end_id, code, reason, fee_cents, created_at)
     select r.id, r.remittance_id, 'BENCH-E2E-' || r.id, 'AM04', 'Fondos insuficientes', 0, b.collection + 1 + time '10:00'
       from bench_remit b join recibos r on r.id = b.recibo_id where r.status = 'devuelto'`,
  );
  await step(
    "declined card recibos",
    `update recibos r set status = 'devuelto', paid_at = null, attempts = 1, last_attempt_at = r.due_date + time '06:00',
            return_reason = 'Recibo devuelto: fondos insuficientes'
       from policies p
      where p.id = r.policy_id and ${generated} and p.payment_mandate like 'test_mandate_card_fail_%' and p.status <> 'anulada'
        and r.sequence > 1 and r.due_date between current_date - ${WINDOW_DAYS} and current_date - 1`,
  );
  await step(
    "card recibos due today",
    `update recibos r set status = 'pendiente', paid_at = null
       from policies p where p.id = r.policy_id and ${generated} and p.payment_method = 'card' and p.status in ('en_vigor', 'suspendida')
        and r.sequence > 1 and r.due_date = current_date`,
  );
  await step(
    "charge attempts of the card recibos",
    `insert into charge_attempts (purpose, subject, attempt, provider_key, amount_cents, policy_id, recibo_id, status, provider_ref, failure_reason, created_at, updated_at)
     select 'recibo', 'recibo-' || r.id, 1, 'recibo-' || r.id || '-1', r.amount_cents, r.policy_id, r.id,
            case when r.status = 'devuelto' then 'rechazado' else 'registrado' end,
            case when r.status = 'cobrado' then 'bench-attempt-' || r.id end, case when r.status = 'devuelto' then r.return_reason end,
            r.due_date + time '06:00', r.due_date + time '06:00'
       from recibos r join policies p on p.id = r.policy_id
      where ${generated} and p.payment_method = 'card' and r.sequence > 1 and r.status in ('cobrado', 'devuelto')
        and r.due_date between current_date - ${WINDOW_DAYS} and current_date - 1`,
  );
  await step(
    "suspended policies (art. 15)",
    `update policies p set status = 'suspendida', suspended_at = u.suspended_on + time '00:00'
       from (select policy_id, (min(due_date) + interval '1 month')::date as suspended_on from recibos where status = 'devuelto' group by policy_id) u
      where p.id = u.policy_id and ${generated} and p.status = 'en_vigor' and u.suspended_on < current_date`,
  );
  await step(
    "reminders already sent",
    `insert into dunning_notices (recibo_id, day, sent_on, created_at)
     select x.id, s, x.since + s, x.since + s + time '07:00'
       from (select r.id, coalesce((select (max(rr.created_at) at time zone 'Europe/Madrid')::date from recibo_returns rr where rr.recibo_id = r.id), r.due_date) as since
               from recibos r join policies p on p.id = r.policy_id
              where ${generated} and r.status = 'devuelto' and p.status in ('en_vigor', 'suspendida')) x
      cross join unnest(array[1, 7, 20]) s
      where x.since + s < current_date`,
  );
  await step("drop bench_remit", "drop table bench_remit");
}
