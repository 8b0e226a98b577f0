// A report's chart as SVG (ADR 034): drawn from the geometry the loader computed
// (app/lib/report-chart.server.ts), so it renders without JavaScript and in print. role="img"
// with a title and a description that says every figure; each series has its colour (3:1 against
// white at least) and its own pattern, and each bar its value written beside it, so colour is
// never the only cue. The viewBox scales the drawing to the width it is given.
import type { ChartLayout } from "~/lib/report-chart.server";

/** Series styles: colour (WCAG 3:1 on white or better) and a pattern drawn over it. */
export const SERIES_STYLES = [
  { color: "#1d4ed8", pattern: "solid", name: "liso" },
  { color: "#b45309", pattern: "stripes", name: "rayado" },
  { color: "#047857", pattern: "dots", name: "punteado" },
] as const;

function Patterns({ id }: { id: string }) {
  return (
    <defs>
      {SERIES_STYLES.map((style, i) => (
        <pattern
          key={i}
          id={`${id}-p${i}`}
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
          patternTransform={style.pattern === "stripes" ? "rotate(45)" : undefined}
        >
          <rect width="6" height="6" fill={style.color} />
          {style.pattern === "stripes" ? <rect width="2" height="6" fill="#ffffff" fillOpacity="0.55" /> : null}
          {style.pattern === "dots" ? <circle cx="3" cy="3" r="1.2" fill="#ffffff" fillOpacity="0.7" /> : null}
        </pattern>
      ))}
    </defs>
  );
}

/** The legend's swatch of series `index` (its colour and pattern), as a small SVG beside the text. */
export function Swatch({ id, index }: { id: string; index: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="12" viewBox="0 0 18 12" className="inline-block align-middle">
      <Patterns id={`${id}-s${index}`} />
      <rect
        x="0.5"
        y="0.5"
        width="17"
        height="11"
        fill={`url(#${id}-s${index}-p${index % SERIES_STYLES.length})`}
        stroke={SERIES_STYLES[index % SERIES_STYLES.length]!.color}
      />
    </svg>
  );
}

export function BarChart({ id, title, layout }: { id: string; title: string; layout: ChartLayout }) {
  const style = (s: number) => SERIES_STYLES[s % SERIES_STYLES.length]!;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      className="block h-auto w-full max-w-[560px] break-inside-avoid"
      fontFamily="inherit"
      fontSize="12"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{layout.description}</desc>
      <Patterns id={id} />
      {layout.ticks.map((tick) => (
        <g key={tick.x}>
          <line x1={tick.x} x2={tick.x} y1={16} y2={layout.height} stroke="#cbd5e1" strokeWidth="1" />
          <text x={tick.x} y={11} textAnchor="middle" fill="#334155" fontSize="11">
            {tick.label}
          </text>
        </g>
      ))}
      {layout.rows.map((row, r) => (
        <g key={r}>
          <text x={layout.plotLeft - 6} y={row.y} textAnchor="end" dominantBaseline="middle" fill="#0f172a">
            {row.label.length > 22 ? `${row.label.slice(0, 21)}…` : row.label}
          </text>
          {row.bars.map((bar) => (
            <g key={bar.series}>
              {bar.width > 0 ? (
                <rect
                  x={bar.x}
                  y={bar.y}
                  width={bar.width}
                  height={bar.height}
                  fill={`url(#${id}-p${bar.series % SERIES_STYLES.length})`}
                  stroke={style(bar.series).color}
                />
              ) : null}
              {bar.label ? (
                bar.inside ? (
                  <text x={bar.labelX} y={bar.y + bar.height / 2} textAnchor="middle" dominantBaseline="middle" fill="#ffffff" fontWeight="700">
                    <tspan stroke={style(bar.series).color} strokeWidth="3" paintOrder="stroke">
                      {bar.label}
                    </tspan>
                  </text>
                ) : (
                  <text x={bar.labelX} y={bar.y + bar.height / 2} dominantBaseline="middle" fill="#0f172a">
                    {bar.label}
                  </text>
                )
              ) : null}
            </g>
          ))}
        </g>
      ))}
      {layout.totals.map((total, i) => (
        <text key={i} x={total.x} y={total.y} dominantBaseline="middle" fill="#0f172a" fontWeight="700">
          {total.label}
        </text>
      ))}
      <line x1={layout.plotLeft} x2={layout.plotLeft} y1={16} y2={layout.height} stroke="#475569" strokeWidth="1" />
    </svg>
  );
}
