// Riichi reconcile after a link loss: the table's snapshot against the hand the host knows → the next input it missed, or why it cannot tell.
import type { Seat as RiichiSeat } from '../rules/payments.js';
import { tileKind, type Tile } from '../rules/tiles.js';
import type { RiichiInput } from '../machines/riichi/events.js';
import type { HandModel } from '../machines/riichi/model.js';
import { drawInputFor } from '../machines/riichi/table-inputs.js';
import type { Seat, TableSnapshot } from '../machines/table-events.js';

/** Why the snapshot cannot be replayed as plain draws, discards and passes (the operator has to look). */
export type ReconcileMismatchCode =
  /** A pond on the table is not the one the host knows, at `index`. */
  | 'pond_diverged'
  /** The table shows melds the host never heard of (a call or kan while the link was down). */
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
 * - that seat's discard (the pond's next tile; riichi is not sensed in a snapshot: `riichi: false`);
 * - the passes of a claim window, once some seat's pond has grown past it (everybody let the tile go).
 * Example: the host knows seat 1 on turn with 3 discards, the table shows 4 for seat 1 and 4 for seat 2 →
 * `seat.discarded` (seat 1), then the window's passes, then `seat.drew` and `seat.discarded` for seat 2.
 */
export function nextMissedInput(
  hand: HandModel,
  snapshot: Pick<TableSnapshot, 'discards' | 'melds'>,
  seats: readonly Seat[],
): ReconcileStep {
  const known = hand.ponds.map((pond) => pond.filter((p) => !p.called).map((p) => p.tile));
  // Melds first: a missed call also took its tile out of the discarder's pond.
  for (let s = 0; s < hand.players; s++)
    if ((snapshot.melds[seats[s]!] ?? []).length > hand.melds[s]!.length + hand.norths[s]!)
      return mismatch(
        'meld_missed',
        s as RiichiSeat,
        `the table shows a meld of seat ${s} the host never heard of`,
      );
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
      return { kind: 'missed', input: { type: 'seat.discarded', seat, tile: held, riichi: false } };
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
  snapshot: Pick<TableSnapshot, 'discards' | 'melds'>,
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
