// Issue 12, the replay viewer's host side on real recorded sessions: open hands folded from the whole log agree with the live fold at every step, named lines, key events, cut-off hands, imports.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  riichiViewOf,
  type HandSummary,
  type ReplayHand,
  type ReplayStep,
} from '../../contract/ipc-contract.js';
import { createHostHandlers } from '../../host/server/api.js';
import { Host } from '../../host/session/host.js';
import { importedRecord } from '../../families/riichi/import.js';
import type { LogEvent, LoggedEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import { ReplayCursor } from '../../host/replay/replay.js';
import { createEventLog, openDatabase } from '../../host/storage/index.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import { compareTiles, formatTiles, type Tile } from '../../rules/tiles.js';
import { PLAYER_NAMES, recordReplaySessions, type ReplaySessions } from '../e2e/replay-sessions.js';

const dir = mkdtempSync(path.join(tmpdir(), 'replay-viewer-'));
let recorded: ReplaySessions;
let db: ReturnType<typeof openDb>;

function openDb(dbPath: string) {
  const opened = openDatabase({ path: dbPath });
  if (!opened.ok) throw new Error(opened.message);
  return { db: opened.value.db, log: createEventLog<LogEvent>(opened.value.db, validateLogEvent) };
}

function cursorOf(sessionId: number): ReplayCursor {
  const opened = ReplayCursor.open(db.db, db.log, sessionId);
  if (!opened.ok) throw new Error(opened.message);
  return opened.value;
}

const must = <T>(result: { ok: true; value: T } | { ok: false; message: string }): T => {
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

/** The steps of a hand: its start to the next hand's (as the viewer asks for them). */
async function stepsOf(cursor: ReplayCursor, index: number): Promise<ReplayStep[]> {
  const hand = cursor.hands[index]!;
  const next = cursor.hands[index + 1];
  return must(await cursor.timeline(hand.firstSeq, next === undefined ? cursor.lastSeq : next.firstSeq - 1));
}

/** Every hand's steps of a session, hand by hand. */
const allSteps = (cursor: ReplayCursor): Promise<ReplayStep[][]> =>
  Promise.all(cursor.hands.map((_, i) => stepsOf(cursor, i)));

const held = (h: ReplayHand): Tile[] => [
  ...(h.concealed as Tile[]),
  ...(h.drawn === null ? [] : [h.drawn as Tile]),
];
const sorted = (tiles: readonly Tile[]): Tile[] => [...tiles].sort(compareTiles);
/** Any "seat N" (a seat by number) in a line meant for players. */
const SEAT_NUMBER = /\bseat \d\b/i;

beforeAll(async () => {
  recorded = await recordReplaySessions(dir);
  db = openDb(recorded.dbPath);
}, 300_000);
afterAll(() => {
  db?.db.close();
  rmSync(dir, { recursive: true, force: true });
});

const RIICHI_FAMILY = ['riichi', 'sanma', 'mangan', 'clear', 'tenpaiRace', 'tournament', 'imported'] as const;

describe('replay viewer, host side (issue 12)', () => {
  it('opens every hand at every step of a finished hand: sorted, the drawn tile apart, as many tiles as the live view counts', async () => {
    let checked = 0;
    for (const name of RIICHI_FAMILY) {
      const cursor = cursorOf(recorded.ids[name]);
      for (const [index, hand] of cursor.hands.entries()) {
        if (hand.status !== 'finished') continue;
        for (const step of await stepsOf(cursor, index)) {
          const open = must(cursor.openHands(step.seq));
          const view = riichiViewOf(must(cursor.seek(step.seq)) as never)!;
          expect(open, `${name} #${step.seq}`).not.toBeNull();
          for (const seat of view.seats) {
            const hand = open!.find((h) => h.seat === seat.seat)!;
            expect(hand.concealed, `${name} #${step.seq} seat ${seat.seat} sorted`).toEqual(
              sorted(hand.concealed as Tile[]),
            );
            // The two folds agree: the open tiles are exactly as many as the live screens counted.
            if (view.phase === 'playing' || view.phase === 'won')
              expect(held(hand).length, `${name} #${step.seq} (${step.text}) seat ${seat.seat}`).toBe(
                seat.concealedCount,
              );
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("ends each hand with what the machines showed: the winner's hand and tile, the tenpai hands of a draw", async () => {
    let wins = 0;
    for (const name of RIICHI_FAMILY) {
      const cursor = cursorOf(recorded.ids[name]);
      for (const hand of cursor.hands.filter((h) => h.status === 'finished')) {
        const state = must(cursor.seek(hand.lastSeq));
        const open = must(cursor.openHands(hand.lastSeq))!;
        const result = riichiViewOf(state as never)!.lastResult;
        if (result?.kind === 'won') {
          for (const win of [state.lastWin!, ...(state.lastWin!.others ?? [])]) {
            const mine = held(open.find((h) => h.seat === win.seat)!);
            // A tsumo's tile is in the winner's hand (the drawn one); a ron's is the discarder's.
            const expected =
              win.from === win.seat ? [...(win.hand as Tile[]), win.tile as Tile] : (win.hand as Tile[]);
            expect(formatTiles(sorted(mine)), `${name} ${hand.label}`).toBe(formatTiles(sorted(expected)));
            wins++;
          }
        }
        if (result?.kind === 'exhaustiveDraw')
          for (const t of result.tenpai)
            expect(formatTiles(sorted(held(open.find((h) => h.seat === t.seat)!)))).toBe(
              formatTiles(sorted(t.hand as Tile[])),
            );
      }
    }
    expect(wins).toBeGreaterThan(3);
  });

  it("opens Minefield's hands and stocks: 13 tiles set from the wall, the stock shrinking by each discard", async () => {
    const cursor = cursorOf(recorded.ids.minefield);
    const hand = cursor.hands.find((h) => h.status === 'finished')!;
    const steps = await stepsOf(cursor, cursor.hands.indexOf(hand));
    const last = must(cursor.openHands(hand.lastSeq))!;
    const view = must(cursor.seek(hand.lastSeq)).view;
    expect(view?.variant).toBe('minefield');
    for (const [i, seat] of ([0, 2] as const).entries()) {
      const open = last.find((h) => h.seat === seat)!;
      expect(open.concealed).toHaveLength(13);
      expect(open.drawn).toBeNull();
      // 34 wall tiles: the hand, the stock left, and the discards.
      const discards = view!.variant === 'minefield' ? view!.discards[i]!.length : 0;
      expect(open.concealed.length + open.stock!.length + discards, `seat ${seat}`).toBe(34);
    }
    expect(steps.filter((s) => s.kind === 'discard').length).toBeGreaterThan(10);
  });

  it('names the players in every line and never a seat by number; key events are the calls made, not the passes', async () => {
    for (const name of [...RIICHI_FAMILY, 'minefield'] as const) {
      const cursor = cursorOf(recorded.ids[name]);
      const steps = await allSteps(cursor);
      const lines = cursor.hands.flatMap((h, i) => [h.result, ...steps[i]!.map((s) => s.text)]);
      for (const line of lines) expect(line, `${name}: ${line}`).not.toMatch(SEAT_NUMBER);
      const keys = steps.flat().filter((s) => s.key);
      for (const key of keys) {
        expect(key.text, `${name}: ${key.text}`).not.toMatch(/pass|Declared|\bseat\./);
        expect(['hand', 'riichi', 'call', 'win', 'draw', 'fault', 'operator', 'other']).toContain(key.kind);
      }
      if (name !== 'imported') {
        const seated = lines.join('\n');
        expect(
          PLAYER_NAMES.some((player) => seated.includes(player)),
          name,
        ).toBe(true);
      }
    }
    // A call names who called, on whose tile, and draws its tiles.
    const riichi = cursorOf(recorded.ids.riichi);
    const calls = (await allSteps(riichi)).flat().filter((s) => s.kind === 'call' && s.key);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(
        PLAYER_NAMES.some((p) => call.text.startsWith(p)),
        call.text,
      ).toBe(true);
      expect(call.seat).not.toBeNull();
      expect(call.tiles!.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('names each seat the same way in the hand list, the timeline and the board (the seated player at that table seat)', async () => {
    const cursor = cursorOf(recorded.ids.riichi);
    const index = cursor.hands.findIndex((h) => h.status === 'finished');
    const steps = await stepsOf(cursor, index);
    for (const step of steps.filter((s) => s.seat !== null))
      expect(step.text).toContain(PLAYER_NAMES[step.seat!]);
    const win = steps.find((s) => s.kind === 'win')!;
    const state = must(cursor.seek(win.seq));
    expect(cursor.hands[index]!.result.startsWith(PLAYER_NAMES[state.lastWin!.seat])).toBe(true);
    expect(win.text.startsWith(PLAYER_NAMES[state.lastWin!.seat])).toBe(true);
  });

  it('lists the hand a restart voided and the hand the session ended in, marked as such, with their steps', async () => {
    const cursor = cursorOf(recorded.ids.riichi);
    const statuses = cursor.hands.map((h) => h.status);
    expect(statuses).toContain('voided');
    expect(statuses.at(-1)).toBe('unfinished');
    const voided = cursor.hands.find((h) => h.status === 'voided')!;
    const redealt = cursor.hands[cursor.hands.indexOf(voided) + 1]!;
    // The same hand is dealt again: the same name and number.
    expect(redealt.label).toBe(voided.label);
    expect(redealt.number).toBe(voided.number);
    const unfinished = cursor.hands.at(-1)!;
    const steps = await stepsOf(cursor, cursor.hands.length - 1);
    expect(steps.filter((s) => s.kind === 'discard').length).toBeGreaterThan(3);
    // Its last steps: the operator's end, then the game's end the cut derives (the hand in play counting for nothing).
    expect(steps.map((s) => s.text).join('\n')).toMatch(/Session ended by the operator(.|\n)*Game over/);
    // The session is over: its cut-off hand is open too.
    expect(must(cursor.openHands(unfinished.lastSeq))).not.toBeNull();
    expect(cursorOf(recorded.ids.minefield).hands.at(-1)!.status).toBe('unfinished');
  });

  it('replays an imported tenhou.net/6 game round by round with the recorded results and final points', async () => {
    const cursor = cursorOf(recorded.ids.imported);
    const stored: readonly LoggedEvent[] = must(db.log.read(recorded.ids.imported));
    const record = importedRecord(stored)!;
    expect(cursor.hands).toHaveLength(record.rounds.length);
    record.rounds.forEach((round, i) => {
      const hand = cursor.hands[i]!;
      const start = riichiViewOf(must(cursor.seek(hand.firstSeq)) as never)!;
      // Each round starts from the points tenhou recorded for it.
      expect(start.seats.map((s) => s.points)).toEqual([...round.startScores]);
      if (round.result.type === 'win') {
        const won = must(cursor.seek(hand.lastSeq)).lastWin!;
        expect(won.seat).toBe(round.result.wins[0]!.winner);
        expect(won.yaku.length).toBeGreaterThan(0);
      }
    });
    // The names are the file's players; the steps of a round end with its result.
    const steps = await stepsOf(cursor, 0);
    expect(steps[0]!.text).toContain(record.players[0]!);
    expect(steps.findLast((s) => s.key)!.seq).toBeLessThanOrEqual(cursor.hands[1]!.firstSeq);
    expect(
      must(cursor.openHands(cursor.hands[0]!.firstSeq + 3))!.every((h) => h.concealed.length >= 13),
    ).toBe(true);
  });

  it('keeps the hand in play of a live session redacted for the replay: no open hands, no drawn tile in any line', async () => {
    const opened = Host.open({ dbPath: path.join(dir, 'live.sqlite'), pace: { thinkMs: 0, motorMs: 1 } });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const started = await host.startSession({
      variant: 'riichi',
      target: { kind: 'simulator', seed: 12 },
      seed: 12,
    });
    if (!started.ok) throw new Error(started.message);
    await host.waitFor((s) => {
      const v = riichiViewOf(s);
      return v !== null && v.phase === 'playing' && v.seats.reduce((n, x) => n + x.pond.length, 0) >= 8;
    }, 120_000);
    host.pause();
    const handlers = createHostHandlers(host, null);
    const sessionId = started.value;
    const hands = must(await handlers['replay.listHands']({ sessionId }));
    const inPlay = hands.hands.at(-1) as HandSummary;
    expect(inPlay.status).toBe('inPlay');
    const timeline = must(
      await handlers['replay.timeline']({ sessionId, fromSeq: inPlay.firstSeq, toSeq: inPlay.lastSeq }),
    );
    const draws = timeline.steps.filter((s) => s.text.includes(' draws'));
    expect(draws.length).toBeGreaterThan(3);
    for (const draw of draws) {
      expect(draw.tiles).toBeUndefined();
      expect(draw.text).toMatch(/ draws$/);
    }
    for (const step of timeline.steps) {
      const opened = must(await handlers['replay.open']({ sessionId, seq: step.seq }));
      expect(opened.hands ?? null).toBeNull();
    }
    // The log's secrets are there, and none of them reached a step: the drawn tiles of the hand in play.
    const log = must(host.log.read(sessionId, inPlay.firstSeq, 5000));
    const drawn = log
      .filter((r) => (r.event.type as string) === 'seat.drew')
      .map((r) => (r.event as unknown as RiichiEvent & { tile: number }).tile);
    expect(drawn.length).toBeGreaterThan(3);
    await host.endSession();
    await host.close();
  }, 180_000);
});
