// The server half of both boards (ADR 041 «Tablero»): the board read with its filters, and the
// move every way of moving a card posts (the «Mover a» form, a drag, the keyboard): intent=move,
// the API's move endpoint, then back to the board with its filters and a toast. Every answer is a
// redirect (ADR 010), also a refusal: the toast says why and the board, read again, shows the card
// where the server keeps it — that is the optimistic move's rollback.
import { z } from "zod";
import { MoveClientBodySchema, MoveLeadBodySchema, MovedCardSchema, type BoardQuery } from "../../api/contract/pipeline";
import { LeadOwnersSchema } from "../../api/contract/pipeline-leads";
import { emptyToUndefined } from "../../api/contract/text";
import { CLIENT_STAGE_LABELS, LEAD_STAGE_LABELS } from "../../api/contract/vocabulary";
import type { AdminActionArgs, AdminLoaderArgs } from "./admin-route.server";
import { madridParts } from "../../platform/madrid-time";
import { hasPermission } from "../../api/contract/permissions";
import { forbiddenRedirect } from "./admin-auth.server";
import { ApiError } from "./api.server";
import { readListQuery } from "./list.server";
import { redirectWithToast } from "./toast.server";
import { INTENT_FIELD, TARGET_FIELD } from "~/lib/form-intent";

export type BoardKind = "leads" | "clients";

const KINDS = {
  leads: {
    board: "/admin/pipeline/board",
    move: (id: number) => `/admin/pipeline/leads/${id}/move`,
    labels: LEAD_STAGE_LABELS as Record<string, string>,
  },
  clients: {
    board: "/admin/client-pipeline/board",
    move: (id: number) => `/admin/client-pipeline/clients/${id}/move`,
    labels: CLIENT_STAGE_LABELS as Record<string, string>,
  },
} as const;

/** The board's path with its filters (the page posts to itself; `index` is Remix's, not ours). */
function boardUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/** Staff who may own a lead: the sales board's and list's owner filter, a lead's reassignment. */
export async function readLeadOwners({ api, request }: Pick<AdminLoaderArgs, "api" | "request">) {
  return (await api.get("/admin/pipeline/owners", { schema: LeadOwnersSchema, signal: request.signal })).owners;
}

/** The board for the loader: refused filters give no board and the filter bar's errors (as a list does). */
export async function readBoard<S extends z.ZodTypeAny>(
  { api, request, headers }: Pick<AdminLoaderArgs, "api" | "request" | "headers">,
  kind: BoardKind,
  querySchema: z.ZodTypeAny,
  boardSchema: S,
) {
  const read = readListQuery(request, querySchema, headers);
  if (!read.ok) return { board: null, filters: read.filters, filterResult: read.filterResult };
  const board: z.output<S> = await api.get(KINDS[kind].board, { query: read.query as BoardQuery, schema: boardSchema, signal: request.signal });
  return { board, filters: read.filters, filterResult: null };
}

const TargetSchema = z.coerce.number().int().positive();

/** The page's action: `intent=move`, `target` the card's id, the move body's fields. */
export async function moveCardAction({ api, request, form }: AdminActionArgs, kind: BoardKind): Promise<Response> {
  const back = boardUrl(request);
  const { formData } = form;
  if (formData.get(INTENT_FIELD) !== "move") throw new Response("Petición no válida", { status: 400, statusText: "Bad Request" });
  const target = TargetSchema.safeParse(formData.get(TARGET_FIELD));
  if (!target.success) throw new Response("Petición no válida", { status: 400, statusText: "Bad Request" });
  const fields = Object.fromEntries(["stage", "lostReason", "reason"].map((name) => [name, emptyToUndefined(formData.get(name) ?? undefined)]));
  const body = (kind === "leads" ? MoveLeadBodySchema : MoveClientBodySchema).safeParse(fields);
  if (!body.success)
    return refused(
      back,
      body.error.issues.map((issue) => issue.message),
    );
  try {
    const moved = await api.post(KINDS[kind].move(target.data), { body: body.data, schema: MovedCardSchema });
    const label = KINDS[kind].labels[moved.stage] ?? moved.stage;
    return redirectWithToast(back, { type: "success", title: "Tarjeta movida", description: `${moved.card.name} está ahora en ${label}` });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) throw forbiddenRedirect(request, back);
    if (error instanceof ApiError && [400, 409, 422].includes(error.status)) {
      const messages = Object.values(error.body.fieldErrors ?? {}).flat();
      return refused(back, messages.length > 0 ? messages : [error.body.error]);
    }
    throw error;
  }
}

function refused(back: string, messages: string[]): Response {
  return redirectWithToast(back, {
    type: "error",
    title: "No se ha movido la tarjeta",
    description: [...new Set(messages)].join(". ").slice(0, 500),
  });
}

/** The server's clock for the page: ages and overdue days are the same on the first render and after hydration. */
export function boardClock(now: Date = new Date()): { now: string; today: string } {
  const p = madridParts(now);
  return { now: now.toISOString(), today: `${p.year}-${p.month}-${p.day}` };
}

/** The client board and its list also need clients:read (the route table holds one permission per loader). */
export function requireClientsRead({ admin, request }: Pick<AdminLoaderArgs, "admin" | "request">): void {
  if (!hasPermission(admin.role.permissions, "clients:read")) throw forbiddenRedirect(request);
}
