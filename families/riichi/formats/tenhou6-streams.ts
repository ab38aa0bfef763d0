// The four seats' draw and discard streams of a tenhou.net/6 round decoded and put into play order.
import type { Tile } from '../../../rules/tiles.js';
import {
  dealerOf,
  type FormatError,
  type FormatResult,
  type RoundEvent,
  type RoundRecord,
  type Seat,
} from './game-record.js';
import { splitCall, tileFromCode, TSUMOGIRI_CODE } from './tenhou6-codes.js';
import type { Fail } from './tenhou6-schema.js';

export type Attempt =
  | { readonly ok: true; readonly value: RoundRecord }
  | (FormatError & { readonly claims?: readonly number[] });

/** Orders tried when the first reading of the claims fails, and how many claims one reading may pass over. */
const CLAIM_SEARCH_BUDGET = 64;
const CLAIM_SEARCH_DEPTH = 2;

/**
 * The log does not say when a claim happened, only in which order each seat claimed. The first reading
 * takes each claim at the first discard it fits; a seat that passed a tile and claimed the same tile from
 * the same seat later (rare) makes that reading fail, so readings that pass over one or two of the claims
 * taken are tried too. The first reading's error is reported when none replays.
 */
export function searchClaims(build: (declined: ReadonlySet<number>) => Attempt): FormatResult<RoundRecord> {
  const first = build(new Set());
  if (first.ok) return first;
  let budget = CLAIM_SEARCH_BUDGET;
  const search = (
    attempt: Attempt,
    declined: ReadonlySet<number>,
    depth: number,
  ): FormatResult<RoundRecord> | null => {
    if (attempt.ok) return attempt;
    if (depth >= CLAIM_SEARCH_DEPTH || !attempt.claims) return null;
    for (const claim of [...attempt.claims].reverse()) {
      if (declined.has(claim) || budget-- <= 0) continue;
      const next = new Set(declined).add(claim);
      const found = search(build(next), next, depth + 1);
      if (found) return found;
    }
    return null;
  };
  const found = search(first, new Set(), 0);
  return found ?? { ok: false, code: first.code, message: first.message };
}

// ---- the per-seat streams ---------------------------------------------------------------------------------

export type DrawEntry =
  | { readonly kind: 'tile'; readonly tile: Tile; readonly where: string }
  | {
      readonly kind: 'claim';
      readonly type: 'chi' | 'pon' | 'minkan';
      readonly from: Seat;
      readonly calledTile: Tile;
      readonly handTiles: Tile[];
      readonly where: string;
    };

export type DiscardEntry =
  | { readonly kind: 'tile'; readonly tile: Tile | null; readonly riichi: boolean; readonly where: string }
  | { readonly kind: 'ankan'; readonly tiles: Tile[]; readonly where: string }
  | {
      readonly kind: 'kakan';
      readonly from: Seat;
      readonly addedTile: Tile;
      readonly ponTiles: Tile[];
      readonly where: string;
    }
  /** The 0 written in the discards after an open kan (the kan took that turn's discard slot). */
  | { readonly kind: 'afterOpenKan'; readonly where: string };

/** Where the marked tile of a claim sits for a claim from `relative` (1 next, 2 opposite, 3 previous player). */
export function markedIndex(type: 'chi' | 'pon' | 'minkan' | 'kakan', relative: 1 | 2 | 3): number {
  if (relative === 3) return 0;
  if (relative === 2) return 1;
  return type === 'minkan' ? 3 : 2;
}

/** Inverse of `markedIndex`: the relative seat, or null when the position is not one a call can have. */
function relativeOfMark(type: 'chi' | 'pon' | 'minkan' | 'kakan', marked: number): 1 | 2 | 3 | null {
  for (const relative of [3, 2, 1] as const) {
    if (markedIndex(type, relative) === marked && (type !== 'chi' || relative === 3)) return relative;
  }
  return null;
}

const seatAt = (seat: Seat, relative: number): Seat => ((seat + relative) % 4) as Seat;

function callTiles(codes: readonly number[], where: string, failAt: Fail): FormatResult<Tile[]> {
  const out: Tile[] = [];
  for (const code of codes) {
    const tile = tileFromCode(code);
    if (tile === null) return failAt(`${where}: ${code} is not a tile code`, 'bad_tile');
    out.push(tile);
  }
  return { ok: true, value: out };
}

const CLAIM_TYPES = { c: 'chi', p: 'pon', m: 'minkan' } as const;
const CLAIM_SIZES = { chi: 3, pon: 3, minkan: 4 } as const;

export function decodeDraws(
  items: readonly (number | string)[],
  seat: Seat,
  failAt: Fail,
): FormatResult<DrawEntry[]> {
  const out: DrawEntry[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const where = `seat ${seat} draws[${i}] ${JSON.stringify(item)}`;
    if (typeof item === 'number') {
      const tile = tileFromCode(item);
      if (tile === null)
        return failAt(`${where}: not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)`, 'bad_tile');
      out.push({ kind: 'tile', tile, where });
      continue;
    }
    const call = splitCall(item);
    if (!call || !(call.letter in CLAIM_TYPES))
      return failAt(`${where}: a draw is a tile code or a chi/pon/open kan string ("c…", "…p…", "…m…")`);
    const type = CLAIM_TYPES[call.letter as keyof typeof CLAIM_TYPES];
    if (call.codes.length !== CLAIM_SIZES[type])
      return failAt(`${where}: a ${type} has ${CLAIM_SIZES[type]} tiles, not ${call.codes.length}`);
    const relative = relativeOfMark(type, call.marked);
    if (relative === null) return failAt(`${where}: the ${type} marker at tile ${call.marked} names no seat`);
    const tiles = callTiles(call.codes, where, failAt);
    if (!tiles.ok) return tiles;
    const handTiles = tiles.value.filter((_, j) => j !== call.marked);
    out.push({
      kind: 'claim',
      type,
      from: seatAt(seat, relative),
      calledTile: tiles.value[call.marked]!,
      handTiles,
      where,
    });
  }
  return { ok: true, value: out };
}

export function decodeDiscards(
  items: readonly (number | string)[],
  seat: Seat,
  failAt: Fail,
): FormatResult<DiscardEntry[]> {
  const out: DiscardEntry[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const where = `seat ${seat} discards[${i}] ${JSON.stringify(item)}`;
    const riichi = typeof item === 'string' && /^r\d\d$/.test(item);
    if (typeof item === 'number' || riichi) {
      const code = typeof item === 'number' ? item : Number(item.slice(1));
      if (code === 0 && !riichi) {
        out.push({ kind: 'afterOpenKan', where });
        continue;
      }
      if (code === TSUMOGIRI_CODE) {
        out.push({ kind: 'tile', tile: null, riichi, where });
        continue;
      }
      const tile = tileFromCode(code);
      if (tile === null)
        return failAt(
          `${where}: not a tile code (11-19, 21-29, 31-39, 41-47, 51-53, 60 = the drawn tile)`,
          'bad_tile',
        );
      out.push({ kind: 'tile', tile, riichi, where });
      continue;
    }
    const call = splitCall(item);
    if (!call || (call.letter !== 'a' && call.letter !== 'k'))
      return failAt(
        `${where}: a discard is a tile code, "r<code>" (riichi) or a closed/added kan string ("…a…", "…k…")`,
      );
    if (call.codes.length !== 4) return failAt(`${where}: a kan has 4 tiles, not ${call.codes.length}`);
    const tiles = callTiles(call.codes, where, failAt);
    if (!tiles.ok) return tiles;
    if (call.letter === 'a') {
      if (call.marked !== 3) return failAt(`${where}: a closed kan is written "<t><t><t>a<t>"`);
      out.push({ kind: 'ankan', tiles: tiles.value, where });
      continue;
    }
    const relative = relativeOfMark('kakan', call.marked);
    if (relative === null)
      return failAt(`${where}: the added-kan marker at tile ${call.marked} names no seat`);
    out.push({
      kind: 'kakan',
      from: seatAt(seat, relative),
      addedTile: tiles.value[call.marked]!,
      ponTiles: tiles.value.filter((_, j) => j !== call.marked),
      where,
    });
  }
  return { ok: true, value: out };
}

// ---- turn order -------------------------------------------------------------------------------------------

/**
 * Puts the four seats' streams into play order. After each discard, a seat whose next draw entry is a pon or
 * open kan of exactly that tile from that seat claims it (pon and kan before chi, as at the table); else the
 * next seat draws. Kan dora: a closed kan shows its indicator at once, an open or added kan after the next
 * discard (tenhou's rule), as long as the log lists one.
 */
export function interleave(
  round: number,
  draws: DrawEntry[][],
  discards: DiscardEntry[][],
  dora: readonly Tile[],
  failAt: Fail,
  declined: ReadonlySet<number>,
):
  | { readonly ok: true; readonly events: RoundEvent[]; readonly claims: readonly number[] }
  | (FormatError & { readonly claims: readonly number[] }) {
  const events: RoundEvent[] = [];
  /** Discards (counted from 0) at which a claim was taken: the choices `searchClaims` may undo. */
  const claims: number[] = [];
  let discardCount = 0;
  const failHere = (message: string) => ({ ...failAt(message), claims });
  const drawAt = [0, 0, 0, 0];
  const discardAt = [0, 0, 0, 0];
  let actor: Seat = dealerOf(round);
  let phase: 'draw' | 'discard' = 'draw';
  let rinshan = false;
  let drawn: Tile | null = null;
  let doraShown = 1;
  let openKanDora = 0;
  const reveal = (count: number): number => {
    let left = count;
    while (left > 0 && doraShown < dora.length) {
      events.push({ type: 'dora', indicator: dora[doraShown++]! });
      left--;
    }
    return left;
  };
  for (;;) {
    if (phase === 'draw') {
      const entry = draws[actor]![drawAt[actor]!];
      if (!entry) break;
      if (entry.kind !== 'tile')
        return failHere(
          `${entry.where}: a ${entry.type} where seat ${actor} should draw from the wall (nobody discarded a tile to claim)`,
        );
      drawAt[actor]!++;
      events.push({ type: 'draw', seat: actor, tile: entry.tile, rinshan });
      drawn = entry.tile;
      rinshan = false;
      phase = 'discard';
      continue;
    }
    const entry = discards[actor]![discardAt[actor]!];
    if (!entry) break;
    discardAt[actor]!++;
    if (entry.kind === 'afterOpenKan')
      return failHere(`${entry.where}: 0 stands only right after an open kan`);
    if (entry.kind === 'ankan') {
      openKanDora = reveal(openKanDora);
      events.push({ type: 'ankan', seat: actor, tiles: entry.tiles });
      reveal(1);
      phase = 'draw';
      rinshan = true;
      drawn = null;
      continue;
    }
    if (entry.kind === 'kakan') {
      openKanDora = reveal(openKanDora);
      events.push({
        type: 'kakan',
        seat: actor,
        from: entry.from,
        addedTile: entry.addedTile,
        ponTiles: entry.ponTiles,
      });
      openKanDora++;
      phase = 'draw';
      rinshan = true;
      drawn = null;
      continue;
    }
    let tile = entry.tile;
    if (tile === null) {
      if (drawn === null)
        return failHere(
          `${entry.where}: 60 means the drawn tile, but seat ${actor} drew none this turn (it called)`,
        );
      tile = drawn;
    }
    events.push({ type: 'discard', seat: actor, tile, tsumogiri: entry.tile === null, riichi: entry.riichi });
    drawn = null;
    openKanDora = reveal(openKanDora);
    const ordinal = discardCount++;
    const caller = declined.has(ordinal) ? null : claimant(actor, tile, draws, drawAt);
    if (caller === null) {
      actor = seatAt(actor, 1);
      phase = 'draw';
      continue;
    }
    const claim = draws[caller]![drawAt[caller]!]! as Extract<DrawEntry, { kind: 'claim' }>;
    drawAt[caller]!++;
    claims.push(ordinal);
    events.push({
      type: claim.type,
      seat: caller,
      from: actor,
      calledTile: claim.calledTile,
      handTiles: claim.handTiles,
    });
    actor = caller;
    if (claim.type === 'minkan') {
      const slot = discards[caller]![discardAt[caller]!];
      if (!slot || slot.kind !== 'afterOpenKan') {
        return failHere(
          `${claim.where}: an open kan is followed by 0 in the discards, found ${slot ? slot.where : `the end of seat ${caller}'s discards`}`,
        );
      }
      discardAt[caller]!++;
      openKanDora++;
      phase = 'draw';
      rinshan = true;
    } else {
      phase = 'discard';
    }
  }
  for (let seat = 0; seat < 4; seat++) {
    const draw = draws[seat]![drawAt[seat]!];
    const discard = discards[seat]![discardAt[seat]!];
    const left = draw ?? discard;
    if (left) {
      return failHere(
        `${left.where} is never reached: play stops at seat ${actor}'s ${phase} (${phase === 'draw' ? `draws[${drawAt[actor]}]` : `discards[${discardAt[actor]}]`} is missing)`,
      );
    }
  }
  if (doraShown < dora.length)
    return failHere(`dora indicators: ${dora.length} listed, only ${doraShown} turned over (1 + kans)`);
  return { ok: true, events, claims };
}

/** The seat that claims `tile` just discarded by `discarder`, judged by each seat's next draw entry; or null. */
function claimant(discarder: Seat, tile: Tile, draws: DrawEntry[][], drawAt: number[]): Seat | null {
  const fits = (seat: Seat, types: readonly string[]): boolean => {
    const next = draws[seat]![drawAt[seat]!];
    return (
      next !== undefined &&
      next.kind === 'claim' &&
      types.includes(next.type) &&
      next.from === discarder &&
      next.calledTile === tile
    );
  };
  for (let relative = 1; relative < 4; relative++) {
    const seat = seatAt(discarder, relative);
    if (fits(seat, ['pon', 'minkan'])) return seat;
  }
  const next = seatAt(discarder, 1);
  return fits(next, ['chi']) ? next : null;
}
