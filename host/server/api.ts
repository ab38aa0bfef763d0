// The host side of the IPC/WebSocket contract: one handler per host channel, over one Host.
import { ok } from '../../rules/result.js';
import type { HostHandlers } from '../../contract/host-api.js';
import type { IpcReply, LanStatus } from '../../contract/ipc-contract.js';
import { addPlayer, getPlayer, listPlayers, mergePlayers, renamePlayer } from '../storage/index.js';
import type { HostResult } from '../errors.js';
import type { Host, SeatRequest } from '../session/host.js';
import { listSerialPorts } from '../session/serial-ports.js';

/** Turns the LAN scoreboard on or off (the desktop app starts a server on demand; `serve` is always on). */
export interface LanController {
  setEnabled(enabled: boolean): Promise<LanStatus>;
  /** Whether the LAN reaches the scoreboard now, with its address and token (the console asks on each load). */
  status(): LanStatus;
}

const reply = <T>(result: HostResult<T>): IpcReply<T> =>
  result.ok ? result : { ok: false, code: result.code, message: result.message };

/** Kept here too for the callers that imported it from the API (host/reports/standings-report.ts owns it). */
export { tournamentScoring } from '../reports/standings-report.js';

export function createHostHandlers(host: Host, lan: LanController | null): HostHandlers {
  return {
    // Replays, standings and exports run on the host's read thread (read-worker.ts), off the table link's loop.
    ...host.heavyReads,
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
    'players.rename': async ({ playerId, name, operator, reason }) => {
      const renamed = renamePlayer(host.db, playerId, name, { operator, ...(reason === undefined ? {} : { reason }), atMs: Date.now() });
      return renamed.ok ? ok({ id: renamed.value.id, name: renamed.value.name }) : reply(renamed);
    },
    'players.merge': async ({ fromId, intoId, operator, reason }) => {
      const merged = mergePlayers(host.db, fromId, intoId, { operator, ...(reason === undefined ? {} : { reason }), atMs: Date.now() });
      return merged.ok ? ok({ id: merged.value.id, name: merged.value.name }) : reply(merged);
    },
    'diagnostics.link': async () => ok(host.publicState().table),
  };
}
