// Fu (minipoints) of one reading, exactly per riichi.md 13.
import { isPinfu, isTerminalOrHonorKind, KAN, SEQUENCE, type YakuContext } from './yaku/context.js';

/**
 * Fu of the reading in ctx, rounded (13.2 item 8). Seven Pairs 25; pinfu tsumo 20; otherwise
 * 20 + closed ron 10 + tsumo 2 + wait 2 (kanchan, penchan, tanki) + pair + groups, an open ron of exactly
 * 20 becomes 30. Example (W15): closed ron, 999p concealed 8, 555z concealed 8, double-wind pair 4,
 * kanchan 2 → 20+10+8+8+4+2 = 52 → 60.
 */
export function fuOf(ctx: YakuContext): number {
  if (ctx.shape === 'chiitoitsu') return 25;
  if (ctx.shape === 'kokushi') return 30; // irrelevant (yakuman); a fixed value keeps outputs stable
  if (isPinfu(ctx)) return ctx.tsumo ? 20 : 30;
  let fu = 20;
  if (ctx.closed && !ctx.tsumo) fu += 10;
  if (ctx.tsumo) fu += 2;
  const wait = ctx.wait;
  if (wait === 'kanchan' || wait === 'penchan' || wait === 'tanki') fu += 2;
  fu += pairFu(ctx);
  for (let g = 0; g < 4; g++) {
    const type = ctx.groupType[g]!;
    if (type === SEQUENCE) continue;
    // open triplet 2, concealed ×2, kan ×4, terminal or honour ×2 (13.2 item 6)
    let value = type === KAN ? 8 : 2;
    if (ctx.groupOpen[g] === 0) value *= 2;
    if (isTerminalOrHonorKind(ctx.groupFirst[g]!)) value *= 2;
    fu += value;
  }
  if (fu === 20 && !ctx.closed) return 30; // open "pinfu shape" ron (13.1); an open tsumo is ≥ 22
  return Math.ceil(fu / 10) * 10;
}

/** Pair fu (13.2 item 5): dragon 2, seat wind 2, round wind 2, a double wind the option's 2 or 4. */
export function pairFu(ctx: YakuContext): number {
  const pair = ctx.pair;
  if (pair >= 31) return 2;
  const seat = pair === ctx.seatWind;
  const round = pair === ctx.roundWind;
  if (seat && round) return ctx.options.doubleWindPairFu;
  return seat || round ? 2 : 0;
}
