// Riichi reconcile: a host that missed part of a hand catches up from the table's snapshot, or says why it cannot.
import { describe, expect, it } from 'vitest';
import { makeRules } from '../../rules/options.js';
import { tileOfText as t, type Tile } from '../../rules/tiles.js';
import type { RiichiInput } from './machines/events.js';
import type { HandModel } from './machines/model.js';
import { scriptedTable, type ScriptedTable } from './machines/scripted-table.js';
import { drawInputFor } from './machines/table-inputs.js';
import type { TableSnapshot } from '../../table/table-events.js';
import { nextMissedInput, replayMissedInputs } from './reconcile.js';

const SEATS = [0, 1, 2, 3] as const;
// Seat 0 deals and discards 8s first; seat 1 holds 22p88s (it may pon the 8s); seats 2 and 3 are far from tenpai.
const LAYOUT = {
  options: makeRules('club'),
  hands: ['147m369p147s1234z8s', '234m22456p567s88s', '258m258p369s5567z', '369m17p258s66677z'],
  indicators: '7z',
};

/** What the table's sensors show of a hand: the ponds as they lie (called tiles gone) and the melds. */
function snapshotOf(hand: HandModel): Pick<TableSnapshot, 'discards' | 'melds'> {
  return {
    discards: SEATS.map((s) => hand.ponds[s]!.filter((p) => !p.called).map((p) => p.tile)),
    melds: SEATS.map((s) => hand.melds[s]!.map((m) => [...m.tiles])),
  };
}

/** Plays the table forward: draws, each seat discards what it drew (the dealer his 14th tile), passes all claims. */
function playDiscards(table: ScriptedTable, discards: number): RiichiInput[] {
  const inputs: RiichiInput[] = [];
  const send = (input: RiichiInput) => {
    inputs.push(input);
    table.send(input);
  };
  for (let made = 0; made < discards || table.hand.phase.kind === 'claiming';) {
    const h = table.hand;
    if (h.phase.kind === 'drawing') send(drawInputFor(h)!);
    else if (h.phase.kind === 'turn') {
      const seat = h.turn;
      send({
        type: 'seat.discarded',
        seat,
        tile: h.drawn[seat] ?? h.concealed[seat]!.at(-1)!,
        riichi: false,
      });
      made++;
    } else if (h.phase.kind === 'claiming') {
      const open = h.phase.window.eligible.find(
        (s) => h.phase.kind === 'claiming' && h.phase.window.responses[s] === null,
      )!;
      send({ type: 'seat.passed', seat: open });
    } else throw new Error(`unexpected phase ${h.phase.kind}`);
  }
  return inputs;
}

/** The public course of a hand: what must agree once the host has caught up. */
const course = (hand: HandModel) => ({
  ponds: hand.ponds,
  melds: hand.melds,
  concealed: hand.concealed,
  phase: hand.phase,
  live: hand.live.length,
});

describe('nextMissedInput: the table snapshot against the hand the host knows (issue 7, after a link loss)', () => {
  it('a host in step with the table has nothing to replay', () => {
    const table = scriptedTable(LAYOUT);
    playDiscards(table, 6);
    expect(nextMissedInput(table.hand, snapshotOf(table.hand), SEATS)).toEqual({ kind: 'inSync' });
  });

  it('replays the missed discard, the passes of its window, and the next seats’ draws and discards, in turn order', () => {
    const truth = scriptedTable(LAYOUT);
    const inputs = playDiscards(truth, 9);
    // The host heard up to seat 0's second draw; everything after was lost with the link.
    for (const cut of [3, 5, 9, 12]) {
      const host = scriptedTable(LAYOUT);
      for (const input of inputs.slice(0, cut)) host.send(input);
      const replayed: RiichiInput[] = [];
      const mismatch = replayMissedInputs(
        () => host.hand,
        (input) => {
          replayed.push(input);
          host.send(input);
        },
        snapshotOf(truth.hand),
        SEATS,
      );
      expect(mismatch).toBeNull();
      expect(replayed).toEqual(inputs.slice(cut));
      expect(course(host.hand)).toEqual(course(truth.hand));
    }
  });

  it('a seat on turn that discarded on the table: the discard, with the tile the seat holds', () => {
    const truth = scriptedTable(LAYOUT);
    truth.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false });
    const host = scriptedTable(LAYOUT);
    expect(nextMissedInput(host.hand, snapshotOf(truth.hand), SEATS)).toEqual({
      kind: 'missed',
      input: { type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false },
    });
  });

  it('replays a call it never heard of (issue 13): the pon, then the passes; an unread meld is meld_missed', () => {
    const truth = scriptedTable(LAYOUT);
    truth.send({ type: 'seat.discarded', seat: 0, tile: t('8s'), riichi: false });
    const w = truth.hand.phase.kind === 'claiming' ? truth.hand.phase.window : null;
    for (const s of w?.eligible ?? []) if (s !== 1) truth.send({ type: 'seat.passed', seat: s });
    truth.send({ type: 'seat.ponDeclared', seat: 1, tiles: [t('8s'), t('8s')] });
    expect(truth.hand.melds[1]).toHaveLength(1);
    const host = scriptedTable(LAYOUT);
    host.send({ type: 'seat.discarded', seat: 0, tile: t('8s'), riichi: false });
    expect(nextMissedInput(host.hand, snapshotOf(truth.hand), SEATS)).toEqual({
      kind: 'missed',
      input: { type: 'seat.ponDeclared', seat: 1, tiles: [t('8s'), t('8s')] },
    });
    // Read unread, the same meld cannot be replayed: the operator is asked, naming the seat.
    const unread = { ...snapshotOf(truth.hand), melds: truth.hand.melds.map((ms) => ms.map((m) => m.tiles.map(() => null))) };
    expect(nextMissedInput(host.hand, unread, SEATS)).toMatchObject({ kind: 'mismatch', code: 'meld_missed', seat: 1 });
    // Replayed in full, the host's hand is the table's: the pon stands and seat 1 is to discard.
    expect(replayMissedInputs(() => host.hand, (input) => host.send(input), snapshotOf(truth.hand), SEATS)).toBeNull();
    expect(host.hand.melds).toEqual(truth.hand.melds);
    expect(host.hand.phase).toEqual(truth.hand.phase);
  });

  it('replays a closed kan missed on the seat’s own turn, and a riichi declaration lost with its discard (issue 13)', () => {
    const truth = scriptedTable({ ...LAYOUT, hands: ['1111m369p147s123z8s', LAYOUT.hands[1]!, LAYOUT.hands[2]!, LAYOUT.hands[3]!] });
    const host = scriptedTable({ ...LAYOUT, hands: ['1111m369p147s123z8s', LAYOUT.hands[1]!, LAYOUT.hands[2]!, LAYOUT.hands[3]!] });
    truth.send({ type: 'seat.closedKanDeclared', seat: 0, tile: t('1m') });
    expect(truth.hand.melds[0]).toHaveLength(1);
    expect(nextMissedInput(host.hand, snapshotOf(truth.hand), SEATS)).toEqual({
      kind: 'missed',
      input: { type: 'seat.closedKanDeclared', seat: 0, tile: t('1m') },
    });
    // A riichi discard the table shows lying sideways comes back as a declaration.
    const table = scriptedTable(LAYOUT);
    const sideways = { ...snapshotOf(table.hand), discards: [[t('8s')], [], [], []], riichiDiscards: [0, null, null, null] };
    expect(nextMissedInput(table.hand, sideways, SEATS)).toEqual({
      kind: 'missed',
      input: { type: 'seat.discarded', seat: 0, tile: t('8s'), riichi: true },
    });
    expect(nextMissedInput(table.hand, { ...sideways, riichiDiscards: [null, null, null, null] }, SEATS)).toMatchObject({
      input: { riichi: false },
    });
  });

  it('a pond that differs from the host’s, a shorter one, an unread missed discard, a tile the seat lacks', () => {
    const host = scriptedTable(LAYOUT);
    playDiscards(host, 2);
    const snapshot = snapshotOf(host.hand);
    const pond = (discards: readonly (readonly (Tile | null)[])[]) => ({
      ...snapshot,
      discards: discards.map((d) => [...d]),
    });
    const changed = snapshot.discards.map((d, s) => (s === 1 ? [t('9m')] : d));
    expect(nextMissedInput(host.hand, pond(changed), SEATS)).toMatchObject({
      code: 'pond_diverged',
      seat: 1,
    });
    const shorter = snapshot.discards.map((d, s) => (s === 0 ? [] : d));
    expect(nextMissedInput(host.hand, pond(shorter), SEATS)).toMatchObject({
      code: 'pond_diverged',
      seat: 0,
    });
    // Seat 2 is to draw: a longer pond of seat 3 cannot come first.
    const early = snapshot.discards.map((d, s) => (s === 3 ? [...d, t('1z')] : d));
    expect(nextMissedInput(host.hand, pond(early), SEATS)).toMatchObject({ code: 'out_of_turn', seat: 3 });
    host.draw();
    const unread = snapshot.discards.map((d, s) => (s === 2 ? [...d, null] : d));
    expect(nextMissedInput(host.hand, pond(unread), SEATS)).toMatchObject({
      code: 'discard_unread',
      seat: 2,
    });
    const lacking = snapshot.discards.map((d, s) => (s === 2 ? [...d, t('9p')] : d));
    expect(nextMissedInput(host.hand, pond(lacking), SEATS)).toMatchObject({ code: 'not_in_hand', seat: 2 });
  });
});
