// The yakuman of riichi.md 11.3 (and 11.4 renhou as a yakuman), in tenhou's order.
import {
  dragonSets,
  F_ALL_GREEN,
  F_DEALER,
  F_DRAGON_SET,
  F_FIRST_TURN,
  F_KOKUSHI,
  F_NO_MELDS,
  F_ONE_SUIT,
  F_TERMINALS_HONORS,
  F_THREE_CONCEALED_SETS,
  F_THREE_KANS,
  F_WIND_SET,
  windSets,
  type YakuContext,
} from './context.js';
import type { Yakuman } from './types.js';

const NINE_GATES = [3, 1, 1, 1, 1, 1, 1, 1, 3];

/**
 * Nine Gates (K09): closed, no melds, one suit holding 1112345678999 plus one more tile of the suit.
 * Returns 2 when the 13 tiles before the win were exactly 1112345678999 (9-sided wait), 1, or 0.
 */
function nineGates(ctx: YakuContext): number {
  if (ctx.meldCount !== 0 || ctx.winKind >= 27) return 0;
  const base = ctx.winKind - (ctx.winKind % 9);
  let extra = -1;
  for (let i = 0; i < 9; i++) {
    const over = ctx.concealed[base + i]! - NINE_GATES[i]!;
    if (over < 0 || over > 1) return 0;
    if (over === 1) {
      if (extra >= 0) return 0;
      extra = base + i;
    }
  }
  // 14 concealed tiles all in the suit: the counts above sum to 14 only if nothing else is held.
  if (extra < 0 || ctx.suitMask !== 1 << (base / 9)) return 0;
  return extra === ctx.winKind ? 2 : 1;
}

/** Chariot (K15): closed seven pairs 2p..8p (A8: dots only); the counts alone say so. */
function chariot(ctx: YakuContext): boolean {
  if (ctx.meldCount !== 0) return false;
  for (let k = 10; k <= 16; k++) if (ctx.concealed[k] !== 2) return false;
  return true;
}

const fourConcealed = (ctx: YakuContext): boolean => ctx.concealedSets === 4;

export const YAKUMAN: readonly Yakuman[] = [
  {
    id: 'K11',
    name: 'tenhou',
    double: false,
    scope: 'hand',
    needs: F_FIRST_TURN,
    test: (ctx) => ctx.tenhou && ctx.dealer && ctx.tsumo,
  },
  {
    id: 'K12',
    name: 'chiihou',
    double: false,
    scope: 'hand',
    needs: F_FIRST_TURN,
    test: (ctx) => ctx.chiihou && !ctx.dealer && ctx.tsumo,
  },
  {
    id: 'Y29',
    name: 'renhou',
    double: false,
    scope: 'hand',
    needs: F_FIRST_TURN,
    test: (ctx) => ctx.options.renhou === 'yakuman' && ctx.renhou && !ctx.dealer && !ctx.tsumo,
  },
  {
    id: 'K03',
    name: 'daisangen',
    double: false,
    scope: 'reading',
    needs: F_DRAGON_SET,
    test: (ctx) => dragonSets(ctx) === 3,
  },
  // A ron that completes a triplet opens it, so four concealed sets mean tsumo or a single wait.
  {
    id: 'K02',
    name: 'suuankou',
    double: false,
    scope: 'reading',
    needs: F_THREE_CONCEALED_SETS,
    test: (ctx) => fourConcealed(ctx) && ctx.wait !== 'tanki',
  },
  {
    id: 'K02',
    name: 'suuankou tanki',
    double: true,
    scope: 'reading',
    needs: F_THREE_CONCEALED_SETS,
    test: (ctx) => fourConcealed(ctx) && ctx.wait === 'tanki',
  },
  {
    id: 'K06',
    name: 'tsuuiisou',
    double: false,
    scope: 'hand',
    needs: F_TERMINALS_HONORS,
    test: (ctx) => ctx.allHonors,
  },
  {
    id: 'K08',
    name: 'ryuuiisou',
    double: false,
    scope: 'hand',
    needs: F_ALL_GREEN,
    test: (ctx) => ctx.allGreen && (!ctx.options.allGreenNeedsHatsu || ctx.all[32]! > 0),
  },
  {
    id: 'K07',
    name: 'chinroutou',
    double: false,
    scope: 'hand',
    needs: F_TERMINALS_HONORS,
    test: (ctx) => ctx.allTerminals,
  },
  {
    id: 'K09',
    name: 'chuuren poutou',
    double: false,
    scope: 'hand',
    needs: F_NO_MELDS | F_ONE_SUIT,
    test: (ctx) => nineGates(ctx) === 1,
  },
  {
    id: 'K09',
    name: 'junsei chuuren poutou',
    double: true,
    scope: 'hand',
    needs: F_NO_MELDS | F_ONE_SUIT,
    test: (ctx) => nineGates(ctx) === 2,
  },
  {
    id: 'K01',
    name: 'kokushi musou',
    double: false,
    scope: 'reading',
    needs: F_KOKUSHI,
    test: (ctx) => ctx.shape === 'kokushi' && ctx.wait !== 'kokushi13',
  },
  {
    id: 'K01',
    name: 'kokushi musou 13-wait',
    double: true,
    scope: 'reading',
    needs: F_KOKUSHI,
    test: (ctx) => ctx.shape === 'kokushi' && ctx.wait === 'kokushi13',
  },
  {
    id: 'K05',
    name: 'daisuushii',
    double: true,
    scope: 'reading',
    needs: F_WIND_SET,
    test: (ctx) => windSets(ctx) === 4,
  },
  {
    id: 'K04',
    name: 'shousuushii',
    double: false,
    scope: 'reading',
    needs: F_WIND_SET,
    test: (ctx) => ctx.shape === 'standard' && ctx.pair >= 27 && ctx.pair <= 30 && windSets(ctx) === 3,
  },
  {
    id: 'K10',
    name: 'suukantsu',
    double: false,
    scope: 'hand',
    needs: F_THREE_KANS,
    test: (ctx) => ctx.kanCount === 4,
  },
  {
    id: 'K15',
    name: 'daisharin',
    double: false,
    scope: 'hand',
    needs: F_NO_MELDS | F_ONE_SUIT,
    test: (ctx) => ctx.options.daisharin && chariot(ctx),
  },
  // The eighth consecutive dealer win; the hand still needs a yaku of its own (A17). Kept last: it reads
  // the yakuman found before it.
  {
    id: 'K14',
    name: 'paarenchan',
    double: false,
    scope: 'reading',
    needs: F_DEALER,
    test: (ctx) =>
      ctx.options.paarenchan &&
      ctx.dealer &&
      ctx.dealerStreak >= 8 &&
      (ctx.ordinaryHan > 0 || ctx.yakumanSoFar > 0),
  },
];
