// Issue 12: the read-only viewer's whole API (live state, event log, replay, lists, diagnostics) is the same when every secret of the hand in play changes.
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openHost, temporaryDatabases } from './host-harness.js';
import { createHostHandlers } from '../../host/server/api.js';
import { applyPublic, initialPublicModel, toPublicState } from '../../host/view/public-model.js';
import { viewerReply, viewerState } from '../../host/server/viewer-access.js';
import { READ_ONLY_CHANNELS, type InvokeChannel } from '../../contract/ipc-contract.js';
import type { HostHandlers } from '../../contract/host-api.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import { WIN_REFUSAL_CODES } from '../../families/minefield/machines/events.js';
import { eventChecksum } from '../../host/storage/index.js';

const tempDb = temporaryDatabases('viewer-secrets-');

type Json = Record<string, unknown>;
/** Another tile of the same shape (no red flag: every result is a valid tile). */
const other = (t: unknown): unknown => (t === null ? null : (((t as number) & 0x3f) + 9) % 27);
const others = (list: unknown): unknown => (list as unknown[]).map(other);
const rotate = <T>(list: readonly T[], value: T): T => list[(list.indexOf(value) + 1) % list.length]!;

/** The same event with every secret it carries changed (the public fields kept); null when it holds none. */
function withOtherSecrets(e: Json): Json | null {
  switch (e.type) {
    case 'table.wallsBuilt':
      return { ...e, walls: (e.walls as unknown[][]).map((w) => others([...w].reverse())) };
    case 'table.handsDealt':
      return { ...e, hands: (e.hands as unknown[]).map(others) };
    case 'table.tileDrawn':
    case 'seat.drew':
    case 'seat.furiten':
      return { ...e, tile: other(e.tile) };
    case 'table.handPlaced':
    case 'seat.handSet':
    case 'operator.correction':
      return { ...e, tiles: others(e.tiles) };
    case 'table.uraRevealed':
      return { ...e, indicator: other(e.indicator) };
    case 'table.state': {
      const snapshot = e.snapshot as Json;
      return {
        ...e,
        snapshot: {
          ...snapshot,
          ...(snapshot.placedHands === undefined
            ? {}
            : { placedHands: (snapshot.placedHands as unknown[]).map(others) }),
          ...(snapshot.ura ? { ura: { indicator: other((snapshot.ura as Json).indicator) } } : {}),
        },
      };
    }
    case 'hand.wallBuilt':
      return { ...e, live: [...(e.live as unknown[])].reverse(), dead: [...(e.dead as unknown[])].reverse() };
    case 'hand.wallsBuilt':
      return { ...e, walls: (e.walls as unknown[][]).map((w) => [...w].reverse()) };
    case 'hand.dealt':
      return { ...e, hands: (e.hands as unknown[]).map(others) };
    case 'hand.doraFlipped':
      return { ...e, underIndicator: other(e.underIndicator) };
    case 'seat.actionRejected':
      return { ...e, code: e.code === 'furiten' ? 'not_a_win' : 'furiten', message: 'changed' };
    case 'win.refused':
      return { ...e, code: rotate(WIN_REFUSAL_CODES, e.code as never), message: 'changed' };
    case 'seat.handRejected':
      return { ...e, message: 'changed' };
    case 'seat.discardRejected':
      return { ...e, tile: other(e.tile) };
    default:
      return null;
  }
}

/** Plays `variant` on the built-in simulator until a hand is over and the next one is well under way; leaves the session open. */
async function recordOpenSession(variant: string, preset: string, seed: number, inPlay: number) {
  const dbPath = tempDb();
  const host = openHost(dbPath, { thinkMs: 0, motorMs: 1 });
  const started = await host.startSession({ variant, preset, target: { kind: 'simulator', seed }, seed });
  if (!started.ok) throw new Error(started.message);
  const sessionId = started.value;
  const handsOver = (): number =>
    host.db
      .prepare(
        'SELECT coalesce(max(h.last_seq), 0) FROM hands h JOIN games g ON g.id = h.game_id WHERE g.session_id = ?',
      )
      .pluck()
      .get(sessionId) as number;
  const deadline = Date.now() + 60_000;
  while (handsOver() === 0 || host.log.lastSeq(sessionId) - handsOver() < inPlay) {
    if (Date.now() > deadline) throw new Error('the simulator did not get into a second hand');
    await new Promise((r) => setTimeout(r, 20));
  }
  await host.close();
  return { dbPath, sessionId };
}

/** A copy of the database whose events after `afterSeq` carry other secrets; returns its path and how many changed. */
function copyWithOtherSecrets(
  dbPath: string,
  sessionId: number,
): { path: string; changed: string[]; inPlayFrom: number } {
  const copy = path.join(path.dirname(dbPath), 'other-secrets.sqlite');
  const source = new Database(dbPath);
  source.exec(`VACUUM INTO '${copy}'`);
  source.close();
  const db = new Database(copy);
  const inPlayFrom =
    (db
      .prepare('SELECT max(h.last_seq) FROM hands h JOIN games g ON g.id = h.game_id WHERE g.session_id = ?')
      .pluck()
      .get(sessionId) as number) + 1;
  // The log is append-only; this test forges another history of the hand in play on purpose.
  const trigger = db
    .prepare("SELECT sql FROM sqlite_master WHERE name = 'events_append_only_update'")
    .pluck()
    .get() as string;
  db.exec('DROP TRIGGER events_append_only_update');
  const rows = db
    .prepare('SELECT seq, type, at_ms, payload FROM events WHERE session_id = ? AND seq >= ?')
    .all(sessionId, inPlayFrom) as { seq: number; type: string; at_ms: number; payload: string }[];
  // The forged history carries its own checksums (issue 12): another game, not a damaged file.
  const forge = db.prepare('UPDATE events SET payload = ?, checksum = ? WHERE session_id = ? AND seq = ?');
  const update = {
    run: (payload: string, session: number, seq: number) => {
      const row = rows.find((r) => r.seq === seq)!;
      forge.run(payload, eventChecksum(session, seq, row.type, row.at_ms, payload), session, seq);
    },
  };
  const changed: string[] = [];
  for (const row of rows) {
    // The type has its own column; the payload is the rest of the record.
    const next = withOtherSecrets({ ...(JSON.parse(row.payload) as Json), type: row.type });
    if (next === null) continue;
    const { type: _type, ...rest } = next;
    const payload = JSON.stringify(rest);
    if (payload === row.payload) continue;
    update.run(payload, sessionId, row.seq);
    changed.push(row.type);
  }
  db.exec(trigger);
  db.close();
  return { path: copy, changed, inPlayFrom };
}

/** Everything a viewer can ask for, as the server hands it to a read-only connection. */
async function viewerAnswers(handlers: HostHandlers, sessionId: number, lastSeq: number, inPlayFrom: number) {
  const ask = async (channel: InvokeChannel, payload: unknown): Promise<unknown> => {
    expect(READ_ONLY_CHANNELS).toContain(channel);
    const handler = handlers[channel as keyof HostHandlers] as (p: unknown) => Promise<never>;
    return viewerReply(channel, await handler(payload));
  };
  const answers: Record<string, unknown> = {
    players: await ask('players.list', {}),
    standings: await ask('standings.list', {}),
    tournament: await ask('standings.list', { scoring: 'tournament' }),
    sessions: await ask('replay.listSessions', {}),
    hands: await ask('replay.listHands', { sessionId }),
    diagnostics: await ask('diagnostics.link', {}),
    unknownSession: await ask('replay.events', { sessionId: sessionId + 7, fromSeq: 1, limit: 10 }),
  };
  const events: unknown[] = [];
  for (let from = 1; from <= lastSeq; from += 500)
    events.push(await ask('replay.events', { sessionId, fromSeq: from, limit: 500 }));
  answers.events = events;
  // The replay viewer's steps (issue 12): every hand's, the one in play too, with their lines.
  const timeline: unknown[] = [];
  for (let from = 1; from <= lastSeq; from += 1000)
    timeline.push(await ask('replay.timeline', { sessionId, fromSeq: from, toSeq: from + 999 }));
  answers.timeline = timeline;
  const opened: unknown[] = [];
  for (let seq = inPlayFrom - 3; seq <= lastSeq + 1; seq++)
    opened.push(await ask('replay.open', { sessionId, seq }));
  answers.opened = opened;
  return answers;
}

/** The live screens' states after each event (the host publishes this fold), as a viewer receives them. */
function liveStates(records: readonly LoggedEvent[], sessionId: number) {
  let model = initialPublicModel(sessionId);
  return records.map((record) => {
    model = applyPublic(model, record);
    return viewerState(toPublicState(model, record.seq));
  });
}

describe("the viewer's whole API hides the hand in play (issue 12)", () => {
  for (const [variant, preset, seed, inPlay, mustChange] of [
    ['riichi', 'club', 3, 150, ['table.tileDrawn', 'table.wallsBuilt', 'seat.drew', 'hand.dealt']],
    ['minefield', 'minefield', 4, 60, ['table.handPlaced', 'seat.handSet', 'hand.wallsBuilt']],
  ] as const) {
    it(`${variant}: every answer and live state is the same when every secret of the hand in play changes`, async () => {
      const { dbPath, sessionId } = await recordOpenSession(variant, preset, seed, inPlay);
      const forged = copyWithOtherSecrets(dbPath, sessionId);
      // The forged log really differs in secrets (the test would prove nothing otherwise).
      for (const type of mustChange) expect(forged.changed, type).toContain(type);

      const real = openHost(dbPath, { thinkMs: 0, motorMs: 1 });
      const fake = openHost(forged.path, { thinkMs: 0, motorMs: 1 });
      try {
        const lastSeq = real.log.lastSeq(sessionId);
        expect(fake.log.lastSeq(sessionId)).toBe(lastSeq);
        const realAnswers = await viewerAnswers(
          createHostHandlers(real, null),
          sessionId,
          lastSeq,
          forged.inPlayFrom,
        );
        const fakeAnswers = await viewerAnswers(
          createHostHandlers(fake, null),
          sessionId,
          lastSeq,
          forged.inPlayFrom,
        );
        for (const key of Object.keys(realAnswers)) expect(fakeAnswers[key], key).toEqual(realAnswers[key]);

        const realLog = real.log.read(sessionId);
        const fakeLog = fake.log.read(sessionId);
        if (!realLog.ok || !fakeLog.ok) throw new Error('log unreadable');
        const realLive = liveStates(realLog.value, sessionId);
        const fakeLive = liveStates(fakeLog.value, sessionId);
        realLive.forEach((state, i) => expect(fakeLive[i], `live state after event ${i + 1}`).toEqual(state));

        // The events of hands already over are whole (what was hidden during play is shown after the hand).
        const early = await createHostHandlers(real, null)['replay.events']({
          sessionId,
          fromSeq: 1,
          limit: 5000,
        });
        if (!early.ok) throw new Error(early.message);
        const over = early.value.events.filter((e) => e.seq < forged.inPlayFrom);
        const secretType = variant === 'riichi' ? 'table.tileDrawn' : 'table.handPlaced';
        const shown = over.find((e) => e.type === secretType)!.event as Json;
        expect(shown).toHaveProperty(variant === 'riichi' ? 'tile' : 'tiles');
        const inPlay = early.value.events.filter((e) => e.seq >= forged.inPlayFrom && e.type === secretType);
        expect(inPlay.length).toBeGreaterThan(0);
        for (const e of inPlay) expect(Object.keys(e.event as Json).sort()).toEqual(['seat', 'type']);
      } finally {
        await real.close();
        await fake.close();
      }
    }, 120_000);
  }
});
