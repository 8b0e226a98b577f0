import { PHONE_SALE_STEPS } from "~/lib/phone-sale";

/** The three steps of the phone sale, the current one marked. */
export function PhoneSaleSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label="Pasos">
      {PHONE_SALE_STEPS.map((label, index) => (
        <li
          key={label}
          aria-current={current === index + 1 ? "step" : undefined}
          className={current === index + 1 ? "font-bold text-brand-800" : "text-slate-600"}
        >
          {index + 1}. {label}
        </li>
      ))}
    </ol>
  );
}
