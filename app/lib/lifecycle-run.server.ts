// What staff are told after "Ejecutar el proceso diario" (POST /admin/lifecycle/run, ADR 044): what
// it did, when it ended while the action waited; that it goes on (this page follows it) when it did
// not; or, when it was already under way (another tab, a colleague, the schedule), that no second
// run was started, with that run's result or what it has done so far.
import { LIFECYCLE_SCHEDULE_STARTER, LifecycleRunSchema, type LifecycleRun, type LifecycleRunStart } from "../../api/contract/admin-policies";
import { formatDate, formatDateTime } from "../../api/contract/format";
import type { DailyRunView } from "./daily-run";
import type { ApiClient } from "./api.server";
import type { ToastInput } from "./toast.server";

/** What the run counts, singular and plural. */
const RUN_LABELS: Record<string, [string, string]> = {
  cobrados: ["recibo cobrado", "recibos cobrados"],
  devueltos: ["recibo devuelto", "recibos devueltos"],
  suspendidas: ["póliza suspendida", "pólizas suspendidas"],
  extinguidas: ["póliza extinguida", "pólizas extinguidas"],
  avisos: ["aviso de renovación", "avisos de renovación"],
  recordatorios: ["recordatorio de pago", "recordatorios de pago"],
  renovadas: ["póliza renovada", "pólizas renovadas"],
  vencidas: ["póliza vencida", "pólizas vencidas"],
  errores: ["error (ver los registros)", "errores (ver los registros)"],
};

/** "2 recibos cobrados, 1 póliza suspendida", or null when every count is zero. */
function counted(summaries: Record<string, number>[]): string | null {
  const totals = new Map<string, number>();
  for (const summary of summaries) for (const [key, n] of Object.entries(summary)) totals.set(key, (totals.get(key) ?? 0) + n);
  const done = [...totals].filter(([, n]) => n > 0).map(([key, n]) => `${n} ${RUN_LABELS[key]?.[n === 1 ? 0 : 1] ?? key}`);
  return done.length ? done.join(", ") : null;
}

/** "Días procesados: 10/03/2026. 2 recibos cobrados, 1 póliza suspendida." */
export function runSummary(days: LifecycleRun["days"]): string {
  if (days.length === 0) return "No quedaba ningún día por procesar: ya estaba al día.";
  const done = counted(days.map((d) => d.summary));
  const dayList =
    days.length <= 3
      ? days.map((d) => formatDate(d.day)).join(", ")
      : `${days.length} días, del ${formatDate(days[0]!.day)} al ${formatDate(days.at(-1)!.day)}`;
  return `Días procesados: ${dayList}. ${done ? `${done}.` : "No había nada que hacer."}`;
}

/** "Hasta ahora: 3 recibos cobrados." or "Todavía no ha cambiado nada." for a run under way. */
export function soFar(run: LifecycleRun): string {
  const done = counted([...run.days, ...(run.current ? [run.current] : [])].map((d) => d.summary));
  return done ? `Hasta ahora: ${done}.` : "Todavía no ha cambiado nada.";
}

/** "Lo iniciaste tú (quizá en otra pestaña) el 10/03/2026 a las 10:02", "Lo inició el proceso programado…". */
export function whoAndWhen(run: Pick<LifecycleRun, "startedBy" | "startedAt">, me: string): string {
  const [date, time] = formatDateTime(run.startedAt).split(" ");
  const who =
    run.startedBy === me
      ? "Lo iniciaste tú (quizá en otra pestaña)"
      : run.startedBy === LIFECYCLE_SCHEDULE_STARTER || !run.startedBy
        ? `Lo inició ${LIFECYCLE_SCHEDULE_STARTER}`
        : `Lo inició ${run.startedBy}`;
  return `${who} el ${date} a las ${time}`;
}

/** " en el día 10/03/2026" when the run has said which day it works on. */
const onDay = (run: LifecycleRun) => (run.current ? ` en el día ${formatDate(run.current.day)}` : "");

/** The toast for the run as it stands when the action answers (`start` says whether it was already under way), to `me`. */
export function lifecycleRunToast(start: Pick<LifecycleRunStart, "joined">, run: LifecycleRun, me: string): ToastInput {
  if (run.status === "fallido") {
    return { type: "error", title: "El proceso diario ha fallado", description: run.error ?? "", durationMs: 15_000 };
  }
  if (run.status === "en_curso" && start.joined) {
    return {
      type: "info",
      title: "El proceso diario ya está en marcha",
      description: `${whoAndWhen(run, me)} y sigue trabajando${onDay(run)}; no se ha iniciado otro. ${soFar(run)} Termina solo: no hace falta volver a ejecutarlo.`,
      durationMs: 15_000,
    };
  }
  if (run.status === "en_curso") {
    return {
      type: "info",
      title: "El proceso diario está en marcha",
      description: `Sigue trabajando${onDay(run)}: esta página muestra cómo va. ${soFar(run)} Termina solo: no hace falta volver a ejecutarlo.`,
      durationMs: 10_000,
    };
  }
  if (start.joined) {
    return {
      type: "success",
      title: "El proceso diario ya estaba en marcha",
      description: `${whoAndWhen(run, me)}; no se ha iniciado otro. Ya ha terminado. ${runSummary(run.days)}`,
      durationMs: 15_000,
    };
  }
  return { type: "success", title: "Proceso diario ejecutado", description: runSummary(run.days), durationMs: 10_000 };
}

/** How long the action waits for the run to end before answering (a few policies: a moment), so the toast can say what it did. */
export const RUN_WAIT_MS = 2_000;
const RUN_POLL_MS = 100;

export const lifecycleRunPath = (id: number) => `/admin/lifecycle/runs/${id}`;

/** The run as it stands once it has ended, or after `waitMs` (then still en_curso). */
export async function runAfterWaiting(api: ApiClient, run: LifecycleRun, waitMs = RUN_WAIT_MS): Promise<LifecycleRun> {
  const until = Date.now() + waitMs;
  let current = run;
  while (current.status === "en_curso" && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, RUN_POLL_MS));
    current = await api.get(lifecycleRunPath(run.id), { schema: LifecycleRunSchema });
  }
  return current;
}

/** The run as the page following it shows it (DailyRunState), to `me`. */
export function dailyRunView(run: LifecycleRun, me: string): DailyRunView {
  const base = { id: run.id, status: run.status };
  if (run.status === "en_curso")
    return {
      ...base,
      title: "Proceso diario en curso…",
      description: `${whoAndWhen(run, me)} y sigue trabajando${onDay(run)}. ${soFar(run)} Termina solo: no hace falta volver a ejecutarlo.`,
    };
  if (run.status === "hecho") return { ...base, title: "Proceso diario ejecutado", description: runSummary(run.days) };
  const done = run.days.length ? ` ${runSummary(run.days)}` : "";
  return { ...base, title: "El proceso diario ha fallado", description: `${run.error ?? ""}${done}` };
}
