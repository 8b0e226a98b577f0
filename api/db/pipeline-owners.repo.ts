// Who can own a lead (issue 23): the active staff whose role may work the sales pipeline
// (pipeline:write or pipeline:write:any). The list a reassignment and the board's owner filter offer.
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { LeadOwner } from "../contract/pipeline-leads";
import type { DbOrTx } from "./client";
import { adminUsers, roles } from "./schema";

const mayOwnLeads = or(
  sql`${roles.permissions} @> '{"pipeline:write": true}'::jsonb`,
  sql`${roles.permissions} @> '{"pipeline:write:any": true}'::jsonb`,
);

export async function listLeadOwners(db: DbOrTx): Promise<LeadOwner[]> {
  return db
    .select({ id: adminUsers.id, name: adminUsers.username })
    .from(adminUsers)
    .innerJoin(roles, eq(roles.id, adminUsers.roleId))
    .where(and(eq(adminUsers.active, true), mayOwnLeads))
    .orderBy(asc(adminUsers.username));
}

/** Whether `id` may be given a lead: an owner of the list above, checked when the lead is written. */
export async function isLeadOwner(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .innerJoin(roles, eq(roles.id, adminUsers.roleId))
    .where(and(eq(adminUsers.id, id), eq(adminUsers.active, true), mayOwnLeads));
  return Boolean(row);
}
