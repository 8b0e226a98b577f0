// The client pipeline's writes (issue 23, ADR 041 «Clientes»): a client moved to a stage (by an
// event or by hand), with its client_stage_changes row and its audit row, in the transaction of
// the write that caused it.
import { and, eq, ne } from "drizzle-orm";
import type { ClientStage, ClientStageCause } from "../contract/vocabulary";
import type { DbOrTx } from "./client";
import { writeAudit, type AuditWrite } from "./audit";
import { clients, clientStageChanges } from "./schema";

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
