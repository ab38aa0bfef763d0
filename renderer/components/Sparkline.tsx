// A small SVG sparkline (the link's round-trip times) with its latest value.

export interface SparklineProps {
  readonly values: readonly number[];
  readonly width?: number;
  readonly height?: number;
  readonly label: string;
  readonly unit?: string;
}

export function Sparkline({ values, width = 220, height = 48, label, unit = '' }: SparklineProps) {
  const high = Math.max(...values, 1);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const points = values.map((v, i) => `${i * step},${height - 2 - (v / high) * (height - 4)}`).join(' ');
  const last = values.at(-1);
  return (
    <figure className="sparkline">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={`${label} sparkline`}
      >
        <rect className="spark-bg" x="0" y="0" width={width} height={height} />
        {values.length > 1 ? <polyline className="spark-line" points={points} /> : null}
      </svg>
      <figcaption>
        {label}: <strong>{last === undefined ? '—' : `${last.toFixed(1)}${unit}`}</strong>
        {values.length > 0 ? ` (max ${high.toFixed(1)}${unit})` : ''}
      </figcaption>
    </figure>
  );
}
