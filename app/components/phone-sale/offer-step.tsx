import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { CheckoutForm } from "~/components/checkout/checkout-form";
import { focusTarget } from "~/components/focus-on-navigation";
import { PHONE_SALE_STEPS } from "~/lib/phone-sale";
import type { PhoneSaleData } from "~/lib/phone-sale.server";

/** Step 3: the public checkout form (staff variant) with the customer's data, payment and consents as given on the phone. */
export function OfferStep({ data, lastResult }: { data: Extract<PhoneSaleData, { step: 3 }>; lastResult: SubmissionResult<string[]> | undefined }) {
  return (
    <section aria-labelledby="paso-3" className="mt-8">
      <h2 id="paso-3" className="text-xl font-bold" {...focusTarget(`paso-3:${data.offer.quote.id}`)}>
        3. {PHONE_SALE_STEPS[2]}
      </h2>
      <p className="mt-2">
        <Link to={data.back} className="underline">
          Cambiar de plan o de forma de pago
        </Link>
      </p>
      <CheckoutForm data={data.offer} site={undefined} lastResult={lastResult} variant="staff" holder={data.holder} />
    </section>
  );
}
