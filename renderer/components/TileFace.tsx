// One tile drawn as an SVG face: the number and suit character (萬/筒/索), or the honour or flower character.
import { formatTile, isRedFive, numberOf, suitOf, tileKind, type Tile } from '../../rules/tiles.js';

const SUIT_CHAR = { m: '萬', p: '筒', s: '索' } as const;
const HONOUR_CHAR = ['東', '南', '西', '北', '白', '發', '中'] as const;
const FLOWER_CHAR = ['梅', '蘭', '菊', '竹', '春', '夏', '秋', '冬'] as const;
const HONOUR_NAME = ['East', 'South', 'West', 'North', 'White', 'Green', 'Red'] as const;
const SUIT_NAME = { m: 'characters', p: 'dots', s: 'bamboo' } as const;

/** A spoken name for screen readers and tooltips: `5 dots (red)`, `East wind`. */
export function tileName(tile: Tile): string {
  const kind = tileKind(tile);
  const suit = suitOf(kind);
  if (suit === 'z') return `${HONOUR_NAME[numberOf(kind) - 1]}${kind <= 30 ? ' wind' : ' dragon'}`;
  if (suit === 'f') return `flower ${numberOf(kind)}`;
  return `${numberOf(kind)} ${SUIT_NAME[suit]}${isRedFive(tile) ? ' (red)' : ''}`;
}

export interface TileFaceProps {
  readonly tile: Tile;
  /** Height in CSS pixels; the width follows the 3:4 face. */
  readonly size?: number;
  /** Draw as the latest discard (a highlighted edge). */
  readonly latest?: boolean;
}

export function TileFace({ tile, size = 64, latest = false }: TileFaceProps) {
  const kind = tileKind(tile);
  const suit = suitOf(kind);
  const red = isRedFive(tile);
  const code = formatTile(tile);
  let body;
  if (suit === 'm' || suit === 'p' || suit === 's') {
    body = (
      <>
        <text x="30" y="40" className={`tile-num suit-${suit}${red ? ' red-five' : ''}`}>
          {numberOf(kind)}
        </text>
        <text x="30" y="70" className={`tile-suit suit-${suit}`}>
          {SUIT_CHAR[suit]}
        </text>
      </>
    );
  } else {
    const index = numberOf(kind) - 1;
    const char = suit === 'z' ? HONOUR_CHAR[index] : FLOWER_CHAR[index];
    body = (
      <text x="30" y="56" className={`tile-honour honour-${suit === 'z' ? index + 1 : 'f'}`}>
        {char}
      </text>
    );
  }
  return (
    <svg
      className={`tile${latest ? ' tile-latest' : ''}${red ? ' tile-red' : ''}`}
      viewBox="0 0 60 80"
      width={(size * 3) / 4}
      height={size}
      role="img"
      aria-label={tileName(tile)}
      data-tile={code}
    >
      <title>{tileName(tile)}</title>
      <rect className="tile-body" x="1.5" y="1.5" width="57" height="77" rx="7" />
      {body}
    </svg>
  );
}

/** A face-down tile (a stock, a concealed hand): never carries the tile itself. */
export function TileBack({ size = 64 }: { readonly size?: number }) {
  return (
    <svg
      className="tile tile-back"
      viewBox="0 0 60 80"
      width={(size * 3) / 4}
      height={size}
      aria-hidden="true"
    >
      <rect className="tile-back-body" x="1.5" y="1.5" width="57" height="77" rx="7" />
    </svg>
  );
}

export function TileRow({
  tiles,
  size,
  latestLast = false,
}: {
  readonly tiles: readonly Tile[];
  readonly size?: number;
  readonly latestLast?: boolean;
}) {
  return (
    <div className="tile-row">
      {tiles.map((tile, index) => (
        <TileFace key={index} tile={tile} size={size} latest={latestLast && index === tiles.length - 1} />
      ))}
    </div>
  );
}
