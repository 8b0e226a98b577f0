// The audit log: what the API records (actions, entities, actor kinds with their Spanish labels),
// the list query with its filters and sort keys, and the answer. Shared with app/.
import { z } from "zod";
import { listQuerySchemas, paginated } from "./list-query";
import {
  ACTOR_TYPE_CODES,
  ACTOR_TYPES,
  AUDIT_ACTION_CODES,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_CODES,
  type AuditAction,
  type AuditEntity,
} from "./vocabulary";
import { documented } from "./openapi-meta";

export { ACTOR_TYPES, AUDIT_ACTION_CODES, AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_ENTITY_CODES, type AuditAction, type AuditEntity };

/** The label of an action or entity code; a code the vocabulary does not know is shown as is. */
export const auditActionLabel = (code: string): string => AUDIT_ACTIONS[code as AuditAction] ?? code;
export const auditEntityLabel = (code: string): string => AUDIT_ENTITIES[code as AuditEntity] ?? code;

const dateFilter = (what: string) =>
  documented(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `La fecha ${what} debe tener el formato AAAA-MM-DD`)
      .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
        message: `La fecha ${what} no es válida`,
      }),
    { format: "date" },
  ).optional();

export const AUDIT_SORT_KEYS = ["at", "actor", "action", "entity"] as const;
export type AuditSortKey = (typeof AUDIT_SORT_KEYS)[number];

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

export const AUDIT_FILTERS = {
  actor: z
    .string()
    .trim()
    .max(200, "El filtro de actor es demasiado largo")
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || value.length >= 3, "Escribe al menos 3 letras del actor")
    .describe("Parte del correo o nombre del actor, 3 letras o más (sin distinguir mayúsculas)"),
  // Exact codes (an index answers each); the page offers them from the vocabulary as a list.
  action: z
    .string()
    .trim()
    .max(100, "El filtro de acción es demasiado largo")
    .optional()
    .transform((value) => value || undefined)
    .describe(`Acción exacta: ${AUDIT_ACTION_CODES.join(", ")}`),
  entity: z
    .string()
    .trim()
    .max(100, "El filtro de entidad es demasiado largo")
    .optional()
    .transform((value) => value || undefined)
    .describe(`Entidad exacta: ${AUDIT_ENTITY_CODES.join(", ")}`),
  from: z.preprocess(emptyAsUndefined, dateFilter("desde")).describe("Desde este día (AAAA-MM-DD, hora de Madrid), incluido"),
  to: z.preprocess(emptyAsUndefined, dateFilter("hasta")).describe("Hasta este día (AAAA-MM-DD, hora de Madrid), incluido"),
};
export const AUDIT_FILTER_KEYS = Object.keys(AUDIT_FILTERS) as (keyof typeof AUDIT_FILTERS)[];

function rangeInOrder(f: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (f.from && f.to && f.from > f.to) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: "La fecha hasta no puede ser anterior a la fecha desde" });
  }
}

const auditQueries = listQuerySchemas({ sort: AUDIT_SORT_KEYS, defaultSort: "at", defaultDir: "desc", filters: AUDIT_FILTERS }, (value, ctx) =>
  rangeInOrder(value as { from?: string; to?: string }, ctx),
);
/** The audit list: newest first by default; dates are whole days in Europe/Madrid, both inclusive. */
export const AuditListQuerySchema = auditQueries.list;
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;
/** The CSV export takes the list's query (its filters and order) without the page. */
export const AuditExportQuerySchema = auditQueries.export;
export type AuditExportQuery = z.infer<typeof AuditExportQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().describe("Momento (ISO 8601)"),
  actorType: z.enum(ACTOR_TYPE_CODES),
  actorId: z.string().nullable(),
  actorLabel: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.unknown().describe("Estado anterior (sin contraseñas)"),
  after: z.unknown().describe("Estado posterior (sin contraseñas)"),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = paginated(AuditEntrySchema);
export type AuditList = z.infer<typeof AuditListSchema>;
export type AuditFilter = Pick<AuditListQuery, "actor" | "action" | "entity" | "from" | "to">;
