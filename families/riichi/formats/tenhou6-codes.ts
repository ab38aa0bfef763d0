// tenhou.net/6 tile codes (11-47, 51-53 red fives) and call strings ("c123456", "45p4545", "454545a45") both ways.
import { isRedFive, RED_FLAG, tileKind, type Tile } from '../../../rules/tiles.js';

/** A discard written as 60 is the tile just drawn (tsumogiri). */
export const TSUMOGIRI_CODE = 60;

/** Tenhou code → Tile, or null when the code is no tile. 11-19 man, 21-29 pin, 31-39 sou, 41-47 E S W N Wh G R. */
export function tileFromCode(code: number): Tile | null {
  if (!Number.isInteger(code)) return null;
  if (code >= 51 && code <= 53) return (((code - 51) * 9 + 4) | RED_FLAG) as Tile;
  const suit = Math.floor(code / 10);
  const digit = code % 10;
  if (suit >= 1 && suit <= 3 && digit >= 1 && digit <= 9) return ((suit - 1) * 9 + digit - 1) as Tile;
  if (suit === 4 && digit >= 1 && digit <= 7) return (27 + digit - 1) as Tile;
  return null;
}

export function codeOfTile(tile: Tile): number {
  const kind = tileKind(tile);
  if (isRedFive(tile)) return 51 + Math.floor(kind / 9);
  if (kind >= 27) return 41 + kind - 27;
  return (Math.floor(kind / 9) + 1) * 10 + (kind % 9) + 1;
}

export type CallLetter = 'c' | 'p' | 'm' | 'k' | 'a';

/**
 * A call string split up: the tiles in written order and which one the letter marks. The mark says whom a
 * claimed tile came from by where it sits (first = previous player, middle = opposite, last = next player).
 * Example: "45p4545" → {letter: 'p', codes: [45, 45, 45], marked: 1} (pon of West from the opposite seat).
 */
export interface CallString {
  readonly letter: CallLetter;
  readonly codes: readonly number[];
  readonly marked: number;
}

const CALL_PATTERN = /^((?:\d\d)*)([cpmka])(\d\d)((?:\d\d)*)$/;

/** Splits a call string, or null when it is not one letter among two-digit codes. */
export function splitCall(text: string): CallString | null {
  const match = CALL_PATTERN.exec(text);
  if (!match) return null;
  const pairs = (digits: string): number[] => (digits.match(/\d\d/g) ?? []).map(Number);
  const before = pairs(match[1]!);
  return {
    letter: match[2] as CallLetter,
    codes: [...before, Number(match[3]), ...pairs(match[4]!)],
    marked: before.length,
  };
}

export function joinCall(call: CallString): string {
  return call.codes.map((code, i) => (i === call.marked ? call.letter : '') + String(code)).join('');
}
