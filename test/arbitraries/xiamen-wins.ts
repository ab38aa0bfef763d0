// Random complete Xiamen/Quanzhou wins as FORMAT-chinese.md records, golds placed anywhere in the concealed part: for property tests and the chinese bench.
import { WHITE } from '../../rules/tiles.js';
import { BONUS, int, text, type Random } from './mcr-wins.js';

/** A generated win and what its golds stand in for. */
export interface GeneratedXiamenWin {
  readonly record: Record<string, unknown>;
  /** The gold indicator's kind (its other copies are the golds). */
  readonly gold: number;
  /** The kind each gold replaced, as it plays (White's kinds as the indicator's face). */
  readonly replaced: readonly number[];
}

export interface XiamenWinOptions {
  /** Golds in the hand (0-3); random when absent. */
  readonly golds?: number;
  /** At most this many melds (default 4). */
  readonly maxMelds?: number;
  /** Self-drawn (selfDrawn) or on a discard (common); random when absent (always self-drawn when the winning tile is a gold). */
  readonly tsumo?: boolean;
  readonly preset?: 'xiamen' | 'quanzhou';
}

const MELD_TYPES = ['pon', 'minkan', 'ankan', 'kakan'] as const;

/**
 * Five random sets (the first ones declared) and a pair, as they play; tiles of the indicator's face are
 * written as White Dragons (they play as that face), then `golds` random concealed tiles become golds
 * (written as the face) and one concealed tile is the winning tile. Null when a kind would exceed four copies.
 */
export function randomXiamenWin(next: Random, options: XiamenWinOptions = {}): GeneratedXiamenWin | null {
  const meldCount = int(next, (options.maxMelds ?? 4) + 1);
  const all = new Uint8Array(34);
  const melds: Record<string, unknown>[] = [];
  const concealed: number[] = [];
  // No tile plays as White: every White plays as the indicator's face.
  const notWhite = (): number => {
    const kind = int(next, 33);
    return kind >= WHITE ? kind + 1 : kind;
  };
  const gold = notWhite(); // a White indicator has no substitution to exercise
  const written = (kind: number): number => (kind === gold ? WHITE : kind);
  for (let i = 0; i < 5; i++) {
    const chow = next() < 0.5;
    const kind = chow ? int(next, 3) * 9 + int(next, 7) : notWhite();
    const kinds = chow ? [kind, kind + 1, kind + 2] : [kind, kind, kind];
    for (const k of kinds) all[k]!++;
    if (i >= meldCount) concealed.push(...kinds);
    else if (chow) melds.push({ type: 'chi', tiles: text(kinds.map(written)), from: 3 });
    else {
      const type = MELD_TYPES[int(next, 4)]!;
      const tiles = type === 'pon' ? kinds : [...kinds, kind];
      if (type !== 'pon') all[kind]!++;
      melds.push({
        type,
        tiles: text(tiles.map(written)),
        ...(type === 'ankan' ? {} : { from: 1 + int(next, 3) }),
      });
    }
  }
  const pair = notWhite();
  concealed.push(pair, pair);
  all[pair]! += 2;
  if (!all.every((n) => n <= 4)) return null;
  const golds = Math.min(options.golds ?? int(next, 4), concealed.length);
  const slots = concealed.map(written);
  const replaced: number[] = [];
  for (let g = 0; g < golds; g++) {
    let at: number;
    do at = int(next, slots.length);
    while (slots[at] === gold);
    replaced.push(concealed[at]!);
    slots[at] = gold;
  }
  const win = slots.splice(int(next, slots.length), 1)[0]!;
  const tsumo = win === gold ? true : (options.tsumo ?? next() < 0.5);
  const seatWind = 1 + int(next, 4);
  const bankerRun = int(next, 4);
  return {
    gold,
    replaced,
    record: {
      id: 'generated',
      preset: options.preset ?? 'xiamen',
      closedTiles: text(slots),
      melds,
      winTile: text([win]),
      tsumo,
      ...(tsumo ? {} : { discarder: (seatWind % 4) + 1 }),
      seatWind,
      roundWind: 1 + int(next, 4),
      flowers: BONUS.filter(() => next() < 0.2),
      goldIndicator: text([gold]),
      bankerRun,
      winKind: tsumo ? 'selfDrawn' : 'common',
    },
  };
}
