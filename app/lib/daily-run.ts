// What the page following a daily run (ADR 044) shares between its loader and its component.

/** A run followed on /admin/policies?proceso={id}: what the loader says of it. */
export type DailyRunView = { id: number; status: "en_curso" | "hecho" | "fallido"; title: string; description: string };

/** The query parameter of the run the page follows. */
export const DAILY_RUN_PARAM = "proceso";
