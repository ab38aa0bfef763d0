// Each player's points over the game as an SVG line chart (one line per seat, hands along the x axis).

export interface PointsSeries {
  readonly name: string;
  /** Points after each hand, starting with the starting points. */
  readonly points: readonly number[];
}

export interface PointsChartProps {
  readonly series: readonly PointsSeries[];
  readonly width?: number;
  readonly height?: number;
  readonly title?: string;
  /** Labels of the first and last points on the x axis. */
  readonly firstLabel?: string;
  readonly lastLabel?: string;
}

const PAD = { left: 110, right: 24, top: 20, bottom: 44 };

/** A round step for the y grid: 1, 2 or 5 times a power of ten, about four lines over `span`. */
function gridStep(span: number): number {
  const raw = Math.max(span, 1) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) if (raw <= factor * power) return factor * power;
  return 10 * power;
}

export function PointsChart({
  series,
  width = 800,
  height = 260,
  title = 'Points over the game',
  firstLabel = 'start',
  lastLabel,
}: PointsChartProps) {
  const count = Math.max(...series.map((s) => s.points.length), 1);
  const values = series.flatMap((s) => s.points);
  let low = Math.min(...values, 0);
  let high = Math.max(...values, 1);
  const step = gridStep(high - low);
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  if (high === low) high = low + step;
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const x = (index: number): number => PAD.left + (count <= 1 ? plotW / 2 : (index * plotW) / (count - 1));
  const y = (value: number): number => PAD.top + plotH - ((value - low) * plotH) / (high - low);
  const grid: number[] = [];
  for (let v = low; v <= high + step / 2; v += step) grid.push(v);
  return (
    <svg
      className="points-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={title}
      preserveAspectRatio="xMidYMid meet"
    >
      <title>{title}</title>
      {grid.map((v) => (
        <g key={v}>
          <line className="chart-grid" x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} />
          <text className="chart-label" x={PAD.left - 12} y={y(v) + 8} textAnchor="end">
            {v.toLocaleString('en-US')}
          </text>
        </g>
      ))}
      <text className="chart-label" x={PAD.left} y={height - 8}>
        {firstLabel}
      </text>
      <text className="chart-label" x={width - PAD.right} y={height - 8} textAnchor="end">
        {lastLabel ?? `hand ${count - 1}`}
      </text>
      {series.map((s, seat) => (
        <g key={seat} className={`chart-seat seat-${seat}`}>
          <polyline className="chart-line" points={s.points.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
          {s.points.map((v, i) => (
            <circle key={i} className="chart-dot" cx={x(i)} cy={y(v)} r={count > 30 ? 3 : 6} />
          ))}
        </g>
      ))}
    </svg>
  );
}
