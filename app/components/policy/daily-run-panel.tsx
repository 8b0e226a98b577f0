import { z } from "zod";
import { ConfirmedForm } from "~/components/admin/confirmed-form";
import { ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { INTENT_FIELD, type StaffActionReply } from "~/lib/form-intent";

/**
 * Staff's "Ejecutar el proceso diario" on /admin/policies (POST /api/admin/lifecycle/run, ADR 011):
 * the button with its confirmation dialog, and — without JavaScript — the confirmation step the
 * page shows under its header. The route's action answers the intent DAILY_RUN_INTENT.
 */
export const DAILY_RUN_INTENT = "run-lifecycle";

/** The run asks for nothing but the confirmation. */
export const DailyRunFields = z.object({});

const DAILY_RUN_COPY: ConfirmCopy = {
  title: "¿Ejecutar ahora el proceso diario?",
  description:
    "Cobra los recibos vencidos, suspende por impago las pólizas con un recibo impagado hace más de un mes (art. 15 LCS), envía los avisos de renovación y renueva o da por vencidas las pólizas que terminan. Lo ya hecho no se repite, y si ya está en marcha no se inicia otro: verás su resultado.",
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
