// The plain-data model of an imported game log: rounds, each with its deal, ordered events and result.
import type { Seat } from '../../../rules/payments.js';
import type { Tile } from '../../../rules/tiles.js';

export type { Seat };

/** Stable codes of a refused log file. */
export type FormatErrorCode =
  /** Not JSON at all, or cut off mid-text. */
  | 'bad_json'
  /** JSON, but not a well-formed game log: the message names the place (`log[3] East 4-1, seat 2 discards[5]`). */
  | 'bad_log'
  /** A tile code that is not a tile (tenhou codes 11-19, 21-29, 31-39, 41-47, 51-53). */
  | 'bad_tile'
  /** Written by a newer version of the format than this importer reads. */
  | 'unsupported_version'
  /** A game this importer does not model (three-player tables). */
  | 'unsupported_rules';

export interface FormatError {
  readonly ok: false;
  readonly code: FormatErrorCode;
  readonly message: string;
}

export type FormatResult<T> = { readonly ok: true; readonly value: T } | FormatError;

export const formatError = (code: FormatErrorCode, message: string): FormatError => ({
  ok: false,
  code,
  message,
});

/** A tile drawn from the live wall, or from the dead wall after a kan (`rinshan`). */
export interface DrawEvent {
  readonly type: 'draw';
  readonly seat: Seat;
  readonly tile: Tile;
  readonly rinshan: boolean;
}

/** A discard; `tsumogiri` = the tile just drawn; `riichi` = the discard that declares riichi. */
export interface DiscardEvent {
  readonly type: 'discard';
  readonly seat: Seat;
  readonly tile: Tile;
  readonly tsumogiri: boolean;
  readonly riichi: boolean;
}

/** A chi, pon or open kan (daiminkan) of `from`'s last discard. `handTiles` in the order the log wrote them. */
export interface ClaimEvent {
  readonly type: 'chi' | 'pon' | 'minkan';
  readonly seat: Seat;
  readonly from: Seat;
  readonly calledTile: Tile;
  readonly handTiles: readonly Tile[];
}

/** A closed kan of four tiles from the hand (in the order the log wrote them). */
export interface AnkanEvent {
  readonly type: 'ankan';
  readonly seat: Seat;
  readonly tiles: readonly Tile[];
}

/** A pon upgraded with the fourth tile; `ponTiles` as the log wrote them, `from` = whom the pon was called from. */
export interface KakanEvent {
  readonly type: 'kakan';
  readonly seat: Seat;
  readonly from: Seat;
  readonly addedTile: Tile;
  readonly ponTiles: readonly Tile[];
}

/** A kan dora indicator turned over (tenhou: at once for a closed kan, after the next discard for an open one). */
export interface DoraEvent {
  readonly type: 'dora';
  readonly indicator: Tile;
}

export type RoundEvent = DrawEvent | DiscardEvent | ClaimEvent | AnkanEvent | KakanEvent | DoraEvent;

export type CallEvent = ClaimEvent | AnkanEvent | KakanEvent;

/** Tenhou's limit names, as recorded in the score text (`満貫8000点`). */
export type RecordedLimit = 'mangan' | 'haneman' | 'baiman' | 'sanbaiman' | 'yakuman';

/** What the loser(s) paid, as recorded (without honba and sticks). */
export type RecordedPoints =
  | { readonly kind: 'ron'; readonly ron: number }
  /** Non-dealer tsumo: each non-dealer pays `tsumoNonDealer`, the dealer `tsumoDealer`. */
  | { readonly kind: 'tsumo'; readonly tsumoNonDealer: number; readonly tsumoDealer: number }
  /** Dealer tsumo: each of the three pays `each`. */
  | { readonly kind: 'tsumoAll'; readonly each: number };

/** One recorded yaku (`立直(1飜)` → {name: '立直', han: 1}; `大三元(役満)` → {name: '大三元', yakuman: true}). */
export type RecordedYaku =
  { readonly name: string; readonly han: number } | { readonly name: string; readonly yakuman: true };

export interface WinRecord {
  readonly winner: Seat;
  /** The discarder (or the robbed kan's owner); the winner itself for a tsumo. */
  readonly from: Seat;
  /** The seat liable for a yakuman (pao), null when none. */
  readonly liable: Seat | null;
  readonly deltas: readonly number[];
  /** Fu and han as written for hands below mangan; null for limit hands (tenhou omits them). */
  readonly fu: number | null;
  readonly han: number | null;
  readonly limit: RecordedLimit | null;
  readonly points: RecordedPoints;
  readonly yaku: readonly RecordedYaku[];
}

/** How a round ended without a win. `exhaustive` is `流局`; `allTenpai`/`allNoten` tenhou's own spelling of it. */
export type DrawKind =
  | 'exhaustive'
  | 'allTenpai'
  | 'allNoten'
  | 'nagashiMangan'
  | 'nineTerminals'
  | 'fourWinds'
  | 'fourKans'
  | 'fourRiichi'
  | 'tripleRon';

export type RoundResult =
  | { readonly type: 'win'; readonly wins: readonly WinRecord[] }
  | { readonly type: 'draw'; readonly kind: DrawKind; readonly deltas: readonly number[] | null };

export interface RoundRecord {
  /** 0 = East 1 … 3 = East 4, 4 = South 1, …; the dealer is seat `round % 4`. */
  readonly round: number;
  readonly honba: number;
  /** Riichi sticks on the table when the round starts. */
  readonly riichiSticks: number;
  readonly startScores: readonly number[];
  /** Every dora indicator shown in the round, the first one and then one per revealed kan. */
  readonly doraIndicators: readonly Tile[];
  readonly uraIndicators: readonly Tile[];
  /** The four 13-tile deals, by seat, in the order the log wrote them. */
  readonly deals: readonly (readonly Tile[])[];
  readonly events: readonly RoundEvent[];
  readonly result: RoundResult;
}

/** Table rules as tenhou records them: a display name and the red fives. */
export interface RecordedRules {
  readonly display: string;
  /** `aka`: 1 = one red five per suit. */
  readonly aka?: number;
  /** tenhou.net/6 editor form: red fives per suit. */
  readonly aka51?: number;
  readonly aka52?: number;
  readonly aka53?: number;
}

/** Fields of tenhou's own logs that say nothing about play, kept so an export gives them back. */
export interface RecordedMeta {
  readonly ver?: string;
  readonly ref?: string;
  /** Final scores and points, alternating: [score0, points0, score1, points1, …]. */
  readonly sc?: readonly number[];
  readonly ratingc?: string;
  readonly lobby?: number;
  readonly dan?: readonly string[];
  readonly rate?: readonly number[];
  readonly sx?: readonly string[];
}

export interface GameRecord {
  readonly title: readonly string[];
  readonly players: readonly string[];
  readonly rules: RecordedRules;
  readonly meta: RecordedMeta;
  readonly rounds: readonly RoundRecord[];
}

const WIND_NAMES = ['East', 'South', 'West', 'North'];

/** `East 4-1` for round 3 with one honba: used in every message that names a round. */
export function roundName(round: number, honba: number): string {
  return `${WIND_NAMES[Math.floor(round / 4) % 4]} ${(round % 4) + 1}-${honba}`;
}

export const dealerOf = (round: number): Seat => (round % 4) as Seat;
