// Tenpai Race Stage B on the host (issue 7): a seat starts it with an entered `confirm`, the operator settles it (refused when it cannot apply or is not conserved), the log replays and a restarted host resumes it.
import { describe, expect, it } from 'vitest';
import { riichiViewOf, type RiichiView } from '../../contract/ipc-contract.js';
import { createHostHandlers } from '../../host/server/api.js';
import type { Host } from '../../host/session/host.js';
import { isSourceEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import {
  checkStageBSettlement,
  describeOverride,
  type OverrideContext,
} from '../../host/session/operator-overrides.js';
import { TENPAI_RACE_TABLE_SEATS } from '../../families/riichi/overrides.js';
import { RiichiCore } from '../../families/riichi/core.js';
import { VARIANT_REGISTRY } from '../../host/families/registry.js';
import { TENPAI_RACE_HANDS_PER_GAME } from '../../families/riichi/index.js';
import { mayStartStageBNow } from '../../families/riichi/machines/tenpai-race.js';
import type { Seat } from '../../table/table-events.js';
import { codeOf, logOf, openHost, replayDerived, temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('tenpai-race-stage-b-');
const OPERATOR = 'Kenji (floor manager)';
const TABLE_SEATS: readonly Seat[] = [0, 2];

const messageOf = (result: { ok: boolean; message?: string }): string => (result.ok ? '' : result.message!);

const PACE = { thinkMs: 30, motorMs: 1 };

/** The table seat that may start Stage B right now (tenpai, not furiten, right after its own discard), if any. */
function stageBCandidate(host: Host): Seat | null {
  const core = host.variantCore as unknown;
  if (!(core instanceof RiichiCore)) return null;
  const hand = core.gameSnapshot()?.context.hand;
  if (hand === undefined || hand.phase.kind === 'dealing' || hand.phase.kind === 'over') return null;
  for (const s of [0, 1] as const) if (mayStartStageBNow(hand, s).ok) return TABLE_SEATS[s]!;
  return null;
}

/** Plays on until a seat may start Stage B, then enters its missed `confirm` press at once (no await between). */
async function startStageB(host: Host): Promise<{ attacker: Seat; seq: number }> {
  for (;;) {
    await host.waitFor(() => stageBCandidate(host) !== null, 120_000);
    const seat = stageBCandidate(host);
    if (seat === null) continue;
    const entered = host.enterButtonPress(seat, 'confirm', OPERATOR, 'the Stage B button was not sensed');
    if (!entered.ok) throw new Error(entered.message);
    return { attacker: seat, seq: entered.value };
  }
}

const viewOf = (host: Host): RiichiView => riichiViewOf(host.publicState())!;

describe('Stage B settlement checks (host/session/operator-overrides.ts)', () => {
  const context = (over: Partial<OverrideContext> = {}): OverrideContext => ({
    sessionId: 4,
    variant: 'tenpai-race',
    preset: 'tenpai-race',
    tableSeats: TABLE_SEATS,
    seated: TABLE_SEATS,
    handInPlay: true,
    deadSeats: [],
    stageBWaiting: true,
    ...over,
  });
  const request = {
    winner: 2 as Seat,
    deltas: [
      { seat: 0 as Seat, points: -2000 },
      { seat: 2 as Seat, points: 2000 },
    ],
    operator: OPERATOR,
    reason: 'paper rules',
  };

  it('logs the machine input in riichi seats, with the reason; refuses what cannot apply, with specific codes', () => {
    expect(checkStageBSettlement(context(), request)).toEqual({
      ok: true,
      value: {
        type: 'operator.stageBSettled',
        winner: 1,
        deltas: [-2000, 2000],
        operator: OPERATOR,
        reason: 'paper rules',
      },
    });
    expect(
      codeOf(checkStageBSettlement(context({ variant: 'riichi', tableSeats: [0, 1, 2, 3] }), request)),
    ).toBe('not_tenpai_race');
    expect(codeOf(checkStageBSettlement(context({ stageBWaiting: false }), request))).toBe(
      'stage_b_not_waiting',
    );
    expect(codeOf(checkStageBSettlement(context({ handInPlay: false }), request))).toBe('no_hand_in_play');
    const oneSeat = checkStageBSettlement(context(), { ...request, deltas: [{ seat: 0, points: 0 }] });
    expect(codeOf(oneSeat)).toBe('seat_not_in_play');
    expect(messageOf(oneSeat)).toMatch(/both players: seat 2 \(West\) missing/);
    expect(codeOf(checkStageBSettlement(context(), { ...request, winner: 1 }))).toBe('seat_not_in_play');
    expect(
      codeOf(
        checkStageBSettlement(context(), { ...request, deltas: [...request.deltas, { seat: 2, points: 0 }] }),
      ),
    ).toBe('seat_not_in_play');
  });

  it('describes the audited result with table seats (the registry seats Tenpai Race at 0 and 2)', () => {
    expect(VARIANT_REGISTRY['tenpai-race']!.tableSeats).toEqual(TENPAI_RACE_TABLE_SEATS);
    const checked = checkStageBSettlement(context(), request);
    if (!checked.ok) throw new Error(checked.message);
    expect(describeOverride(checked.value)).toBe(
      `operator ${OPERATOR} settled Stage B: seat 2 (West) won; seat 0 (East) -2000, seat 2 (West) +2000: paper rules`,
    );
  });
});

describe('Tenpai Race Stage B settled by the operator on the host (issue 7)', () => {
  it('starts Stage B with an entered confirm, settles it (refused until conserved), replays and resumes', async () => {
    const dbPath = tempDb();
    let host = openHost(dbPath, PACE);
    const handlers = createHostHandlers(host, null);
    const settle = {
      winner: null,
      deltas: [
        { seat: 0 as Seat, points: 0 },
        { seat: 2 as Seat, points: 0 },
      ],
      operator: OPERATOR,
      reason: 'x',
    };
    expect(codeOf(host.settleStageB(settle))).toBe('no_session');
    const seed = 21;
    const started = await host.startSession({
      variant: 'tenpai-race',
      target: { kind: 'simulator', seed },
      seed,
    });
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.value;
    // The session's hands-per-game limit is logged, so a resumed host cuts the game at the same hand.
    expect(logOf(host, sessionId)[0]!.event).toMatchObject({
      type: 'host.sessionOpened',
      handsPerGame: TENPAI_RACE_HANDS_PER_GAME,
    });
    await host.waitFor(
      (s) => riichiViewOf(s)?.phase === 'playing' && host.variantCore?.handToVoid() !== null,
      60_000,
    );
    const early = host.settleStageB(settle);
    if (viewOf(host).phase === 'playing') expect(codeOf(early)).toBe('stage_b_not_waiting');

    const t0 = Date.now();
    const { attacker, seq: pressSeq } = await startStageB(host);
    const defender = TABLE_SEATS.find((s) => s !== attacker)!;
    const [a, d] = [TABLE_SEATS.indexOf(attacker), TABLE_SEATS.indexOf(defender)];
    const afterPress = logOf(host, sessionId)
      .filter((r) => r.seq >= pressSeq)
      .map((r) => r.event.type as string);
    expect(afterPress.slice(0, 3)).toEqual([
      'operator.buttonEntered',
      'seat.stageBStarted',
      'hand.stageBRoles',
    ]);
    const waiting = viewOf(host);
    expect(waiting.tenpaiRace).toMatchObject({ stage: 'B', attacker, defender, resolution: 'operator' });
    expect(waiting.phase).toBe('playing');
    const before = waiting.seats.map((s) => s.points);

    // Not conserved: the host logs it, the machine refuses it with its own code and message.
    const unbalanced = await handlers['operator.settleStageB']({
      winner: attacker,
      deltas: [
        { seat: attacker, points: 3000 },
        { seat: defender, points: -2000 },
      ],
      operator: OPERATOR,
      reason: 'attacker drew his winning tile',
    });
    expect(unbalanced.ok).toBe(false);
    if (unbalanced.ok) throw new Error('accepted');
    expect(unbalanced.code).toBe('override_refused');
    expect(unbalanced.message).toMatch(/deltas sum to 1000/);
    const refusedSeq = Number(unbalanced.message.match(/logged as event (\d+)/)![1]);
    const refusedRecords = logOf(host, sessionId)
      .filter((r) => r.seq >= refusedSeq)
      .slice(0, 2);
    expect(refusedRecords.map((r) => r.event)).toEqual([
      {
        type: 'operator.stageBSettled',
        winner: a,
        deltas: a === 0 ? [3000, -2000] : [-2000, 3000],
        operator: OPERATOR,
        reason: 'attacker drew his winning tile',
      },
      expect.objectContaining({
        type: 'override.rejected',
        action: 'operator.stageBSettled',
        code: 'settlement_not_conserved',
      }),
    ]);
    // A seat that is not in play is refused before the log.
    expect(
      codeOf(
        host.settleStageB({
          ...settle,
          deltas: [
            { seat: 1, points: 0 },
            { seat: defender, points: 0 },
          ],
        }),
      ),
    ).toBe('seat_not_in_play');
    expect(viewOf(host).tenpaiRace?.stage).toBe('B');

    // Conserved: accepted, audited, the hand ends with the points moved.
    const accepted = host.settleStageB({
      winner: attacker,
      deltas: [
        { seat: attacker, points: 2000 },
        { seat: defender, points: -2000 },
      ],
      operator: OPERATOR,
      reason: 'attacker drew his winning tile',
    });
    if (!accepted.ok) throw new Error(accepted.message);
    const ended = logOf(host, sessionId).find(
      (r) => r.seq > accepted.value && (r.event.type as string) === 'hand.stageBEnded',
    )!.event as unknown as { winner: number; deltas: number[]; operator: string; scored: boolean };
    expect(ended).toMatchObject({ winner: a, operator: OPERATOR, scored: true });
    expect(ended.deltas[a]).toBe(2000);
    expect(ended.deltas[d]).toBe(-2000);
    const settled = viewOf(host);
    // The next hand may already be dealing (the core asks for it at once): the result stays on the board.
    expect(['stageBEnded', 'dealing']).toContain(settled.phase);
    expect(settled.lastResult).toMatchObject({ kind: 'stageB', winner: attacker, deltas: expect.any(Array) });
    expect(settled.seats.map((s) => s.points)).toEqual(before.map((p, i) => p + (i === a ? 2000 : -2000)));
    expect(codeOf(host.settleStageB(settle))).not.toBeNull();
    expect(host.publicState().log.some((l) => l.text.includes(`operator ${OPERATOR} settled Stage B`))).toBe(
      true,
    );

    // The log replays to the same derived events; a restarted host resumes it without divergence.
    const records = logOf(host, sessionId);
    for (const r of records) expect(validateLogEvent(r.event, 'riichi').success).toBe(true);
    expect(replayDerived('tenpai-race', 'tenpai-race', records)).toEqual(
      records.filter((r) => !isSourceEvent(r.event)).map((r) => r.event),
    );
    const lastSeq = records.at(-1)!.seq;
    await host.close();
    host = openHost(dbPath, PACE);
    const resumed = await host.resumeOpenSession();
    if (!resumed.ok) throw new Error(resumed.message);
    expect(resumed.value).toBe(sessionId);
    expect(host.fault).toBeNull();
    const again = await host.waitFor((s) => s.eventSeq > lastSeq, 30_000);
    const resumedView = riichiViewOf(again)!;
    // The settlement's points survive the restart (the view is folded from the log again).
    expect(resumedView.seats.map((s) => s.points)).toEqual(settled.seats.map((s) => s.points));
    await host.endSession();
    await host.close();
    console.log(`Stage B reached and settled on the host in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }, 180_000);
});
