// Riichi reconcile after a link loss: the table's snapshot against the hand the host knows → the next input it missed, or why it cannot tell.
import type { Seat as RiichiSeat } from '../../rules/payments.js';
import { NORTH, tileKind, type Tile } from '../../rules/tiles.js';
import type { RiichiInput } from './machines/events.js';
import { claimWindow, type HandModel } from './machines/model.js';
import { drawInputFor } from './machines/table-inputs.js';
import type { Seat, TableSnapshot } from '../../table/table-events.js';

/** Why the snapshot cannot be replayed as plain draws, discards and passes (the operator has to look). */
export type ReconcileMismatchCode =
  /** A pond on the table is not the one the host knows, at `index`. */
  | 'pond_diverged'
  /** The table shows a meld the host never heard of that cannot be replayed (unread tiles, not the seat's to make). */
  | 'meld_missed'
  /** A missed discard the sensors could not read. */
  | 'discard_unread'
  /** A missed discard of a tile the seat does not hold. */
  | 'not_in_hand'
  /** The table shows discards the turn order cannot give from where the hand stands. */
  | 'out_of_turn';

/** What the operator should check at the table for each mismatch (the console and the running log show it). */
export const RECONCILE_CHECK: Readonly<Record<ReconcileMismatchCode, string>> = {
  pond_diverged: "compare the seat's pond with the log; correct the misread discard",
  meld_missed: 'a call or kan was made while the link was down: enter it, or have the seat undo it',
  discard_unread: "read the seat's last discard and enter it as a correction",
  not_in_hand: "the seat's last discard is not a tile it holds: check the pond for a misread tile",
  out_of_turn: 'a seat discarded out of turn while the link was down: have it take the tile back',
};

export type ReconcileStep =
  | { readonly kind: 'inSync' }
  | { readonly kind: 'missed'; readonly input: RiichiInput }
  | {
      readonly kind: 'mismatch';
      readonly code: ReconcileMismatchCode;
      readonly seat: RiichiSeat;
      readonly message: string;
    };

const IN_SYNC: ReconcileStep = { kind: 'inSync' };

/**
 * The next input the host missed while the link was down, read from the table's snapshot (`seats`: the table
 * seats in play, riichi seat i at `seats[i]`). Call it again after applying each input until `inSync`; the
 * caller stops at a mismatch. What a snapshot shows: the ponds as they lie (a called tile has left its pond)
 * and the melds. So it can replay, in turn order:
 * - a draw, when the seat the hand waits on has a longer pond (it drew, then discarded): the wall model's tile;
 * - that seat's discard (the pond's next tile; a riichi declaration when the snapshot shows it lying sideways,
 *   protocol 2 `riichiDiscards`: a declaration lost with its discard in a reboot comes back, issue 13);
 * - the passes of a claim window, once some seat's pond has grown past it (everybody let the tile go);
 * - a meld the host missed (issue 13): a call on the tile on offer (chi, pon, open kan: the meld holds it), the other
 *   seats then passing; or, on the seat's own turn, a closed kan (four alike), an added kan or a North (one tile).
 * Example: the host knows seat 1 on turn with 3 discards, the table shows 4 for seat 1 and 4 for seat 2 →
 * `seat.discarded` (seat 1), then the window's passes, then `seat.drew` and `seat.discarded` for seat 2.
 */
export function nextMissedInput(
  hand: HandModel,
  snapshot: Pick<TableSnapshot, 'discards' | 'melds' | 'riichiDiscards'>,
  seats: readonly Seat[],
): ReconcileStep {
  const known = hand.ponds.map((pond) => pond.filter((p) => !p.called).map((p) => p.tile));
  // Melds first: a missed call also took its tile out of the discarder's pond.
  for (let s = 0; s < hand.players; s++) {
    const seat = s as RiichiSeat;
    const table = snapshot.melds[seats[s]!] ?? [];
    const laid = meldsOnTable(hand, seat);
    if (table.length <= laid) continue;
    const input = missedMeldInput(hand, seat, table[laid]!);
    return input === null
      ? mismatch('meld_missed', seat, `the table shows a meld of seat ${s} the host never heard of`)
      : { kind: 'missed', input };
  }
  const extra: number[] = [];
  for (let s = 0; s < hand.players; s++) {
    const seat = s as RiichiSeat;
    const table = snapshot.discards[seats[s]!] ?? [];
    const mine = known[s]!;
    for (let i = 0; i < Math.min(mine.length, table.length); i++) {
      const seen = table[i];
      if (seen !== null && seen !== undefined && !sameTile(seen, mine[i]!))
        return mismatch(
          'pond_diverged',
          seat,
          `seat ${s}'s discard ${i + 1} is ${seen} on the table, ${mine[i]} here`,
        );
    }
    if (table.length < mine.length)
      return mismatch(
        'pond_diverged',
        seat,
        `seat ${s} shows ${table.length} discards, the host knows ${mine.length}`,
      );
    extra.push(table.length - mine.length);
  }
  if (extra.every((n) => n === 0)) return IN_SYNC;
  const phase = hand.phase;
  switch (phase.kind) {
    case 'drawing': {
      if (extra[phase.seat] === 0) return outOfTurn(extra, phase.seat);
      const draw = drawInputFor(hand);
      return draw === null ? outOfTurn(extra, phase.seat) : { kind: 'missed', input: draw };
    }
    case 'turn': {
      const seat = phase.seat;
      if (extra[seat] === 0) return outOfTurn(extra, seat);
      const tile = (snapshot.discards[seats[seat]!] ?? [])[known[seat]!.length];
      if (tile === null || tile === undefined)
        return mismatch('discard_unread', seat, `seat ${seat}'s missed discard was not read by the sensors`);
      const held = hand.concealed[seat]!.find((t) => sameTile(t, tile));
      if (held === undefined)
        return mismatch(
          'not_in_hand',
          seat,
          `seat ${seat} discarded ${tile} on the table but does not hold it`,
        );
      const riichi = (snapshot.riichiDiscards?.[seats[seat]!] ?? null) === known[seat]!.length;
      return { kind: 'missed', input: { type: 'seat.discarded', seat, tile: held, riichi } };
    }
    case 'claiming': {
      // The table went on past the tile on offer: every seat still to answer let it go.
      const w = phase.window;
      const open = w.eligible.find((s) => w.responses[s] === null);
      return open === undefined ? IN_SYNC : { kind: 'missed', input: { type: 'seat.passed', seat: open } };
    }
    default:
      return outOfTurn(extra, hand.turn);
  }
}

/**
 * The meld entries the table shows for `seat` when it is where the host is: its melds (an added kan is a second entry,
 * the tile laid to the pon), its Norths, and an added kan or North on offer that has not stood yet.
 */
function meldsOnTable(hand: HandModel, seat: RiichiSeat): number {
  const added = hand.melds[seat]!.filter((m) => m.type === 'kakan').length;
  const window = claimWindow(hand);
  const pending =
    window !== null && window.offer.from === seat && (window.offer.kind === 'addedKan' || window.offer.kind === 'north')
      ? 1
      : 0;
  return hand.melds[seat]!.length + added + hand.norths[seat]! + pending;
}

/**
 * The input of a meld the host missed (`tiles` as the table read them), or null when it cannot be replayed: a call on
 * the tile on offer (the seat had not answered; once it has, the other open seats pass), or the turn seat's own kan or
 * North. The machine checks the call is legal; an input it refuses ends the replay with nothing changed.
 */
function missedMeldInput(hand: HandModel, seat: RiichiSeat, tiles: readonly (Tile | null)[]): RiichiInput | null {
  if (tiles.some((t) => t === null)) return null;
  const read = tiles as readonly Tile[];
  const phase = hand.phase;
  const window = claimWindow(hand);
  if (phase.kind === 'claiming' && window !== null) {
    if (window.responses[seat] !== null) {
      const open = window.eligible.find((s) => window.responses[s] === null);
      return open === undefined ? null : { type: 'seat.passed', seat: open };
    }
    const at = read.findIndex((t) => sameTile(t, window.offer.tile));
    if (at < 0 || !window.eligible.includes(seat)) return null;
    const own = held(hand, seat, read.filter((_, i) => i !== at));
    if (own === null) return null;
    if (own.length === 3) return { type: 'seat.openKanDeclared', seat, tiles: own };
    if (own.length !== 2) return null;
    const pon = own.every((t) => tileKind(t) === tileKind(window.offer.tile));
    return pon ? { type: 'seat.ponDeclared', seat, tiles: own } : { type: 'seat.chiDeclared', seat, tiles: own };
  }
  if (phase.kind !== 'turn' || phase.seat !== seat) return null;
  const own = held(hand, seat, read);
  if (own === null) return null;
  if (own.length === 4 && own.every((t) => tileKind(t) === tileKind(own[0]!)))
    return { type: 'seat.closedKanDeclared', seat, tile: own[0]! };
  if (own.length !== 1) return null;
  if (hand.players === 3 && tileKind(own[0]!) === NORTH) return { type: 'seat.northDeclared', seat };
  return { type: 'seat.addedKanDeclared', seat, tile: own[0]! };
}

/** The seat's own tiles (its concealed hand, the drawn tile among them) that the sensed tiles are, or null if it lacks one. */
function held(hand: HandModel, seat: RiichiSeat, sensed: readonly Tile[]): Tile[] | null {
  const pool = [...hand.concealed[seat]!];
  const out: Tile[] = [];
  for (const tile of sensed) {
    const i = pool.findIndex((t) => sameTile(tile, t));
    if (i < 0) return null;
    out.push(pool.splice(i, 1)[0]!);
  }
  return out;
}

/** A sensed tile against a known one: the same kind (the sensors may not tell a red five from a plain one). */
const sameTile = (seen: Tile, known: Tile): boolean => seen === known || tileKind(seen) === tileKind(known);

function mismatch(code: ReconcileMismatchCode, seat: RiichiSeat, message: string): ReconcileStep {
  return { kind: 'mismatch', code, seat, message };
}

function outOfTurn(extra: readonly number[], waitingOn: RiichiSeat): ReconcileStep {
  const seat = extra.findIndex((n) => n > 0) as RiichiSeat;
  return mismatch(
    'out_of_turn',
    seat,
    `the table shows ${extra[seat]} more discard(s) of seat ${seat} while the hand waits on seat ${waitingOn}`,
  );
}

/**
 * Replays what the snapshot says the host missed, one input at a time through `send` (the core feeds its game
 * machine), until the hand is in sync, an input changes nothing (the machine refused it), or a mismatch.
 * Returns the mismatch, or null.
 */
export function replayMissedInputs(
  hand: () => HandModel | null,
  send: (input: RiichiInput) => void,
  snapshot: Pick<TableSnapshot, 'discards' | 'melds' | 'riichiDiscards'>,
  seats: readonly Seat[],
): Extract<ReconcileStep, { kind: 'mismatch' }> | null {
  for (let h = hand(); h !== null;) {
    const step = nextMissedInput(h, snapshot, seats);
    if (step.kind === 'mismatch') return step;
    if (step.kind === 'inSync') return null;
    send(step.input);
    const after = hand();
    if (after === h) return null;
    h = after;
  }
  return null;
}
