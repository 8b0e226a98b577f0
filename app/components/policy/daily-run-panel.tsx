import { Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { z } from "zod";
import { ConfirmedForm } from "~/components/admin/confirmed-form";
import { ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { DAILY_RUN_PARAM, type DailyRunView } from "~/lib/daily-run";
import { INTENT_FIELD, type StaffActionReply } from "~/lib/form-intent";

/**
 * Staff's "Ejecutar el proceso diario" on /admin/policies (POST /api/admin/lifecycle/run, ADR 011
 * and 044): the button with its confirmation dialog, — without JavaScript — the confirmation step
 * the page shows under its header, and the state of a run that had not ended when the action
 * answered. The route's action answers the intent DAILY_RUN_INTENT.
 */
export const DAILY_RUN_INTENT = "run-lifecycle";

/** The run asks for nothing but the confirmation. */
export const DailyRunFields = z.object({});

const DAILY_RUN_COPY: ConfirmCopy = {
  title: "¿Ejecutar ahora el proceso diario?",
  description:
    "Cobra los recibos vencidos, suspende por impago las pólizas con un recibo impagado hace más de un mes (art. 15 LCS), envía los avisos de renovación y renueva o da por vencidas las pólizas que terminan. Lo ya hecho no se repite, y si ya está en marcha no se inicia otro: verás cómo va y su resultado.",
  confirmLabel: "Sí, ejecutarlo",
  pendingText: "Ejecutando…",
  variant: "primary",
};

/** The button (and its dialog, and its refusals above it). */
export function DailyRunButton({ reply }: { reply: StaffActionReply | undefined }) {
  return (
    <ConfirmedForm
      id="proceso-diario"
      schema={DailyRunFields}
      hidden={{ [INTENT_FIELD]: DAILY_RUN_INTENT }}
      lastResult={reply?.result}
      triggerLabel="Ejecutar el proceso diario"
      copy={DAILY_RUN_COPY}
    />
  );
}

/** Without JavaScript: the step that confirms the run, once the button has been pressed. */
export function DailyRunConfirmStep({ reply }: { reply: StaffActionReply | undefined }) {
  return reply?.confirm ? <ConfirmStep intent={DAILY_RUN_INTENT} copy={DAILY_RUN_COPY} /> : null;
}

/** How often the page, with JavaScript, reads a run under way again. */
const REFRESH_MS = 3_000;

/**
 * The run's state under the header: under way with a link to read it again (without JavaScript),
 * and with JavaScript read again every few seconds until it ends; done with what it did; failed.
 */
export function DailyRunState({ run }: { run: DailyRunView | null }) {
  const revalidator = useRevalidator();
  const running = run?.status === "en_curso";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  if (!run) return null;
  const tone =
    run.status === "fallido" ? "border-red-300 bg-red-50" : run.status === "hecho" ? "border-green-300 bg-green-50" : "border-sky-300 bg-sky-50";
  return (
    <section id="estado-proceso-diario" aria-labelledby="estado-proceso-diario-titulo" className={`rounded-lg border p-4 ${tone}`}>
      <h2 id="estado-proceso-diario-titulo" className="text-lg font-semibold">
        {run.title}
      </h2>
      <p role="status" className="mt-1 text-slate-800">
        {run.description}
      </p>
      <p className="mt-2 flex flex-wrap gap-4">
        {running ? (
          <Link to={`?${DAILY_RUN_PARAM}=${run.id}#estado-proceso-diario`} className="underline">
            Ver cómo va
          </Link>
        ) : null}
        <Link to="." className="underline">
          Cerrar
        </Link>
      </p>
    </section>
  );
}
