// Each riichi-family hand's result stays on the published view until the next hand's first draw or discard (issues 6, 7).
//
// The game deals the next hand in the same host step as a result, so before `showingResult` no published state
// ever had `phase: 'won'` (or a draw, or a chombo) while the next hand was to come: screens never saw the result.
import { describe, expect, it } from 'vitest';
import { riichiViewOf, type PublicState, type RiichiView } from '../../contract/ipc-contract.js';
import { Host } from '../../host/session/host.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import { temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('riichi-results-live-');

/** A hand's end in the log and the result kind the view must show for it. */
const RESULT_KIND: Record<string, NonNullable<RiichiView['lastResult']>['kind']> = {
  'hand.won': 'won',
  'hand.exhaustiveDraw': 'exhaustiveDraw',
  'hand.abortiveDraw': 'abortiveDraw',
  'hand.chombo': 'chombo',
  'hand.stageBEnded': 'stageB',
};
/** What begins a hand's play: the dealer's first discard (his 14th tile comes with the deal), or any draw. */
const PLAY = new Set(['seat.drew', 'seat.discarded']);

type Published = { readonly eventSeq: number; readonly atMs: number; readonly view: RiichiView };

/**
 * Plays `variant` on the built-in simulator until `hands` hands have ended (or the game does), keeping every
 * published riichi view. `chombo`: the operator declares one in the first hand once it is under way.
 */
async function play(
  variant: RiichiView['variant'],
  preset: string,
  seed: number,
  hands: number,
  chombo = false,
) {
  const opened = Host.open({ dbPath: tempDb(), pace: { thinkMs: 2, motorMs: 1 } });
  if (!opened.ok) throw new Error(opened.message);
  const host = opened.value;
  const published: Published[] = [];
  host.onPublicState((state: PublicState) => {
    const view = riichiViewOf(state);
    if (view !== null) published.push({ eventSeq: state.eventSeq, atMs: Date.now(), view });
  });
  const started = await host.startSession({ variant, preset, target: { kind: 'simulator', seed }, seed });
  if (!started.ok) throw new Error(started.message);
  if (chombo) {
    const inPlay = await host.waitFor((s) => {
      const v = riichiViewOf(s);
      return v !== null && v.phase === 'playing' && v.seats.every((seat) => seat.pond.length >= 1);
    }, 30_000);
    const declared = host.declareChombo(riichiViewOf(inPlay)!.seats[1]!.seat, 'handRevealed', 'Noriko');
    if (!declared.ok) throw new Error(declared.message);
  }
  const ends = (): number =>
    published.filter((p, i) => p.view.showingResult && !published[i - 1]?.view.showingResult).length;
  await host.waitFor((s) => ends() >= hands || riichiViewOf(s)?.phase === 'over', 120_000);
  const read = host.log.read(started.value);
  if (!read.ok) throw new Error(read.message);
  await host.endSession();
  await host.close();
  return { published, log: read.value };
}

/**
 * Checks every published view against the log: after a hand's result and before the next hand's first draw or
 * discard it shows that result; from then on until the next result it shows none. Returns, per hand end, how many
 * states carried it and for how long (ms), for the report.
 */
function checkResultsShown(published: readonly Published[], log: readonly LoggedEvent[]) {
  const ends = log.filter((r) => r.event.type in RESULT_KIND);
  expect(ends.length).toBeGreaterThan(0);
  const playAfter = (seq: number): number =>
    log.find((r) => r.seq > seq && PLAY.has(r.event.type))?.seq ?? Infinity;
  const shown = ends.map((end) => {
    const until = playAfter(end.seq);
    const during = published.filter(
      (p) =>
        p.eventSeq >= end.seq &&
        p.eventSeq < until &&
        p.eventSeq < (ends.find((e) => e.seq > end.seq)?.seq ?? Infinity),
    );
    return {
      type: end.event.type as string,
      states: during.length,
      ms: during.length > 0 ? during.at(-1)!.atMs - during[0]!.atMs : 0,
    };
  });
  for (const p of published) {
    const end = ends.findLast((e) => e.seq <= p.eventSeq);
    if (end === undefined || p.eventSeq >= playAfter(end.seq)) {
      expect(p.view.showingResult, `event ${p.eventSeq}: no result on show during play`).toBe(false);
      continue;
    }
    expect(p.view.showingResult, `event ${p.eventSeq}: ${end.event.type} (event ${end.seq}) on show`).toBe(
      true,
    );
    expect(p.view.lastResult?.kind).toBe(RESULT_KIND[end.event.type]);
    // The result is labelled with its own hand's round, even once the next hand has started.
    const started = log.findLast((r) => r.seq < end.seq && r.event.type === 'hand.started')!.event as unknown as {
      roundWind: number;
      handNumber: number;
    };
    const label = p.view.resultRound ?? p.view;
    expect([label.roundWind, label.handNumber], `event ${p.eventSeq}: the result's round`).toEqual([
      ['east', 'south', 'west', 'north'][started.roundWind - 1],
      started.handNumber,
    ]);
  }
  // Every hand end reached the screens (the last one may end the session before a state is published).
  for (const s of shown.slice(0, -1)) expect(s.states, s.type).toBeGreaterThan(0);
  return shown;
}

describe('the last hand result stays on the screens until the next hand is played (issues 6, 7)', () => {
  it.each([
    ['riichi', 'tenhou', 3],
    ['sanma', 'sanma', 4],
    ['mangan', 'mangan', 5],
    ['clear', 'clear', 6],
    ['tenpai-race', 'tenpai-race', 7],
  ] as const)(
    '%s (%s preset): win, draw and abort results stay up through the next deal',
    async (variant, preset, seed) => {
      const { published, log } = await play(variant, preset, seed, 4);
      const shown = checkResultsShown(published, log);
      console.log(`${variant}: ${shown.map((s) => `${s.type} ${s.states} states/${s.ms} ms`).join('; ')}`);
    },
    150_000,
  );

  it('a chombo (tournament riichi) stays up while the same hand is dealt again', async () => {
    const { published, log } = await play('riichi', 'tournament', 11, 2, true);
    expect(log.some((r) => (r.event.type as string) === 'hand.chombo')).toBe(true);
    const shown = checkResultsShown(published, log);
    expect(shown.find((s) => s.type === 'hand.chombo')!.states).toBeGreaterThan(0);
    console.log(`tournament: ${shown.map((s) => `${s.type} ${s.states} states/${s.ms} ms`).join('; ')}`);
  }, 150_000);
});
