// The two pipelines' boards (issue 23, ADR 041): one shape for the sales pipeline
// (/admin/pipeline, leads) and the client pipeline (/admin/client-pipeline, clients), so that one
// board component draws both. Shared with app/.
//
//   GET  /api/admin/pipeline/board                  the sales board (pipeline:read)
//   GET  /api/admin/pipeline/leads                  the same leads as a list (list kit) and /export (CSV)
//   POST /api/admin/pipeline/leads/{id}/move        MoveLeadBody (pipeline:write, own lead; any lead with pipeline:write:any)
//   GET  /api/admin/client-pipeline/board           the client board (pipeline:read and clients:read)
//   GET  /api/admin/client-pipeline/clients         the same clients as a list (list kit) and /export (CSV)
//   POST /api/admin/client-pipeline/clients/{id}/move  MoveClientBody (clients:write)
import { z } from "zod";
import { emptyToUndefined } from "./text";
import { CLIENT_STAGES, LEAD_LOST_REASONS, LEAD_STAGES, LINES, type ClientStage, type LeadStage } from "./vocabulary";

/** A lane shows its first cards and its count, never every card (50,000 leads on one board). */
export const BOARD_CARDS_PER_LANE = 20;

/** The messages of both boards, in Spanish, tú (the back office). */
export const PIPELINE_MESSAGES = {
  stage: "Elige una etapa de la lista",
  lostReason: "Elige por qué se ha perdido",
  reason: "Escribe por qué lo mueves (3 caracteres o más)",
  owner: "Elige un comercial de la lista",
  line: "Elige un seguro de la lista",
  age: "Escribe un número de días entre 0 y 3650",
  stale: "Elige una opción de la lista",
} as const;

/** One card of a board: what a commercial needs to see without opening it. */
export const BoardCardSchema = z.object({
  id: z.number().int().describe("El id de la oportunidad o del cliente"),
  name: z.string().describe("Nombre de la persona"),
  line: z.enum(LINES).nullable().describe("Seguro (auto, hogar, alquiler); en el embudo de clientes, el de su póliza más reciente"),
  premiumCents: z.number().int().nullable().describe("Prima anual esperada (oportunidad) o de sus pólizas en vigor (cliente), en céntimos"),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable().describe("Comercial responsable; null si no tiene"),
  nextAction: z.string().nullable().describe("Próxima acción"),
  nextActionOn: z.string().nullable().describe("Día de la próxima acción (aaaa-mm-dd)"),
  stageSince: z.string().describe("Desde cuándo está en su etapa (ISO 8601): la antigüedad de la tarjeta"),
  stale: z.boolean().describe("Sin actividad desde hace más días de los que marca la configuración"),
  canMove: z.boolean().describe("Si quien pregunta puede moverla"),
});
export type BoardCard = z.infer<typeof BoardCardSchema>;

function boardSchema<S extends readonly [string, ...string[]]>(stages: S) {
  return z.object({
    lanes: z.array(
      z.object({
        stage: z.enum(stages),
        count: z.number().int().describe("Cuántas tarjetas hay en la etapa con los filtros"),
        premiumCents: z.number().int().describe("Suma de la prima de las tarjetas de la etapa con los filtros, en céntimos"),
        cards: z.array(BoardCardSchema).describe(`Las ${BOARD_CARDS_PER_LANE} más recientes en la etapa`),
      }),
    ),
  });
}

export const LeadBoardSchema = boardSchema(LEAD_STAGES);
export type LeadBoard = z.infer<typeof LeadBoardSchema>;
export const ClientBoardSchema = boardSchema(CLIENT_STAGES);
export type ClientBoard = z.infer<typeof ClientBoardSchema>;
export type Board = LeadBoard | ClientBoard;

/** The board's filters, in the URL of both the board and its list view. */
export const BOARD_FILTERS = {
  owner: z
    .preprocess(
      emptyToUndefined,
      z.union([z.literal("me"), z.coerce.number().int().positive()], { errorMap: () => ({ message: PIPELINE_MESSAGES.owner }) }).optional(),
    )
    .describe("Comercial: su id, o me (quien pregunta)"),
  line: z.preprocess(emptyToUndefined, z.enum(LINES, { errorMap: () => ({ message: PIPELINE_MESSAGES.line }) }).optional()).describe("Seguro"),
  minAgeDays: z
    .preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: PIPELINE_MESSAGES.age })
        .int(PIPELINE_MESSAGES.age)
        .min(0, PIPELINE_MESSAGES.age)
        .max(3650, PIPELINE_MESSAGES.age)
        .optional(),
    )
    .describe("Solo las que llevan al menos tantos días en su etapa"),
  stale: z
    .preprocess(emptyToUndefined, z.enum(["true", "false"], { errorMap: () => ({ message: PIPELINE_MESSAGES.stale }) }).optional())
    .describe("true: solo las que llevan demasiado tiempo sin actividad"),
};
export const BoardQuerySchema = z.object(BOARD_FILTERS);
export type BoardQuery = z.infer<typeof BoardQuerySchema>;

/** Move a lead: to perdido only with a reason from the list; ganado is reached by a contracted quote or by hand. */
export const MoveLeadBodySchema = z
  .object({
    stage: z.enum(LEAD_STAGES, { errorMap: () => ({ message: PIPELINE_MESSAGES.stage }) }),
    lostReason: z.enum(LEAD_LOST_REASONS, { errorMap: () => ({ message: PIPELINE_MESSAGES.lostReason }) }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.stage === "perdido" && !value.lostReason)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["lostReason"], message: PIPELINE_MESSAGES.lostReason });
  });
export type MoveLeadBody = z.infer<typeof MoveLeadBodySchema>;

/** Move a client by hand: always with the reason, which its timeline shows. */
export const MoveClientBodySchema = z.object({
  stage: z.enum(CLIENT_STAGES, { errorMap: () => ({ message: PIPELINE_MESSAGES.stage }) }),
  reason: z
    .string({ required_error: PIPELINE_MESSAGES.reason, invalid_type_error: PIPELINE_MESSAGES.reason })
    .trim()
    .min(3, PIPELINE_MESSAGES.reason)
    .max(500, "El motivo es demasiado largo (500 caracteres como mucho)"),
});
export type MoveClientBody = z.infer<typeof MoveClientBodySchema>;

/** What a move answers: the card in its new lane. */
export const MovedCardSchema = z.object({ stage: z.string(), card: BoardCardSchema });

export type PipelineStage = LeadStage | ClientStage;
