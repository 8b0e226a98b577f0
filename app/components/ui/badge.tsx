import type { ReactNode } from "react";
import type { StatusTone } from "../../../api/contract/vocabulary";

/** The vocabulary's tones: every status of the contract has one. */
export type BadgeTone = StatusTone;

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-800 ring-slate-300",
  success: "bg-green-50 text-green-800 ring-green-600/40",
  warning: "bg-amber-50 text-amber-900 ring-amber-600/40",
  danger: "bg-red-50 text-red-800 ring-red-600/40",
  info: "bg-brand-50 text-brand-800 ring-brand-600/30",
};

/** A status as a coloured badge that always carries its text (never colour alone). */
export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${TONES[tone]}`}>
      {children}
    </span>
  );
}
