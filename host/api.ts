// The host side of the IPC/WebSocket contract: one handler per host channel, over one Host.
import { ok } from '../rules/result.js';
import type { HostHandlers } from '../electron/host-api.js';
import type { IpcReply, LanStatus, StandingRow } from '../electron/ipc-contract.js';
import { addPlayer, clubStandings, getPlayer, listPlayers, mergePlayers, renamePlayer } from './storage/index.js';
import { standingsReport, tournamentScoring } from './standings-report.js';
import type { HostResult } from './errors.js';
import { exportSession } from './export.js';
import type { Host, SeatRequest } from './host.js';
import { ReplayCursor, sessionSummaries } from './replay.js';
import { toPublicState } from './public-model.js';
import { listSerialPorts } from './serial-ports.js';
import { yieldToEventLoop } from './request-limits.js';

/** Turns the LAN scoreboard on or off (the desktop app starts a server on demand; `serve` is always on). */
export interface LanController {
  setEnabled(enabled: boolean): Promise<LanStatus>;
  /** Whether the LAN reaches the scoreboard now, with its address and token (the console asks on each load). */
  status(): LanStatus;
}

const reply = <T>(result: HostResult<T>): IpcReply<T> =>
  result.ok ? result : { ok: false, code: result.code, message: result.message };

/** Kept here too for the callers that imported it from the API (host/standings-report.ts owns it). */
export { tournamentScoring } from './standings-report.js';

export function createHostHandlers(host: Host, lan: LanController | null): HostHandlers {
  /** Replay cursors stay open between calls, so stepping through a session does not reopen it each time. */
  const cursors = new Map<number, ReplayCursor>();
  const cursor = (sessionId: number): HostResult<ReplayCursor> => {
    const cached = cursors.get(sessionId);
    // A live session grows: reopen when the log moved on.
    if (cached && cached.storedLastSeq === host.log.lastSeq(sessionId)) return ok(cached);
    const opened = ReplayCursor.open(host.db, host.log, sessionId);
    if (opened.ok) {
      if (cursors.size > 8) cursors.clear();
      cursors.set(sessionId, opened.value);
    }
    return opened;
  };

  return {
    'table.listPorts': async () => {
      const listing = await listSerialPorts();
      return ok({ ports: listing.ports, ...(listing.note === null ? {} : { note: listing.note }) });
    },
    'players.list': async () =>
      ok({ players: listPlayers(host.db).map((p) => ({ id: p.id, name: p.name })) }),
    'players.create': async ({ name }) => {
      const added = addPlayer(host.db, name, Date.now());
      return added.ok ? ok({ id: added.value.id, name: added.value.name }) : reply(added);
    },
    'session.start': async ({ variant, preset, table, seats, handsPerGame, tagTeam }) => {
      const seated: SeatRequest[] = [];
      for (const { seat, playerId } of seats) {
        const player = getPlayer(host.db, playerId);
        if (player === undefined)
          return { ok: false, code: 'unknown_player', message: `there is no player ${playerId}` };
        seated.push({ seat, playerId, name: player.name, bot: table.kind === 'simulator' });
      }
      const started = await host.startSession({
        variant,
        preset,
        target:
          table.kind === 'serial'
            ? { kind: 'serial', path: table.path }
            : { kind: 'simulator', seed: Math.floor(Math.random() * 0x7fffffff) },
        seats: seated,
        // An operator is at the console: faults wait for them.
        autopilot: false,
        ...(handsPerGame === undefined ? {} : { handsPerGame }),
        ...(tagTeam === true ? { tagTeam } : {}),
      });
      return started.ok ? ok({ sessionId: started.value }) : reply(started);
    },
    'session.pause': async () => {
      const paused = host.pause();
      return paused.ok ? ok({ sessionId: paused.value }) : reply(paused);
    },
    'session.resume': async () => {
      const resumed = host.resume();
      return resumed.ok ? ok({ sessionId: resumed.value }) : reply(resumed);
    },
    'session.nextGame': async () => {
      const next = host.nextGame();
      return next.ok ? ok(next.value) : reply(next);
    },
    'session.end': async () => {
      const ended = await host.endSession('operator');
      return ended.ok ? ok({ sessionId: ended.value }) : reply(ended);
    },
    'operator.clearFault': async ({ code }) => {
      const cleared = host.clearFault(code);
      return cleared.ok ? ok({}) : reply(cleared);
    },
    'operator.correctMisread': async ({ eventSeq, tiles, note }) => {
      const corrected = host.correctMisread(eventSeq, tiles, note);
      return corrected.ok ? ok({ correctionSeq: corrected.value }) : reply(corrected);
    },
    'operator.correctableReads': async () =>
      ok({
        reads: host
          .correctableReads()
          .slice(0, 200)
          .map((r) => ({ ...r, tiles: [...r.tiles] })),
      }),
    'operator.enterButtonPress': async ({ seat, button, operator, reason }) => {
      const entered = host.enterButtonPress(seat, button, operator, reason);
      return entered.ok ? ok({ eventSeq: entered.value }) : reply(entered);
    },
    'operator.declareChombo': async ({ seat, trigger, operator }) => {
      const declared = host.declareChombo(seat, trigger, operator);
      return declared.ok ? ok({ eventSeq: declared.value }) : reply(declared);
    },
    'operator.declareDeadHand': async ({ seat, operator, reason }) => {
      const declared = host.declareDeadHand(seat, operator, reason);
      return declared.ok ? ok({ eventSeq: declared.value }) : reply(declared);
    },
    'operator.settleStageB': async ({ winner, deltas, operator, reason }) => {
      const settled = host.settleStageB({ winner, deltas, operator, reason });
      return settled.ok ? ok({ eventSeq: settled.value }) : reply(settled);
    },
    'lan.setEnabled': async ({ enabled }) => {
      if (lan === null)
        return { ok: false, code: 'host_unavailable', message: 'this host cannot serve the LAN scoreboard' };
      try {
        return ok(await lan.setEnabled(enabled));
      } catch (error) {
        return {
          ok: false,
          code: 'host_unavailable',
          message: `the LAN scoreboard could not be ${enabled ? 'started' : 'stopped'}: ${(error as Error).message}`,
        };
      }
    },
    'lan.status': async () => ok(lan === null ? { enabled: false as const } : lan.status()),
    'standings.list': async ({ scoring }) => {
      const standings = clubStandings(
        host.db,
        scoring === 'tournament' ? { finalScoring: tournamentScoring } : {},
      );
      return ok({ standings: standings.map((s): StandingRow => ({ ...s, placements: [...s.placements] })) });
    },
    'standings.report': async (query) => {
      const report = standingsReport(host.db, query);
      return ok({
        variants: report.variants.map((v) => ({
          ...v,
          standings: v.standings.map((s): StandingRow => ({ ...s, placements: [...s.placements] })),
        })),
        unfinished: [...report.unfinished],
      });
    },
    'players.rename': async ({ playerId, name, operator, reason }) => {
      const renamed = renamePlayer(host.db, playerId, name, { operator, ...(reason === undefined ? {} : { reason }), atMs: Date.now() });
      return renamed.ok ? ok({ id: renamed.value.id, name: renamed.value.name }) : reply(renamed);
    },
    'players.merge': async ({ fromId, intoId, operator, reason }) => {
      const merged = mergePlayers(host.db, fromId, intoId, { operator, ...(reason === undefined ? {} : { reason }), atMs: Date.now() });
      return merged.ok ? ok({ id: merged.value.id, name: merged.value.name }) : reply(merged);
    },
    'replay.listSessions': async () => ok({ sessions: sessionSummaries(host.db) }),
    'replay.listHands': async ({ sessionId }) => {
      const opened = cursor(sessionId);
      if (!opened.ok) return reply(opened);
      return ok({ sessionId, lastSeq: opened.value.lastSeq, hands: [...opened.value.hands] });
    },
    'replay.open': async ({ sessionId, seq }) => {
      const opened = cursor(sessionId);
      if (!opened.ok) return reply(opened);
      const model = opened.value.seek(seq);
      if (!model.ok) return reply(model);
      const hands = opened.value.openHands(seq);
      if (!hands.ok) return reply(hands);
      return ok({
        sessionId,
        seq: model.value.eventSeq,
        lastSeq: opened.value.lastSeq,
        state: toPublicState(model.value, model.value.eventSeq),
        hands: hands.value,
      });
    },
    'replay.timeline': async ({ sessionId, fromSeq, toSeq }) => {
      const opened = cursor(sessionId);
      if (!opened.ok) return reply(opened);
      // In slices, as replay.events: a long range must not hold the event loop the table link runs on.
      const steps = await opened.value.timeline(fromSeq, toSeq, yieldToEventLoop);
      return steps.ok ? ok({ sessionId, steps: steps.value }) : reply(steps);
    },
    'replay.events': async ({ sessionId, fromSeq, limit }) => {
      const opened = cursor(sessionId);
      if (!opened.ok) return reply(opened);
      // In slices: a 5000-event page must not hold the event loop the table link runs on.
      const events = await opened.value.eventsInSlices(fromSeq, limit, yieldToEventLoop);
      return events.ok ? ok({ sessionId, events: events.value }) : reply(events);
    },
    'export.session': async ({ sessionId, format, game }) => {
      const file = exportSession(host.db, host.log, sessionId, format, undefined, game);
      return file.ok ? ok(file.value) : reply(file);
    },
    'diagnostics.link': async () => ok(host.publicState().table),
  };
}
