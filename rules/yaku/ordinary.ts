// The ordinary yaku of riichi.md 11.2, in tenhou's order, with the exclusions of 11.5 inside their tests.
import {
  dragonSets,
  F_ALL_SIMPLES,
  F_CHANKAN,
  F_CHIITOITSU,
  F_CLOSED,
  F_DOUBLE_RIICHI,
  F_DRAGON_SET,
  F_FOUR_SEQUENCES,
  F_HAITEI,
  F_HOUTEI,
  F_IPPATSU,
  F_NO_SEQUENCE,
  F_ONE_SUIT,
  F_OUTSIDE_PAIR,
  F_RIICHI,
  F_RINSHAN,
  F_RON,
  F_SEQUENCE,
  F_TERMINALS_HONORS,
  F_THREE_CONCEALED_SETS,
  F_THREE_KANS,
  F_THREE_SEQUENCES,
  F_THREE_SUITED_SETS,
  F_TSUMO,
  F_TWO_SEQUENCES,
  F_WIND_SET,
  HONOR_BIT,
  hasSetOf,
  isOutsideHand,
  isPinfu,
  peikouCount,
  type YakuContext,
} from './context.js';
import type { Yaku } from './types.js';

const WIND_NAMES = ['east', 'south', 'west', 'north'];
const EAST = 27;

/** Y09: a triplet or kan of the own seat wind, one unit per wind so the name carries the wind. */
const seatWind = (wind: number): Yaku => ({
  id: 'Y09',
  name: `seat wind ${WIND_NAMES[wind]}`,
  hanClosed: 1,
  hanOpen: 1,
  scope: 'reading',
  needs: F_WIND_SET,
  test: (ctx) => ctx.seatWind === EAST + wind && hasSetOf(ctx, EAST + wind),
});

/** Y10: the round wind; a wind that is both seat and round wind scores Y09 and Y10. */
const roundWind = (wind: number): Yaku => ({
  id: 'Y10',
  name: `round wind ${WIND_NAMES[wind]}`,
  hanClosed: 1,
  hanOpen: 1,
  scope: 'reading',
  needs: F_WIND_SET,
  test: (ctx) => ctx.roundWind === EAST + wind && hasSetOf(ctx, EAST + wind),
});

const dragon = (name: string, kind: number): Yaku => ({
  id: 'Y08',
  name,
  hanClosed: 1,
  hanOpen: 1,
  scope: 'reading',
  needs: F_DRAGON_SET,
  test: (ctx) => hasSetOf(ctx, kind),
});

/** Exactly one suit bit set (and maybe honours). */
const oneSuit = (mask: number): boolean => {
  const suits = mask & 7;
  return suits === 1 || suits === 2 || suits === 4;
};

/** 123, 456, 789 of one suit: sequence bits 0, 3, 6 of a suit. */
function ittsu(ctx: YakuContext): boolean {
  const m = ctx.sequenceMask;
  return (
    (m & 0b1001001) === 0b1001001 ||
    ((m >>> 9) & 0b1001001) === 0b1001001 ||
    ((m >>> 18) & 0b1001001) === 0b1001001
  );
}

/** The same sequence in all three suits: a bit present in each suit's 9-bit slice. */
const sanshokuDoujun = (ctx: YakuContext): boolean =>
  (ctx.sequenceMask & (ctx.sequenceMask >>> 9) & (ctx.sequenceMask >>> 18) & 0x1ff) !== 0;

/** Triplets or kans of one number in all three suits. */
const sanshokuDoukou = (ctx: YakuContext): boolean =>
  (ctx.suitedSetMask & (ctx.suitedSetMask >>> 9) & (ctx.suitedSetMask >>> 18) & 0x1ff) !== 0;

export const ORDINARY_YAKU: readonly Yaku[] = [
  {
    id: 'Y04',
    name: 'menzen tsumo',
    hanClosed: 1,
    hanOpen: 0,
    scope: 'hand',
    needs: F_CLOSED | F_TSUMO,
    test: (ctx) => ctx.closed && ctx.tsumo,
  },
  // Y02 replaces Y01.
  {
    id: 'Y01',
    name: 'riichi',
    hanClosed: 1,
    hanOpen: 0,
    scope: 'hand',
    needs: F_RIICHI,
    test: (ctx) => ctx.riichi && !ctx.doubleRiichi,
  },
  // Y03 needs Y01 or Y02.
  {
    id: 'Y03',
    name: 'ippatsu',
    hanClosed: 1,
    hanOpen: 0,
    scope: 'hand',
    needs: F_IPPATSU | F_RIICHI,
    test: (ctx) => ctx.ippatsu && ctx.riichi,
  },
  // Y14 is a ron, never with Y12 (houtei is tested as "not chankan").
  {
    id: 'Y14',
    name: 'chankan',
    hanClosed: 1,
    hanOpen: 1,
    scope: 'hand',
    needs: F_CHANKAN | F_RON,
    test: (ctx) => ctx.chankan && !ctx.tsumo,
  },
  {
    id: 'Y13',
    name: 'rinshan kaihou',
    hanClosed: 1,
    hanOpen: 1,
    scope: 'hand',
    needs: F_RINSHAN | F_TSUMO,
    test: (ctx) => ctx.rinshan && ctx.tsumo,
  },
  // A replacement tile is never the last tile: Y11 and Y13 exclude each other.
  {
    id: 'Y11',
    name: 'haitei raoyue',
    hanClosed: 1,
    hanOpen: 1,
    scope: 'hand',
    needs: F_HAITEI | F_TSUMO,
    test: (ctx) => ctx.haitei && ctx.tsumo && !ctx.rinshan,
  },
  {
    id: 'Y12',
    name: 'houtei raoyui',
    hanClosed: 1,
    hanOpen: 1,
    scope: 'hand',
    needs: F_HOUTEI | F_RON,
    test: (ctx) => ctx.houtei && !ctx.tsumo && !ctx.chankan,
  },
  {
    id: 'Y05',
    name: 'pinfu',
    hanClosed: 1,
    hanOpen: 0,
    scope: 'reading',
    needs: F_CLOSED | F_FOUR_SEQUENCES,
    test: isPinfu,
  },
  {
    id: 'Y06',
    name: 'tanyao',
    hanClosed: 1,
    hanOpen: 1,
    scope: 'hand',
    needs: F_ALL_SIMPLES,
    test: (ctx) => ctx.allSimples && (ctx.closed || ctx.options.openTanyao),
  },
  // Y22 replaces Y07.
  {
    id: 'Y07',
    name: 'iipeikou',
    hanClosed: 1,
    hanOpen: 0,
    scope: 'reading',
    needs: F_CLOSED | F_TWO_SEQUENCES,
    test: (ctx) => peikouCount(ctx) === 1,
  },
  seatWind(0),
  seatWind(1),
  seatWind(2),
  seatWind(3),
  roundWind(0),
  roundWind(1),
  roundWind(2),
  roundWind(3),
  dragon('haku', 31),
  dragon('hatsu', 32),
  dragon('chun', 33),
  {
    id: 'Y02',
    name: 'double riichi',
    hanClosed: 2,
    hanOpen: 0,
    scope: 'hand',
    needs: F_DOUBLE_RIICHI,
    test: (ctx) => ctx.doubleRiichi,
  },
  {
    id: 'Y23',
    name: 'chiitoitsu',
    hanClosed: 2,
    hanOpen: 0,
    scope: 'reading',
    needs: F_CHIITOITSU,
    test: (ctx) => ctx.shape === 'chiitoitsu',
  },
  // Y17 needs an honour (else Y18) and a sequence (else Y20 + Y19).
  {
    id: 'Y17',
    name: 'chanta',
    hanClosed: 2,
    hanOpen: 1,
    scope: 'reading',
    needs: F_OUTSIDE_PAIR | F_SEQUENCE,
    test: (ctx) => (ctx.suitMask & HONOR_BIT) !== 0 && isOutsideHand(ctx),
  },
  {
    id: 'Y16',
    name: 'ittsu',
    hanClosed: 2,
    hanOpen: 1,
    scope: 'reading',
    needs: F_THREE_SEQUENCES,
    test: ittsu,
  },
  {
    id: 'Y15',
    name: 'sanshoku doujun',
    hanClosed: 2,
    hanOpen: 1,
    scope: 'reading',
    needs: F_THREE_SEQUENCES,
    test: sanshokuDoujun,
  },
  {
    id: 'Y24',
    name: 'sanshoku doukou',
    hanClosed: 2,
    hanOpen: 2,
    scope: 'reading',
    needs: F_THREE_SUITED_SETS,
    test: sanshokuDoukou,
  },
  {
    id: 'Y25',
    name: 'sankantsu',
    hanClosed: 2,
    hanOpen: 2,
    scope: 'hand',
    needs: F_THREE_KANS,
    test: (ctx) => ctx.kanCount === 3,
  },
  {
    id: 'Y19',
    name: 'toitoi',
    hanClosed: 2,
    hanOpen: 2,
    scope: 'reading',
    needs: F_NO_SEQUENCE,
    test: (ctx) => ctx.shape === 'standard' && ctx.sequences === 0,
  },
  // Four concealed sets are suuankou (a yakuman, which drops every ordinary yaku).
  {
    id: 'Y21',
    name: 'sanankou',
    hanClosed: 2,
    hanOpen: 2,
    scope: 'reading',
    needs: F_THREE_CONCEALED_SETS,
    test: (ctx) => ctx.concealedSets === 3,
  },
  {
    id: 'Y26',
    name: 'shousangen',
    hanClosed: 2,
    hanOpen: 2,
    scope: 'reading',
    needs: F_DRAGON_SET,
    test: (ctx) => ctx.shape === 'standard' && ctx.pair >= 31 && dragonSets(ctx) === 2,
  },
  {
    id: 'Y20',
    name: 'honroutou',
    hanClosed: 2,
    hanOpen: 2,
    scope: 'hand',
    needs: F_TERMINALS_HONORS,
    test: (ctx) => ctx.allTerminalsOrHonors,
  },
  {
    id: 'Y22',
    name: 'ryanpeikou',
    hanClosed: 3,
    hanOpen: 0,
    scope: 'reading',
    needs: F_CLOSED | F_FOUR_SEQUENCES,
    test: (ctx) => peikouCount(ctx) === 2,
  },
  {
    id: 'Y18',
    name: 'junchan',
    hanClosed: 3,
    hanOpen: 2,
    scope: 'reading',
    needs: F_OUTSIDE_PAIR | F_SEQUENCE,
    test: (ctx) => (ctx.suitMask & HONOR_BIT) === 0 && isOutsideHand(ctx),
  },
  // Y28 replaces Y27.
  {
    id: 'Y27',
    name: 'honitsu',
    hanClosed: 3,
    hanOpen: 2,
    scope: 'hand',
    needs: F_ONE_SUIT,
    test: (ctx) => (ctx.suitMask & HONOR_BIT) !== 0 && oneSuit(ctx.suitMask),
  },
  {
    id: 'Y28',
    name: 'chinitsu',
    hanClosed: 6,
    hanOpen: 5,
    scope: 'hand',
    needs: F_ONE_SUIT,
    test: (ctx) => (ctx.suitMask & HONOR_BIT) === 0 && oneSuit(ctx.suitMask),
  },
];
