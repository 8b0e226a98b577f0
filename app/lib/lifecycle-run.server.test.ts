import { describe, expect, it } from "vitest";
import { lifecycleRunToast, runSummary } from "./lifecycle-run.server";

const zero = { renovadas: 0, vencidas: 0, cobrados: 0, devueltos: 0, suspendidas: 0, extinguidas: 0, avisos: 0, errores: 0 };
// 10:02 in Madrid (UTC+1 in March).
const underWay = (startedBy: string | null, summary = zero) => ({ day: "2026-03-10", startedBy, startedAt: "2026-03-10T09:02:00.000Z", summary });

describe("lo que se dice tras «Ejecutar el proceso diario»", () => {
  it("lo que hizo, si lo ha ejecutado esta petición", () => {
    expect(
      lifecycleRunToast({ days: [{ day: "2026-03-10", summary: { ...zero, cobrados: 2, suspendidas: 1 } }], joined: null, running: null }, "ana"),
    ).toMatchObject({
      type: "success",
      title: "Proceso diario ejecutado",
      description: "Días procesados: 10/03/2026. 2 recibos cobrados, 1 póliza suspendida.",
    });
  });

  it("la segunda pestaña del mismo empleado: ya estaba en marcha, no se ha iniciado otro, y su resultado", () => {
    const toast = lifecycleRunToast(
      { days: [{ day: "2026-03-10", summary: { ...zero, cobrados: 1 } }], joined: underWay("ana"), running: null },
      "ana",
    );
    expect(toast).toMatchObject({ type: "success", title: "El proceso diario ya estaba en marcha" });
    expect(toast.description).toBe(
      "Lo iniciaste tú (quizá en otra pestaña) el 10/03/2026 a las 10:02; no se ha iniciado otro. Ya ha terminado. Días procesados: 10/03/2026. 1 recibo cobrado.",
    );
  });

  it("uno que sigue en marcha, de un compañero o del proceso programado: lo hecho hasta ahora, sin error", () => {
    const colleague = lifecycleRunToast({ days: [], joined: null, running: underWay("luis", { ...zero, cobrados: 3 }) }, "ana");
    expect(colleague).toMatchObject({ type: "info", title: "El proceso diario ya está en marcha" });
    expect(colleague.description).toBe(
      "Lo inició luis el 10/03/2026 a las 10:02 y sigue trabajando en el día 10/03/2026; no se ha iniciado otro. Hasta ahora: 3 recibos cobrados. Termina solo: no hace falta volver a ejecutarlo.",
    );
    expect(lifecycleRunToast({ days: [], joined: null, running: underWay("el proceso programado") }, "ana").description).toMatch(
      /^Lo inició el proceso programado el 10\/03\/2026 a las 10:02 y sigue .* Todavía no ha cambiado nada\./,
    );
  });

  it("sin días pendientes: ya estaba al día", () => {
    expect(runSummary([])).toBe("No quedaba ningún día por procesar: ya estaba al día.");
  });
});
