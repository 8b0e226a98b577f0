// The client pipeline's list view (issue 23, ADR 041 «Clientes»): the client board's cards as a
// list (list kit: sort, paging, CSV), with the board's filters plus the stage and the clients
// list's search. The board itself and the move body are in ./pipeline.ts. Shared with app/.
import { z } from "zod";
import { BOARD_FILTERS, BoardCardSchema } from "./pipeline";
import { clientSearchNif, CLIENT_MESSAGES } from "./clients";
import { listQuerySchemas, paginated } from "./list-query";
import { emptyToUndefined } from "./text";
import { CLIENT_STAGES } from "./vocabulary";

/** How long a client may sit in renovación or en riesgo before its card is flagged, until the setting lead_stale_days exists. */
export const DEFAULT_STALE_DAYS = 7;
/** The stages where a client waits for someone to act: only these can be stale. */
export const CLIENT_STALE_STAGES = ["renovacion", "en_riesgo"] as const;

export const ClientPipelineRowSchema = BoardCardSchema.extend({ stage: z.enum(CLIENT_STAGES) });
export type ClientPipelineRow = z.infer<typeof ClientPipelineRowSchema>;

export const CLIENT_PIPELINE_SORT_KEYS = ["stageSince", "name", "stage", "premium"] as const;
export type ClientPipelineSortKey = (typeof CLIENT_PIPELINE_SORT_KEYS)[number];

export const CLIENT_PIPELINE_FILTERS = {
  ...BOARD_FILTERS,
  stage: z
    .preprocess(emptyToUndefined, z.enum(CLIENT_STAGES, { errorMap: () => ({ message: CLIENT_MESSAGES.stage }) }).optional())
    .describe("Solo los clientes en esta etapa"),
};

const queries = listQuerySchemas(
  {
    sort: CLIENT_PIPELINE_SORT_KEYS,
    // The newest in their stage first, as on the board.
    defaultSort: "stageSince",
    defaultDir: "desc",
    q: "Un NIF/NIE completo (exacto, con o sin separadores) o 3 letras o más del nombre o del correo",
    filters: CLIENT_PIPELINE_FILTERS,
  },
  (value, ctx) => {
    const q = value.q as string | undefined;
    if (q !== undefined && q.length < 3 && clientSearchNif(q) === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["q"], message: CLIENT_MESSAGES.search });
    }
  },
);
export const { list: ClientPipelineListQuerySchema, export: ClientPipelineExportQuerySchema } = queries;
export type ClientPipelineListQuery = z.infer<typeof ClientPipelineListQuerySchema>;
export type ClientPipelineExportQuery = z.infer<typeof ClientPipelineExportQuerySchema>;
export const ClientPipelineListSchema = paginated(ClientPipelineRowSchema);
export type ClientPipelineList = z.infer<typeof ClientPipelineListSchema>;
