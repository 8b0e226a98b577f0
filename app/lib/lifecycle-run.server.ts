// What staff are told after "Ejecutar el proceso diario" (POST /admin/lifecycle/run): what it did,
// or, when it was already under way (another tab, a colleague, the schedule), that no second run
// was started, with that run's result or what it has done so far.
import type { LifecycleRunResult } from "../../api/contract/admin-policies";
import { LIFECYCLE_SCHEDULE_STARTER } from "../../api/contract/admin-policies";
import { formatDate, formatDateTime } from "../../api/contract/format";
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
export function runSummary(days: LifecycleRunResult["days"]): string {
  if (days.length === 0) return "No quedaba ningún día por procesar: ya estaba al día.";
  const done = counted(days.map((d) => d.summary));
  const dayList =
    days.length <= 3
      ? days.map((d) => formatDate(d.day)).join(", ")
      : `${days.length} días, del ${formatDate(days[0]!.day)} al ${formatDate(days.at(-1)!.day)}`;
  return `Días procesados: ${dayList}. ${done ? `${done}.` : "No había nada que hacer."}`;
}

type UnderWay = NonNullable<LifecycleRunResult["running"]>;

/** "Lo iniciaste tú (quizá en otra pestaña) el 10/03/2026 a las 10:02", "Lo inició el proceso programado…". */
function whoAndWhen(run: UnderWay, me: string): string {
  const [date, time] = formatDateTime(run.startedAt).split(" ");
  const who =
    run.startedBy === me
      ? "Lo iniciaste tú (quizá en otra pestaña)"
      : run.startedBy === LIFECYCLE_SCHEDULE_STARTER || !run.startedBy
        ? `Lo inició ${LIFECYCLE_SCHEDULE_STARTER}`
        : `Lo inició ${run.startedBy}`;
  return `${who} el ${date} a las ${time}`;
}

/** The toast for the answer of POST /admin/lifecycle/run, to `me` (the staff member's username). */
export function lifecycleRunToast(result: LifecycleRunResult, me: string): ToastInput {
  if (result.running) {
    const soFar = counted([result.running.summary]);
    return {
      type: "info",
      title: "El proceso diario ya está en marcha",
      description: `${whoAndWhen(result.running, me)} y sigue trabajando en el día ${formatDate(result.running.day)}; no se ha iniciado otro. ${soFar ? `Hasta ahora: ${soFar}.` : "Todavía no ha cambiado nada."} Termina solo: no hace falta volver a ejecutarlo.`,
      durationMs: 15_000,
    };
  }
  if (result.joined) {
    return {
      type: "success",
      title: "El proceso diario ya estaba en marcha",
      description: `${whoAndWhen(result.joined, me)}; no se ha iniciado otro. Ya ha terminado. ${runSummary(result.days)}`,
      durationMs: 15_000,
    };
  }
  return { type: "success", title: "Proceso diario ejecutado", description: runSummary(result.days), durationMs: 10_000 };
}
