// Adapter: scores a win in the `score` input format with @kobalab/majiang-core (the test oracle, never a runtime dependency).
import { createRequire } from 'node:module';
import type { WinInput, WinMeld } from './generate.js';
import { YAKU_NAMES } from '../../families/riichi/formats/score-check.js';

/** The parts of majiang-core's API used here (lib/hule.js, lib/shoupai.js, lib/rule.js). */
interface MajiangShoupai {
  readonly _fulou: string[];
}
interface MajiangHupai {
  name: string;
  fanshu: number | string;
}
interface MajiangHule {
  hupai?: MajiangHupai[];
  fu?: number;
  fanshu?: number;
  damanguan?: number;
  defen: number;
  fenpei?: number[];
}
export interface MajiangParam {
  rule: Record<string, unknown>;
  zhuangfeng: number;
  menfeng: number;
  hupai: {
    lizhi: number;
    yifa: boolean;
    qianggang: boolean;
    lingshang: boolean;
    haidi: number;
    tianhu: number;
  };
  baopai: string[];
  fubaopai: string[] | null;
  jicun: { changbang: number; lizhibang: number };
}
interface MajiangModule {
  rule: (param?: Record<string, unknown>) => Record<string, unknown>;
  Shoupai: { fromString(s: string): MajiangShoupai; valid_mianzi(m: string): string | undefined };
  Util: {
    hule(shoupai: MajiangShoupai, rongpai: string | null, param: MajiangParam): MajiangHule | undefined;
    hule_param(p: Record<string, unknown>): MajiangParam;
  };
}

const require = createRequire(import.meta.url);
export const Majiang = require('@kobalab/majiang-core') as MajiangModule;

/** One win ready for `Majiang.Util.hule` (built outside any timed loop). */
export interface MajiangCall {
  readonly shoupai: MajiangShoupai;
  readonly rongpai: string | null;
  readonly param: MajiangParam;
}

/** The comparable result: what both engines must agree on. */
export interface ComparableScore {
  /** `not_a_win` / `no_yaku`, or the score. */
  readonly error: 'not_a_win' | 'no_yaku' | null;
  readonly han: number | null;
  readonly fu: number | null;
  readonly yakuman: number;
  readonly total: number;
  readonly points: { ron?: number; tsumoDealer?: number; tsumoNonDealer?: number } | null;
  readonly yaku: readonly string[];
}

/** `1m` … `7z` (our notation) → majiang's `m1`; red fives stay `0` only when they count. */
function tileToMajiang(tile: string, red: boolean): string {
  const digit = tile[0] === '0' && !red ? '5' : tile[0]!;
  return tile[1]! + digit;
}

/** Compact string (`123m406p`) → majiang suit groups (`m123p406`). */
function tilesToMajiang(tiles: string, red: boolean): string {
  let out = '';
  let digits = '';
  for (const ch of tiles) {
    if (ch >= '0' && ch <= '9') digits += ch === '0' && !red ? '5' : ch;
    else {
      out += ch + digits;
      digits = '';
    }
  }
  return out;
}

/** from 1 = next player (shimocha) `+`, 2 = opposite (toimen) `=`, 3 = previous (kamicha) `-`. */
const DIRECTION = { 1: '+', 2: '=', 3: '-' } as const;

function meldToMajiang(meld: WinMeld, red: boolean): string {
  const digits = [...meld.tiles.slice(0, -1)].map((d) => (d === '0' && !red ? '5' : d));
  const suit = meld.tiles.slice(-1);
  const dir = DIRECTION[meld.from ?? (meld.type === 'chi' ? 3 : 2)];
  const called = meld.calledTile
    ? meld.calledTile[0] === '0' && !red
      ? '5'
      : meld.calledTile[0]!
    : digits[0]!;
  let m: string;
  if (meld.type === 'ankan') m = suit + digits.join('');
  else if (meld.type === 'chi') {
    const i = digits.indexOf(called);
    m = suit + digits.map((d, j) => (j === i ? d + '-' : d)).join('');
  } else if (meld.type === 'pon') m = suit + digits.join('') + dir;
  else if (meld.type === 'minkan') m = suit + digits.join('') + dir;
  else {
    const added = meld.addedTile
      ? meld.addedTile[0] === '0' && !red
        ? '5'
        : meld.addedTile[0]!
      : digits[3]!;
    const rest = [...digits];
    rest.splice(rest.indexOf(added), 1);
    m = suit + rest.join('') + dir + added;
  }
  const valid = Majiang.Shoupai.valid_mianzi(m);
  if (!valid) throw new Error(`majiang rejects meld ${m} built from ${JSON.stringify(meld)}`);
  return valid;
}

/** The majiang rule matching a win's `rules` (tenhou: red fives, kuitan, double yakuman off, kazoe on, kiriage off). */
export function majiangRule(rules: WinInput['rules']): Record<string, unknown> {
  return Majiang.rule({
    クイタンあり: rules.openTanyao,
    ダブル役満あり: rules.doubleYakuman,
    数え役満あり: rules.kazoeYakuman,
    切り上げ満貫あり: rules.kiriageMangan,
    役満の複合あり: rules.yakumanStacking,
    連風牌は2符: false,
    // Liability changes who pays, not the value; off so that fenpei gives the plain per-payer points.
    役満パオあり: false,
  });
}

const ruleCache = new Map<string, Record<string, unknown>>();

/** Converts a win to majiang's representation (hand string, ron tile with its direction, hule param). */
export function toMajiang(win: WinInput): MajiangCall {
  const red = win.redFivesEnabled;
  const closed = tilesToMajiang(win.closedTiles, red);
  const winTile = tileToMajiang(win.winTile, red);
  const melds = win.melds.map((m) => meldToMajiang(m, red));
  const hand = (win.tsumo ? closed + winTile : closed) + melds.map((m) => ',' + m).join('');
  const shoupai = Majiang.Shoupai.fromString(hand);
  // The discarder's direction only matters for liability, which changes who pays, not the total.
  const rongpai = win.tsumo ? null : winTile + '-';
  const ruleKey = JSON.stringify(win.rules);
  let rule = ruleCache.get(ruleKey);
  if (!rule) ruleCache.set(ruleKey, (rule = majiangRule(win.rules)));
  const param = Majiang.Util.hule_param({
    rule,
    zhuangfeng: win.roundWind - 1,
    menfeng: win.seatWind - 1,
    lizhi: win.doubleRiichi ? 2 : win.riichi ? 1 : 0,
    yifa: win.ippatsu,
    qianggang: win.chankan,
    lingshang: win.rinshan,
    haidi: win.haitei ? 1 : win.houtei ? 2 : 0,
    tianhu: win.tenhou ? 1 : win.chiihou ? 2 : 0,
    baopai: win.doraIndicators.map((t) => tileToMajiang(t, false)),
    fubaopai: win.riichi ? win.uraIndicators.map((t) => tileToMajiang(t, false)) : null,
    changbang: win.honba,
    lizhibang: win.riichiSticks,
  });
  return { shoupai, rongpai, param };
}

/** Runs `Majiang.Util.hule` on a converted win. */
export const huleOf = (call: MajiangCall): MajiangHule | undefined =>
  Majiang.Util.hule(call.shoupai, call.rongpai, call.param);

/** majiang-core spells five yaku otherwise than tenhou's logs; the rest are tenhou's names. */
const MAJIANG_SPELLINGS: Readonly<Record<string, string>> = {
  '役牌 白': '翻牌 白',
  '役牌 發': '翻牌 發',
  '役牌 中': '翻牌 中',
  両立直: 'ダブル立直',
  国士無双１３面: '国士無双十三面',
};

/** Majiang's yaku names (Japanese) → the corpus names of FORMAT.md: tenhou's map, without renhou (not on tenhou). */
export const MAJIANG_YAKU_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(YAKU_NAMES)
    .filter(([name]) => name !== '人和')
    .map(([name, corpusName]) => [MAJIANG_SPELLINGS[name] ?? name, corpusName]),
);

/** majiang's result in the comparable form; `winnerIsDealer` and honba recover the per-payer points. */
export function comparable(win: WinInput, result: MajiangHule | undefined): ComparableScore {
  if (!result)
    return { error: 'not_a_win', han: null, fu: null, yakuman: 0, total: 0, points: null, yaku: [] };
  if (!result.hupai || result.defen === 0)
    return { error: 'no_yaku', han: null, fu: null, yakuman: 0, total: 0, points: null, yaku: [] };
  const yakuman = result.damanguan ?? 0;
  const yaku = result.hupai.map((h) => MAJIANG_YAKU_NAMES[h.name] ?? h.name);
  const fenpei = result.fenpei!;
  const winner = win.seatWind - 1;
  let points: ComparableScore['points'];
  if (!win.tsumo) points = { ron: result.defen };
  else if (win.dealer) points = { tsumoNonDealer: -fenpei[(winner + 1) % 4]! - 100 * win.honba };
  else
    points = {
      tsumoDealer: -fenpei[0]! - 100 * win.honba,
      tsumoNonDealer: -fenpei[winner === 1 ? 2 : 1]! - 100 * win.honba,
    };
  return {
    error: null,
    han: yakuman > 0 ? null : result.fanshu!,
    fu: yakuman > 0 ? null : result.fu!,
    yakuman,
    total: result.defen,
    points,
    yaku,
  };
}

/** Scores a win with majiang-core in the comparable form. */
export const scoreWithMajiang = (win: WinInput): ComparableScore => comparable(win, huleOf(toMajiang(win)));
