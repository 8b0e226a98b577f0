// The client pipeline's writes (issue 23, ADR 041 «Clientes»): a client moved to a stage (by an
// event or by hand), with its client_stage_changes row and its audit row, in the transaction of
// the write that caused it.
import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { ClientStage, ClientStageCause, PolicyEvent } from "../contract/vocabulary";
import { madridDate } from "../domain/calendar";
import { clientStageAfter, isClientStageEvent, RENEWAL_WINDOW_DAYS, type PolicyFacts } from "../domain/client-stage";
import { queryRows, type DbOrTx } from "./client";
import { writeAudit, type AuditWrite } from "./audit";
import { clients, clientStageChanges, policies } from "./schema";

/** Who moved the client: a person (the admin and their audit identity) or an event (the system, or the actor of the write that caused it). */
export type StageMoveActor = Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip">;

export type StageMove = { policyId?: number | null; reason?: string | null; actor: StageMoveActor; adminId?: number | null; at: Date };

/**
 * Moves the client to `to` for `cause`: its stage and when it entered it, a client_stage_changes
 * row and an audit row. Nothing when the client is already there (or does not exist); the
 * stage it left when it moved.
 */
export async function moveClientStage(
  tx: DbOrTx,
  clientId: number,
  to: ClientStage,
  cause: ClientStageCause,
  move: StageMove,
): Promise<ClientStage | null> {
  // The update itself decides (stage <> to), so two writers moving one client move it once.
  const [before] = await tx
    .select({ stage: clients.stage })
    .from(clients)
    .where(and(eq(clients.id, clientId), ne(clients.stage, to)))
    .for("update");
  if (!before || before.stage === to) return null;
  await tx.update(clients).set({ stage: to, stageChangedAt: move.at }).where(eq(clients.id, clientId));
  await tx.insert(clientStageChanges).values({
    clientId,
    fromStage: before.stage,
    toStage: to,
    cause,
    policyId: move.policyId ?? null,
    reason: move.reason ?? null,
    actorAdminId: move.adminId ?? null,
    at: move.at,
  });
  await writeAudit(tx, {
    ...move.actor,
    action: "client.stage_changed",
    entity: "client",
    entityId: clientId,
    before: { stage: before.stage },
    after: { stage: to, cause, ...(move.policyId ? { policyId: move.policyId } : {}), ...(move.reason ? { reason: move.reason } : {}) },
    at: move.at,
  });
  return before.stage;
}

/** The facts of every policy of the client that the rules look at. */
export async function clientPolicyFacts(tx: DbOrTx, clientId: number): Promise<PolicyFacts[]> {
  return tx
    .select({
      id: policies.id,
      status: policies.status,
      startDate: policies.startDate,
      endDate: policies.endDate,
      renewalStopped: sql<boolean>`${policies.renewalStoppedAt} is not null`,
      // Written out with an alias: a returned recibo not paid since stays devuelto.
      returnedUnpaid: sql<boolean>`exists (select 1 from recibos r where r.policy_id = ${policies.id} and r.status = 'devuelto')`,
    })
    .from(policies)
    .where(eq(policies.clientId, clientId))
    .orderBy(desc(policies.createdAt), desc(policies.id));
}

/** The client's kept premium (its policies in force or suspended), line (its newest policy's) and lines (all), from its policies. */
async function refreshPortfolio(tx: DbOrTx, clientId: number): Promise<void> {
  const premium = sql`coalesce((select sum(p.total_premium_cents) from policies p where p.client_id = ${clients.id} and p.status in ('en_vigor', 'suspendida')), 0)::int`;
  const line = sql`(select p.line_code from policies p where p.client_id = ${clients.id} order by p.created_at desc, p.id desc limit 1)`;
  const lines = sql`array(select distinct p.line_code from policies p where p.client_id = ${clients.id} order by 1)`;
  // Only when they change: most events (a recibo charged) leave them as they were.
  await tx
    .update(clients)
    .set({ premiumCents: premium, lineCode: line, lineCodes: lines })
    .where(
      and(eq(clients.id, clientId), sql`(${clients.premiumCents}, ${clients.lineCode}, ${clients.lineCodes}) is distinct from (${premium}, ${line}, ${lines})`),
    );
}

/**
 * A policy event's effect on its client, in the event's transaction (recordHistory calls it for
 * every policy event): the kept premium and line brought up to date, and the move the rules
 * (api/domain/client-stage.ts) give, written by moveClientStage. The event's actor moved it.
 */
export async function applyPolicyEventToClient(
  tx: DbOrTx,
  e: { policyId: number; event: PolicyEvent; actor: StageMoveActor; at: Date },
): Promise<void> {
  if (!isClientStageEvent(e.event)) return;
  const [owner] = await tx.select({ clientId: policies.clientId }).from(policies).where(eq(policies.id, e.policyId));
  if (!owner) return;
  await refreshPortfolio(tx, owner.clientId);
  const [client] = await tx.select({ stage: clients.stage }).from(clients).where(eq(clients.id, owner.clientId));
  if (!client) return;
  const next = clientStageAfter(client.stage, e.event, e.policyId, await clientPolicyFacts(tx, owner.clientId), madridDate(e.at));
  if (!next) return;
  const adminId = e.actor.actorType === "admin" && e.actor.actorId != null ? Number(e.actor.actorId) : null;
  await moveClientStage(tx, owner.clientId, next.to, next.cause, { policyId: next.policyId, actor: e.actor, adminId, at: e.at });
}

/**
 * The client moves of one day whose candidates `candidates` selects (client_id, from_stage,
 * to_stage, cause, policy_id; one row per client), written set-based: the stage, its
 * client_stage_changes row and its audit row, in one statement. The update re-checks the stage
 * under the row lock, so two runs at once move each client once, and a second run finds none.
 */
async function moveClientsSetBased(tx: DbOrTx, candidates: SQL, now: Date): Promise<number> {
  const moved = await queryRows(
    tx,
    sql`
    with candidates as (${candidates}),
    moved as (
      update clients c set stage = k.to_stage, stage_changed_at = ${now}
        from candidates k
       where c.id = k.client_id and c.stage = k.from_stage
      returning c.id as client_id, k.from_stage, k.to_stage, k.cause, k.policy_id
    ),
    changes as (
      insert into client_stage_changes (client_id, from_stage, to_stage, cause, policy_id, at)
      select client_id, from_stage, to_stage, cause, policy_id, ${now} from moved
      returning client_id, from_stage, to_stage, cause, policy_id
    )
    insert into audit_log (at, actor_type, actor_id, actor_label, action, entity, entity_id, before, after)
    select ${now}, 'system', null, ${SYSTEM_LABEL}, 'client.stage_changed', 'client', client_id::text,
           jsonb_build_object('stage', from_stage),
           jsonb_build_object('stage', to_stage, 'cause', cause, 'policyId', policy_id)
      from changes
    returning 1`,
  );
  return moved.length;
}

const SYSTEM_LABEL = "Proceso diario";

/**
 * The daily run's step of the client pipeline (dailyClientStage of api/domain/client-stage.ts, as
 * two set-based statements over every client, fast at 200,000): «Alta» → «Activo» once a policy
 * is in force on `day`; «Activo» → «Renovación» once an in-force policy, its renewal not stopped,
 * ends within RENEWAL_WINDOW_DAYS, unless the client entered «Activo» after that window opened.
 */
export async function advanceClientStages(db: DbOrTx, day: string, now: Date): Promise<{ activos: number; renovaciones: number }> {
  const activos = await moveClientsSetBased(
    db,
    sql`select distinct on (c.id) c.id as client_id, c.stage as from_stage, 'activo'::client_stage as to_stage,
               'poliza_en_vigor'::client_stage_cause as cause, p.id as policy_id
          from clients c join policies p on p.client_id = c.id
         where c.stage = 'alta' and p.status = 'en_vigor' and p.start_date <= ${day}::date
         order by c.id, p.start_date, p.id`,
    now,
  );
  const renovaciones = await moveClientsSetBased(
    db,
    sql`select distinct on (c.id) c.id as client_id, c.stage as from_stage, 'renovacion'::client_stage as to_stage,
               'renovacion_proxima'::client_stage_cause as cause, p.id as policy_id
          from policies p join clients c on c.id = p.client_id
         where p.status = 'en_vigor' and p.renewal_stopped_at is null and p.start_date <= ${day}::date
           and p.end_date between ${day}::date and ${day}::date + ${RENEWAL_WINDOW_DAYS}::int
           and c.stage = 'activo'
           and c.stage_changed_at < ((p.end_date - ${RENEWAL_WINDOW_DAYS}::int)::timestamp at time zone 'Europe/Madrid')
         order by c.id, p.end_date, p.id`,
    now,
  );
  return { activos, renovaciones };
}
