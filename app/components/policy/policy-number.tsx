/**
 * A policy's number ("COT-2026-000123") wherever a page shows it: on one line, never broken at
 * its hyphens on a narrow screen, so that it can be read and copied as one.
 */
export function PolicyNumber({ number }: { number: string }) {
  return <span className="whitespace-nowrap">{number}</span>;
}
