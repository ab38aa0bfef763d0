// Scores every recorded win from the replayed state with rules/ and compares it with what the log recorded.
import type { Relative, Wind } from '../../../rules/hand.js';
import { makeRules, TENHOU, type RuleOptions } from '../../../rules/options.js';
import { settleRons, settleWin, type Liability } from '../../../rules/payments.js';
import { YAKUMAN_BASE, type HandPoints } from '../../../rules/points.js';
import { fail, ok, type Result } from '../../../rules/result.js';
import { scoreHand, type ScoredHand } from '../../../rules/score.js';
import { scoreWin } from '../../../rules/score-win.js';
import { parseScoreInput, type ScoreInput } from '../../../rules/score-input.js';
import { countKinds, formatTile, formatTiles, sortTiles, type Tile } from '../../../rules/tiles.js';
import { isTenpaiAtDraw } from '../../../rules/waits.js';
import {
  dealerOf,
  roundName,
  type GameRecord,
  type RecordedYaku,
  type RoundRecord,
  type Seat,
  type WinRecord,
} from './game-record.js';
import { LIVE_WALL, replayRound, type MeldState, type RoundState } from './replay.js';

/** Tenhou's yaku names (as its logs write them) → the names of shared/data/FORMAT.md that rules/ uses. */
export const YAKU_NAMES: Readonly<Record<string, string>> = {
  門前清自摸和: 'menzen tsumo',
  立直: 'riichi',
  一発: 'ippatsu',
  槍槓: 'chankan',
  嶺上開花: 'rinshan kaihou',
  海底摸月: 'haitei raoyue',
  河底撈魚: 'houtei raoyui',
  平和: 'pinfu',
  断幺九: 'tanyao',
  一盃口: 'iipeikou',
  '自風 東': 'seat wind east',
  '自風 南': 'seat wind south',
  '自風 西': 'seat wind west',
  '自風 北': 'seat wind north',
  '場風 東': 'round wind east',
  '場風 南': 'round wind south',
  '場風 西': 'round wind west',
  '場風 北': 'round wind north',
  '役牌 白': 'haku',
  '役牌 發': 'hatsu',
  '役牌 中': 'chun',
  両立直: 'double riichi',
  七対子: 'chiitoitsu',
  混全帯幺九: 'chanta',
  一気通貫: 'ittsu',
  三色同順: 'sanshoku doujun',
  三色同刻: 'sanshoku doukou',
  三槓子: 'sankantsu',
  対々和: 'toitoi',
  三暗刻: 'sanankou',
  小三元: 'shousangen',
  混老頭: 'honroutou',
  二盃口: 'ryanpeikou',
  純全帯幺九: 'junchan',
  混一色: 'honitsu',
  清一色: 'chinitsu',
  人和: 'renhou',
  天和: 'tenhou',
  地和: 'chiihou',
  大三元: 'daisangen',
  四暗刻: 'suuankou',
  四暗刻単騎: 'suuankou tanki',
  字一色: 'tsuuiisou',
  緑一色: 'ryuuiisou',
  清老頭: 'chinroutou',
  九蓮宝燈: 'chuuren poutou',
  純正九蓮宝燈: 'junsei chuuren poutou',
  国士無双: 'kokushi musou',
  国士無双１３面: 'kokushi musou 13-wait',
  大四喜: 'daisuushii',
  小四喜: 'shousuushii',
  四槓子: 'suukantsu',
  ドラ: 'dora',
  裏ドラ: 'ura dora',
  赤ドラ: 'aka dora',
};

const relativeOf = (seat: Seat, from: Seat): Relative => ((from - seat + 4) % 4) as Relative;
const windOf = (seat: Seat, dealer: Seat): Wind => (((seat - dealer + 4) % 4) + 1) as Wind;

function meldInput(meld: MeldState, seat: Seat): NonNullable<ScoreInput['melds']>[number] {
  return {
    type: meld.type,
    tiles: formatTiles(sortTiles(meld.tiles)),
    ...(meld.calledTile !== undefined && { calledTile: formatTile(meld.calledTile) }),
    ...(meld.addedTile !== undefined && { addedTile: formatTile(meld.addedTile) }),
    ...(meld.from !== undefined && { from: relativeOf(seat, meld.from) }),
  };
}

/**
 * The `score` input (shared/data/FORMAT.md) of one recorded win, read off the replayed final state. The
 * situational flags come from the event stream, not from the recorded yaku: riichi and double riichi from
 * the declaring discard, ippatsu from no call and no own discard since, haitei/houtei from the 70th draw,
 * rinshan from a replacement draw, chankan from a win on a kan's tile, tenhou/chiihou from a first draw
 * before any call. `order` is the win's place in a multiple ron: the sticks on the table (those of earlier
 * rounds and the riichi paid in this one) go to the first winner, tenhou's nearest; later winners see none.
 */
export function winScoreInput(
  round: RoundRecord,
  final: RoundState,
  win: WinRecord,
  redFives: boolean,
  order = 0,
): ScoreInput {
  const seat = final.seats[win.winner]!;
  const tsumo = win.winner === win.from;
  const last = final.lastEvent!;
  let winTile: Tile;
  let closed: readonly Tile[] = seat.concealed;
  if (tsumo) {
    winTile = (last as Extract<typeof last, { type: 'draw' }>).tile;
    const i = closed.indexOf(winTile);
    closed = [...closed.slice(0, i), ...closed.slice(i + 1)];
  } else if (last.type === 'kakan') {
    winTile = last.addedTile;
  } else if (last.type === 'ankan') {
    winTile = last.tiles[3]!;
  } else {
    winTile = (last as Extract<typeof last, { type: 'discard' }>).tile;
  }
  const dealer = dealerOf(round.round);
  const rinshan = tsumo && last.type === 'draw' && last.rinshan;
  const firstDraw = tsumo && seat.draws === 1 && seat.discards === 0 && !final.called;
  return {
    id: `${roundName(round.round, round.honba)} seat ${win.winner}`,
    closedTiles: formatTiles(sortTiles(closed)),
    melds: seat.melds.map((m) => meldInput(m, win.winner)),
    winTile: formatTile(winTile),
    tsumo,
    seatWind: windOf(win.winner, dealer),
    roundWind: ((Math.floor(round.round / 4) % 4) + 1) as Wind,
    dealer: win.winner === dealer,
    riichi: seat.riichi,
    doubleRiichi: seat.doubleRiichi,
    ippatsu: seat.ippatsu,
    haitei: tsumo && !rinshan && final.wallDraws === LIVE_WALL,
    houtei: !tsumo && last.type === 'discard' && final.wallDraws === LIVE_WALL,
    rinshan,
    chankan: !tsumo && (last.type === 'kakan' || last.type === 'ankan'),
    tenhou: firstDraw && win.winner === dealer,
    chiihou: firstDraw && win.winner !== dealer,
    honba: round.honba,
    riichiSticks: order === 0 ? round.riichiSticks + final.riichiPaid : 0,
    doraIndicators: round.doraIndicators.slice(0, final.doraShown).map(formatTile),
    uraIndicators: seat.riichi ? round.uraIndicators.map(formatTile) : [],
    redFivesEnabled: redFives,
    preset: 'tenhou',
  };
}

/** One recorded win, scored by rules/ and compared. `differences` is empty when everything agrees. */
export interface WinCheck {
  /** `log[3] East 4-1: seat 2 ron on seat 0`. */
  readonly where: string;
  readonly input: ScoreInput;
  readonly expected: WinFigures;
  readonly got: WinFigures | { readonly code: string; readonly message: string };
  readonly differences: readonly string[];
  /** The scored hand (null when scoring failed), for the round's payments. */
  readonly hand: ScoredHand | null;
}

/** What is compared: han (below yakuman), fu (when recorded), yaku as `name=han` / `name=Y1`, what the losers pay. */
export interface WinFigures {
  readonly han: number | null;
  readonly fu: number | null;
  readonly yaku: readonly string[];
  readonly points: string;
}

const yakuLabel = (y: RecordedYaku): string =>
  `${YAKU_NAMES[y.name] ?? y.name}=${'yakuman' in y ? 'Y1' : y.han}`;

function recordedPoints(win: WinRecord): string {
  const p = win.points;
  if (p.kind === 'ron') return `ron ${p.ron}`;
  if (p.kind === 'tsumoAll') return `tsumo ${p.each} all`;
  return `tsumo ${p.tsumoNonDealer}/${p.tsumoDealer}`;
}

function scoredPoints(points: HandPoints, tsumo: boolean, dealer: boolean): string {
  if (!tsumo) return `ron ${points.ron}`;
  if (dealer) return `tsumo ${points.tsumoNonDealer} all`;
  return `tsumo ${points.tsumoNonDealer}/${points.tsumoDealer}`;
}

/** The liability (pao) of a win: the liable seat pays for the yakuman the options let it cover. */
function liabilityOf(hand: ScoredHand, win: WinRecord, options: RuleOptions): Liability | null {
  if (win.liable === null) return null;
  const covered = hand.yaku.reduce(
    (n, y) => n + ('yakuman' in y && (options.liability as readonly string[]).includes(y.id) ? y.yakuman : 0),
    0,
  );
  return covered > 0
    ? { seat: win.liable, basePoints: Math.min(hand.basePoints, YAKUMAN_BASE * covered) }
    : null;
}

/**
 * The round's score changes by rules/payments under the tenhou preset (one win: settleWin; several rons on one
 * discard: settleRons with the preset's multiple-ron options), or why they cannot be computed.
 */
export function roundPayments(
  round: RoundRecord,
  final: RoundState,
  hands: readonly ScoredHand[],
  options: RuleOptions,
): Result<readonly number[]> {
  if (round.result.type !== 'win') return fail('bad_input', 'no win in this round');
  const wins = round.result.wins;
  const sticks = round.riichiSticks + final.riichiPaid;
  const dealer = dealerOf(round.round);
  if (wins.length === 1) {
    const win = wins[0]!;
    const settled = settleWin({
      players: 4,
      dealer,
      winner: win.winner,
      loser: win.winner === win.from ? null : win.from,
      basePoints: hands[0]!.basePoints,
      honba: round.honba,
      riichiSticks: sticks,
      liability: liabilityOf(hands[0]!, win, options),
    });
    return settled.ok ? ok(settled.value.deltas) : settled;
  }
  const settled = settleRons({
    players: 4,
    dealer,
    discarder: wins[0]!.from,
    winners: wins.map((win, i) => ({
      seat: win.winner,
      basePoints: hands[i]!.basePoints,
      liability: liabilityOf(hands[i]!, win, options),
    })),
    honba: round.honba,
    riichiSticks: sticks,
    multipleRon: options.multipleRon,
    doubleRonHonba: options.doubleRonHonba,
    tripleRon: options.tripleRon,
  });
  return settled.ok ? ok(settled.value.deltas) : settled;
}

/** Scores each recorded win of a replayed round with `scoreHand` and compares it with the record. */
export function checkRoundWins(
  round: RoundRecord,
  final: RoundState,
  label: string,
  redFives: boolean,
): WinCheck[] {
  if (round.result.type !== 'win') return [];
  return round.result.wins.map((win, order) => {
    const input = winScoreInput(round, final, win, redFives, order);
    const tsumo = win.winner === win.from;
    const dealer = win.winner === dealerOf(round.round);
    const recordedHan =
      win.han ??
      (win.yaku.some((y) => 'yakuman' in y)
        ? null
        : win.yaku.reduce((n, y) => n + ('han' in y ? y.han : 0), 0));
    const expected: WinFigures = {
      han: recordedHan,
      fu: win.fu,
      yaku: win.yaku
        .filter((y) => 'yakuman' in y || y.han > 0)
        .map(yakuLabel)
        .sort(),
      points: recordedPoints(win),
    };
    const where = `${label}: seat ${win.winner} ${tsumo ? 'tsumo' : `ron on seat ${win.from}`}`;
    // The figures come from `scoreWin` (the `score` JSON API); the payments need the typed hand's base points.
    const scored = scoreWin(input);
    const parsed = parseScoreInput(input);
    const typed = parsed.ok ? scoreHand(parsed.value.win, parsed.value.options) : parsed;
    if (!scored.ok) {
      return {
        where,
        input,
        expected,
        got: { code: scored.code, message: scored.message },
        differences: [`scoring failed: ${scored.code}: ${scored.message}`],
        hand: null,
      };
    }
    const out = scored.value;
    const got: WinFigures = {
      han: out.han,
      fu: out.fu,
      yaku: out.yaku
        .filter((y) => 'yakuman' in y || y.han > 0)
        .map((y) => ('yakuman' in y ? `${y.name}=Y${y.yakuman}` : `${y.name}=${y.han}`))
        .sort(),
      points: scoredPoints(out.points, tsumo, dealer),
    };
    const differences: string[] = [];
    const compare = (field: string, want: unknown, have: unknown): void => {
      if (JSON.stringify(want) !== JSON.stringify(have))
        differences.push(`${field}: expected ${JSON.stringify(want)}, got ${JSON.stringify(have)}`);
    };
    if (expected.han !== null) compare('han', expected.han, got.han);
    if (expected.fu !== null) compare('fu', expected.fu, got.fu);
    compare('yaku', expected.yaku, got.yaku);
    compare('points', expected.points, got.points);
    if (!typed.ok)
      differences.push(`scoreHand failed where scoreWin did not: ${typed.code}: ${typed.message}`);
    return { where, input, expected, got, differences, hand: typed.ok ? typed.value : null };
  });
}

/**
 * Tenpai seats at an exhaustive draw (tenhou: a hand waiting only on tiles it holds all four of is noten)
 * and the payments they imply: 3000 from the noten seats to the tenpai seats. Null when the round is no
 * exhaustive draw.
 */
export function exhaustiveDrawPayments(
  round: RoundRecord,
  final: RoundState,
): { readonly tenpai: readonly boolean[]; readonly deltas: readonly number[] } | null {
  if (round.result.type !== 'draw' || !['exhaustive', 'allTenpai', 'allNoten'].includes(round.result.kind))
    return null;
  const tenpai = final.seats.map((seat) => {
    const held = countKinds([...seat.concealed, ...seat.melds.flatMap((m) => m.tiles)]);
    return isTenpaiAtDraw(countKinds(seat.concealed), seat.melds.length, held);
  });
  const count = tenpai.filter(Boolean).length;
  const deltas =
    count === 0 || count === 4 ? [0, 0, 0, 0] : tenpai.map((t) => (t ? 3000 / count : -3000 / (4 - count)));
  return { tenpai, deltas };
}

/** Every win and exhaustive draw of a game, replayed and checked. */
export interface GameCheck {
  readonly wins: readonly WinCheck[];
  /** Rounds won whose score changes rules/payments computed (all wins scored). */
  readonly paymentsChecked: number;
  /** Rounds whose recorded score changes (summed over the winners) differ from rules/payments. */
  readonly paymentDifferences: readonly string[];
  /** Exhaustive draws whose tenpai payments (or all-tenpai / all-noten label) differ from the hands. */
  readonly drawDifferences: readonly string[];
  readonly exhaustiveDraws: number;
}

/** Whether the log's table had red fives. */
export const redFivesOf = (record: GameRecord): boolean =>
  (record.rules.aka ?? 0) > 0 ||
  [record.rules.aka51, record.rules.aka52, record.rules.aka53].some((n) => (n ?? 0) > 0);

/**
 * Replays and scores a whole game. `options` are the payment rules (default: the tenhou preset, red fives as
 * the log's table had them); the scoring itself always uses the tenhou preset via `score` input.
 */
export function checkGame(record: GameRecord, options?: RuleOptions): GameCheck {
  const wins: WinCheck[] = [];
  const drawDifferences: string[] = [];
  const paymentDifferences: string[] = [];
  let exhaustiveDraws = 0;
  let paymentsChecked = 0;
  const redFives = redFivesOf(record);
  const rules = options ?? makeRules(TENHOU, redFives ? {} : { redFives: 'none' });
  record.rounds.forEach((round, index) => {
    const label = `log[${index}] ${roundName(round.round, round.honba)}`;
    const replay = replayRound(round);
    // A GameRecord comes from the parser, which already replayed every round: a failure here is a broken invariant.
    if (!replay.ok) throw new Error(`${label}: a parsed round no longer replays: ${replay.message}`);
    const checks = checkRoundWins(round, replay.value.final, label, redFives);
    wins.push(...checks);
    const hands = checks.map((c) => c.hand);
    if (round.result.type === 'win' && hands.every((h) => h !== null)) {
      paymentsChecked++;
      const recorded = [0, 1, 2, 3].map((s) =>
        round.result.type === 'win' ? round.result.wins.reduce((n, w) => n + w.deltas[s]!, 0) : 0,
      );
      const computed = roundPayments(round, replay.value.final, hands as ScoredHand[], rules);
      if (!computed.ok)
        paymentDifferences.push(`${label}: payments failed: ${computed.code}: ${computed.message}`);
      else if (JSON.stringify(computed.value) !== JSON.stringify(recorded)) {
        paymentDifferences.push(
          `${label}: ${round.result.wins.length} win(s), honba ${round.honba}, sticks ${round.riichiSticks + replay.value.final.riichiPaid}: recorded deltas ${JSON.stringify(recorded)}, rules/payments ${JSON.stringify(computed.value)}`,
        );
      }
    }
    const draw = exhaustiveDrawPayments(round, replay.value.final);
    if (draw && round.result.type === 'draw') {
      exhaustiveDraws++;
      const recorded = round.result.deltas ?? [0, 0, 0, 0];
      const count = draw.tenpai.filter(Boolean).length;
      const kind = round.result.kind;
      const labelFits = kind === 'exhaustive' || (kind === 'allTenpai' ? count === 4 : count === 0);
      if (JSON.stringify(recorded) !== JSON.stringify(draw.deltas) || !labelFits) {
        drawDifferences.push(
          `${label}: ${kind}: recorded deltas ${JSON.stringify(recorded)}, the hands give ${count} tenpai and ${JSON.stringify(draw.deltas)}`,
        );
      }
    }
  });
  return { wins, paymentsChecked, paymentDifferences, drawDifferences, exhaustiveDraws };
}
