// A fault for tests only (tests/integration/charge-kill.test.ts, ADR 027): with
// COTIZA_FAULT=exit-after-charge the process dies the moment the payment provider has taken a
// checkout's money, before its answer or the policy is written — a kill between the charge and
// the commit. Ignored when NODE_ENV is production.
import type { PaymentProvider } from "../api/services/payments";

export const EXIT_AFTER_CHARGE = "exit-after-charge";

export function withChargeFault(provider: PaymentProvider, env: { COTIZA_FAULT?: string; NODE_ENV?: string }): PaymentProvider {
  if (env.COTIZA_FAULT !== EXIT_AFTER_CHARGE || env.NODE_ENV === "production") return provider;
  return Object.assign(Object.create(provider) as PaymentProvider, {
    async charge(request: Parameters<PaymentProvider["charge"]>[0]) {
      const result = await provider.charge(request);
      if (result.status === "accepted") {
        process.stderr.write(`COTIZA_FAULT=${EXIT_AFTER_CHARGE}: exiting after charge ${request.idempotencyKey}\n`);
        process.exit(137);
      }
      return result;
    },
  });
}
