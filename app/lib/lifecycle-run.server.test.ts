import { describe, expect, it } from "vitest";
import type { LifecycleRun } from "../../api/contract/admin-policies";
import { dailyRunView, lifecycleRunToast, runSummary } from "./lifecycle-run.server";

const zero = { renovadas: 0, vencidas: 0, cobrados: 0, devueltos: 0, suspendidas: 0, extinguidas: 0, avisos: 0, errores: 0 };
// 10:02 in Madrid (UTC+1 in March).
const run = (o: Partial<LifecycleRun> = {}): LifecycleRun => ({
  id: 7,
  status: "hecho",
  startedBy: "ana",
  startedAt: "2026-03-10T09:02:00.000Z",
  finishedAt: null,
  days: [],
  current: null,
  error: null,
  ...o,
});
const underWay = (startedBy: string, summary = zero) => run({ status: "en_curso", startedBy, current: { day: "2026-03-10", summary } });

describe("lo que se dice tras «Ejecutar el proceso diario»", () => {
  it("lo que hizo, si lo ha ejecutado esta petición y ha terminado mientras esperaba", () => {
    expect(
      lifecycleRunToast({ joined: false }, run({ days: [{ day: "2026-03-10", summary: { ...zero, cobrados: 2, suspendidas: 1 } }] }), "ana"),
    ).toMatchObject({
      type: "success",
      title: "Proceso diario ejecutado",
      description: "Días procesados: 10/03/2026. 2 recibos cobrados, 1 póliza suspendida.",
    });
  });

  it("la segunda pestaña del mismo empleado: ya estaba en marcha, no se ha iniciado otro, y su resultado", () => {
    const toast = lifecycleRunToast({ joined: true }, run({ days: [{ day: "2026-03-10", summary: { ...zero, cobrados: 1 } }] }), "ana");
    expect(toast).toMatchObject({ type: "success", title: "El proceso diario ya estaba en marcha" });
    expect(toast.description).toBe(
      "Lo iniciaste tú (quizá en otra pestaña) el 10/03/2026 a las 10:02; no se ha iniciado otro. Ya ha terminado. Días procesados: 10/03/2026. 1 recibo cobrado.",
    );
  });

  it("uno que sigue en marcha, de un compañero o del proceso programado: lo hecho hasta ahora, sin error", () => {
    const colleague = lifecycleRunToast({ joined: true }, underWay("luis", { ...zero, cobrados: 3 }), "ana");
    expect(colleague).toMatchObject({ type: "info", title: "El proceso diario ya está en marcha" });
    expect(colleague.description).toBe(
      "Lo inició luis el 10/03/2026 a las 10:02 y sigue trabajando en el día 10/03/2026; no se ha iniciado otro. Hasta ahora: 3 recibos cobrados. Termina solo: no hace falta volver a ejecutarlo.",
    );
    expect(lifecycleRunToast({ joined: true }, underWay("el proceso programado"), "ana").description).toMatch(
      /^Lo inició el proceso programado el 10\/03\/2026 a las 10:02 y sigue .* Todavía no ha cambiado nada\./,
    );
  });

  it("el que acaba de iniciar y sigue: la página muestra cómo va; terminado, lo que hizo; fallido, por qué", () => {
    const mine = underWay("ana", { ...zero, avisos: 2 });
    expect(lifecycleRunToast({ joined: false }, mine, "ana")).toMatchObject({ type: "info", title: "El proceso diario está en marcha" });
    expect(dailyRunView(mine, "ana")).toEqual({
      id: 7,
      status: "en_curso",
      title: "Proceso diario en curso…",
      description:
        "Lo iniciaste tú (quizá en otra pestaña) el 10/03/2026 a las 10:02 y sigue trabajando en el día 10/03/2026. Hasta ahora: 2 avisos de renovación. Termina solo: no hace falta volver a ejecutarlo.",
    });
    expect(dailyRunView(run({ days: [{ day: "2026-03-10", summary: zero }] }), "ana")).toMatchObject({
      title: "Proceso diario ejecutado",
      description: "Días procesados: 10/03/2026. No había nada que hacer.",
    });
    const failed = run({ status: "fallido", error: "La instancia que lo ejecutaba dejó de responder." });
    expect(dailyRunView(failed, "ana")).toMatchObject({
      title: "El proceso diario ha fallado",
      description: "La instancia que lo ejecutaba dejó de responder.",
    });
    expect(lifecycleRunToast({ joined: false }, failed, "ana")).toMatchObject({ type: "error", title: "El proceso diario ha fallado" });
  });

  it("sin días pendientes: ya estaba al día", () => {
    expect(runSummary([])).toBe("No quedaba ningún día por procesar: ya estaba al día.");
  });
});
