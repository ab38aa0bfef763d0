// Operator overrides on the live host (issue 7): a missed button press, a chombo and a dead hand are refused with specific codes, audited in the log, and replay the same.
import { describe, expect, it } from 'vitest';
import { codeOf, logOf, openHost, replayDerived, temporaryDatabases } from './host-harness.js';
import type { PublicState, RiichiView } from '../../contract/ipc-contract.js';
import { createHostHandlers } from '../../host/server/api.js';
import type { Host } from '../../host/session/host.js';
import { checkButtonEntry, type OverrideContext } from '../../host/session/operator-overrides.js';
import type { Seat, SeatButton } from '../../table/table-events.js';
import { isSourceEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';

const tempDb = temporaryDatabases('host-overrides-');
const OPERATOR = 'Noriko (floor manager)';

const riichiView = (state: PublicState): RiichiView | null =>
  state.view !== null && state.view.variant !== 'minefield' ? state.view : null;

const PACE = { thinkMs: 40, motorMs: 1 };

/** Waits for a moment of play with a hand in play and a seat to act, at least `discards` discards in. */
async function handInPlay(host: Host, discards: number): Promise<RiichiView> {
  for (;;) {
    const state = await host.waitFor((s) => {
      const view = riichiView(s);
      return (
        view !== null &&
        view.phase === 'playing' &&
        view.turn !== null &&
        view.seats.reduce((n, seat) => n + seat.pond.length, 0) >= discards
      );
    }, 60_000);
    // The await gave the simulator a moment: look again now, synchronously with the override that follows.
    const now = riichiView(host.publicState());
    if (
      now !== null &&
      now.phase === 'playing' &&
      now.turn !== null &&
      host.variantCore?.handToVoid() !== null
    )
      return now;
    void state;
  }
}

describe('which presses an operator may enter, per variant', () => {
  const context = (variant: string, tableSeats: Seat[]): OverrideContext => ({
    sessionId: 1,
    variant,
    preset: variant,
    tableSeats,
    seated: tableSeats,
    handInPlay: true,
    deadSeats: [],
  });
  const press = (variant: string, seats: Seat[], seat: Seat, button: SeatButton) =>
    codeOf(checkButtonEntry(context(variant, seats), { seat, button, operator: OPERATOR, reason: 'missed' }));

  it('follows what each core reads: Sanma has no chii, only Tenpai Race reads confirm (its Stage B), Minefield ron and pass', () => {
    expect(press('sanma', [0, 1, 2], 1, 'chi')).toBe('button_not_in_play');
    expect(press('sanma', [0, 1, 2], 1, 'pon')).toBeNull();
    expect(press('sanma', [0, 1, 2], 3, 'pon')).toBe('seat_not_in_play');
    expect(press('tenpai-race', [0, 2], 2, 'confirm')).toBeNull();
    expect(press('tenpai-race', [0, 2], 1, 'confirm')).toBe('seat_not_in_play');
    expect(press('riichi', [0, 1, 2, 3], 0, 'confirm')).toBe('button_not_in_play');
    expect(press('minefield', [0, 2], 2, 'pass')).toBeNull();
    expect(
      codeOf(
        checkButtonEntry(
          { ...context('riichi', [0, 1, 2, 3]), handInPlay: false },
          { seat: 0, button: 'ron', operator: OPERATOR, reason: 'x' },
        ),
      ),
    ).toBe('no_hand_in_play');
  });
});

describe('operator overrides on the host (issue 7)', () => {
  it('refuses overrides with no session, and on Minefield those that are not its own', async () => {
    const host = openHost(tempDb(), PACE);
    expect(codeOf(host.enterButtonPress(0, 'ron', OPERATOR, 'missed'))).toBe('no_session');
    expect(codeOf(host.declareChombo(0, 'wallRevealed', OPERATOR))).toBe('no_session');
    expect(codeOf(host.declareDeadHand(0, OPERATOR, 'wrong count'))).toBe('no_session');
    const started = await host.startSession({
      variant: 'minefield',
      target: { kind: 'simulator', seed: 3 },
      seed: 3,
    });
    if (!started.ok) throw new Error(started.message);
    await host.waitFor((s) => s.view?.variant === 'minefield' && s.view.phase === 'awaitingDiscard', 30_000);
    // Minefield sits at table seats 0 and 2 and reads only ron and pass; chombo and dead hand are riichi rules.
    const seat1 = host.enterButtonPress(1, 'ron', OPERATOR, 'missed');
    expect(codeOf(seat1)).toBe('seat_not_in_play');
    expect(seat1.ok ? '' : seat1.message).toMatch(/seat 1 \(South\) is not seated/);
    const riichiButton = host.enterButtonPress(0, 'riichi', OPERATOR, 'missed');
    expect(codeOf(riichiButton)).toBe('button_not_in_play');
    expect(riichiButton.ok ? '' : riichiButton.message).toMatch(/reads ron, pass/);
    expect(codeOf(host.declareChombo(0, 'wallRevealed', OPERATOR))).toBe('not_riichi_family');
    expect(codeOf(host.declareDeadHand(2, OPERATOR, 'wrong count'))).toBe('not_riichi_family');
    // Nothing refused reached the log.
    expect(logOf(host, started.value).some((r) => r.event.type.startsWith('operator.'))).toBe(false);
    await host.endSession();
    await host.close();
  }, 60_000);

  it('refuses a chombo where the preset pays none (club riichi)', async () => {
    const host = openHost(tempDb(), PACE);
    const started = await host.startSession({
      variant: 'riichi',
      preset: 'club',
      target: { kind: 'simulator', seed: 5 },
      seed: 5,
    });
    if (!started.ok) throw new Error(started.message);
    await handInPlay(host, 1);
    const refused = host.declareChombo(1, 'wallRevealed', OPERATOR);
    expect(codeOf(refused)).toBe('chombo_not_in_preset');
    expect(refused.ok ? '' : refused.message).toMatch(/club preset pays no chombo/);
    await host.endSession();
    await host.close();
  }, 60_000);

  it('enters a press, a dead hand and a chombo in a tournament game: audited, fed like the table, replayed the same', async () => {
    const dbPath = tempDb();
    let host = openHost(dbPath, PACE);
    const handlers = createHostHandlers(host, null);
    const started = await host.startSession({
      variant: 'riichi',
      preset: 'tournament',
      target: { kind: 'simulator', seed: 11 },
      seed: 11,
    });
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.value;

    // A missed press goes the table's way: a tsumo from a seat whose turn it is not reaches the machine, which
    // refuses it; the refusal comes back to the operator with the machine's reason.
    let view = await handInPlay(host, 2);
    const idle = view.seats.find((s) => s.seat !== view.turn)!.seat;
    const press = host.enterButtonPress(idle, 'tsumo', OPERATOR, 'the table did not sense the press');
    expect(codeOf(press)).toBe('override_refused');
    const pressSeq = Number((press.ok ? '' : press.message).match(/logged as event (\d+)/)![1]);
    const afterPress = logOf(host, sessionId)
      .filter((r) => r.seq >= pressSeq)
      .slice(0, 3);
    expect(afterPress.map((r) => r.event)).toEqual([
      {
        type: 'operator.buttonEntered',
        seat: idle,
        button: 'tsumo',
        operator: OPERATOR,
        reason: 'the table did not sense the press',
      },
      { type: 'seat.tsumoDeclared', seat: idle },
      expect.objectContaining({ type: 'seat.actionRejected', seat: idle, action: 'seat.tsumoDeclared' }),
    ]);
    // A button no riichi table reads is refused. A riichi chombo (counted only at a draw, V6.2 item 1) passes the
    // host's checks and reaches the machine, which refuses it for a seat that has not declared riichi.
    expect(codeOf(host.enterButtonPress(idle, 'confirm', OPERATOR, 'x'))).toBe('button_not_in_play');
    const riichiChombo = host.declareChombo(idle, 'riichiNotTenpai', OPERATOR);
    expect(codeOf(riichiChombo)).toBe('override_refused');
    expect(riichiChombo.ok ? '' : riichiChombo.message).toMatch(/has not declared riichi in this hand/);

    // A dead hand, through the IPC handler as the console sends it: logged, folded into the view; not twice.
    view = await handInPlay(host, 3);
    const deadSeat = view.seats[1]!.seat;
    const dead = await handlers['operator.declareDeadHand']({
      seat: deadSeat,
      operator: OPERATOR,
      reason: 'fourteen tiles in hand after a call',
    });
    if (!dead.ok) throw new Error(dead.message);
    const deadRecords = logOf(host, sessionId)
      .filter((r) => r.seq >= dead.value.eventSeq)
      .slice(0, 2);
    expect(deadRecords.map((r) => r.event)).toEqual([
      {
        type: 'operator.deadHandDeclared',
        seat: 1,
        reason: 'fourteen tiles in hand after a call',
        operator: OPERATOR,
      },
      {
        type: 'seat.handDeclaredDead',
        seat: 1,
        reason: 'fourteen tiles in hand after a call',
        operator: OPERATOR,
      },
    ]);
    // The handler answered without giving the simulator a turn (no timer ran since): still the same hand.
    expect(riichiView(host.publicState())!.seats.find((s) => s.seat === deadSeat)!.deadHand).toBe(true);
    expect(codeOf(host.declareDeadHand(deadSeat, OPERATOR, 'again'))).toBe('hand_already_dead');

    // A chombo ends the hand: the offender pays (V6.2 item 2) and the same hand is dealt again (item 3).
    view = await handInPlay(host, 2);
    const offender = view.seats[2]!.seat;
    const dealer = view.seats.find((s) => s.dealer)!.seat;
    const round = { handNumber: view.handNumber, honba: view.honba };
    const chombo = host.declareChombo(offender, 'handRevealed', OPERATOR);
    if (!chombo.ok) throw new Error(chombo.message);
    const chomboEvent = logOf(host, sessionId).find(
      (r) => r.seq > chombo.value && (r.event.type as string) === 'hand.chombo',
    )!.event as unknown as { seat: number; reason: string; operator: string; deltas: number[] };
    expect(chomboEvent).toMatchObject({ seat: offender, reason: 'handRevealed', operator: OPERATOR });
    // No riichi stick of this hand is in play here, or it would go back to its owner: the payment alone.
    expect(chomboEvent.deltas[offender]).toBeLessThanOrEqual(
      offender === dealer ? -12000 + 1000 : -8000 + 1000,
    );
    const next = await host.waitFor((s) => {
      const v = riichiView(s);
      return v !== null && v.phase === 'dealing' && s.eventSeq > chombo.value;
    }, 30_000);
    expect(riichiView(next)).toMatchObject({ handNumber: round.handNumber, honba: round.honba });
    expect(riichiView(next)!.seats.find((s) => s.dealer)!.seat).toBe(dealer);

    // The chombo'd hand has a row of its own, so the replay viewer can open it; its result names the offender
    // (the bots' names, `Bot N` at table seat N-1) as every replay line does (issue 12).
    const hands = await handlers['replay.listHands']({ sessionId });
    if (!hands.ok) throw new Error(hands.message);
    expect(
      hands.value.hands.some(
        (h) =>
          h.firstSeq < chombo.value &&
          h.lastSeq > chombo.value &&
          h.result.startsWith(`Chombo by Bot ${offender + 1} `),
      ),
    ).toBe(true);

    // Every override is in the running log and on the replay timeline, audited: who and why.
    const lines = host.publicState().log.map((l) => l.text);
    expect(lines.some((t) => t.includes(`operator ${OPERATOR} declared chombo on seat ${offender}`))).toBe(
      true,
    );
    const timeline = await handlers['replay.events']({ sessionId, fromSeq: 1, limit: 5000 });
    if (!timeline.ok) throw new Error(timeline.message);
    const audited = timeline.value.events.filter((e) => e.type.startsWith('operator.'));
    expect(audited.map((e) => [e.type, e.kind])).toEqual([
      ['operator.buttonEntered', 'operator'],
      // The riichi chombo the machine refused (no riichi) stays in the log, like the refused press.
      ['operator.chomboDeclared', 'operator'],
      ['operator.deadHandDeclared', 'operator'],
      ['operator.chomboDeclared', 'operator'],
    ]);
    expect(audited[0]!.text).toBe(
      `operator ${OPERATOR} entered a missed tsumo press for seat ${idle} (${['East', 'South', 'West', 'North'][idle]}): the table did not sense the press`,
    );

    // The log replays to the same derived events, and a restarted host resumes it without divergence.
    const records = logOf(host, sessionId);
    for (const r of records) expect(validateLogEvent(r.event, 'riichi').success).toBe(true);
    expect(replayDerived('riichi', 'tournament', records)).toEqual(
      records.filter((r) => !isSourceEvent(r.event)).map((r) => r.event),
    );
    await host.close();
    host = openHost(dbPath, PACE);
    const resumed = await host.resumeOpenSession();
    if (!resumed.ok) throw new Error(resumed.message);
    expect(resumed.value).toBe(sessionId);
    expect(host.fault).toBeNull();
    await host.endSession();
    await host.close();
  }, 120_000);
});
