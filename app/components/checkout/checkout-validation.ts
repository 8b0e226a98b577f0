// The checkout form's validator: zod and the checkout schemas, loaded by CheckoutForm on the
// form's first use (a dynamic import, its own chunk; ADR 008). The actions check with the same schemas.
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { CheckoutFormSchema, StaffCheckoutFormSchema, type CheckoutFormShape } from "~/lib/checkout-form";

export function validateCheckout(variant: "visitor" | "staff", formData: FormData) {
  const schema = variant === "staff" ? StaffCheckoutFormSchema : CheckoutFormSchema;
  // The schema is a union on the payment method; conform sees its flat set of fields.
  return parseWithZod(formData, { schema }) as unknown as Submission<CheckoutFormShape>;
}
