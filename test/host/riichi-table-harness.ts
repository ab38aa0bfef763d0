// Test harness: a RiichiCore driving the simulator's TableModel in lock step, bots at the seats, every source event recorded.
import { RiichiCore, type RiichiTableMode } from '../../families/riichi/core.js';
import { riichiSeatDriver } from '../../families/riichi/seat-driver.js';
import type { SourceEvent } from '../../host/session/log-events.js';
import { FULL_CAPABILITIES, TableModel, type TableWireEvent } from '../../hardware/simulator/table-model.js';
import type { PublicTableView, SeatDriver, SeatView } from '../../hardware/simulator/seat-driver.js';
import { createRiichiBot } from '../../families/riichi/bots/riichi-bot.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import { handInvariantProblem } from '../../families/riichi/machines/model.js';
import { createRng, deriveSeed } from '../../table/rng.js';
import { TABLE_MODE_SPECS, type Seat, type TableCommand } from '../../table/table-events.js';
import type { RuleOptions } from '../../rules/options.js';

export interface LoggedSource {
  readonly seq: number;
  readonly atMs: number;
  readonly event: SourceEvent;
}

export interface RunOptions {
  readonly mode: RiichiTableMode;
  readonly preset: string;
  readonly rules: RuleOptions;
  readonly seed: number;
  readonly games?: number;
  /** Source-event seqs after which the host "crashes": a fresh core replays the log, the simulator is new. */
  readonly crashAfter?: readonly number[];
  /** Give up after this many source events (a stalled game is a failure). */
  readonly maxEvents?: number;
  /** Sensors the table lacks: draws (the wall model names each draw) or discards (the operator corrects each). */
  readonly blind?: { readonly draws?: boolean; readonly discards?: boolean };
  /**
   * The table reboots as the host's first kan dora flip reaches it (PROTOCOL.md §9.1): the command is lost with
   * the table's session, the tiles stay where they are, and the link reports `link.rebooted`.
   */
  readonly rebootAtFirstKanFlip?: boolean;
  /** The table's first kan dora flip jams (a recoverable fault at the dora stage); the operator clears it. */
  readonly jamFirstKanFlip?: boolean;
  /** A table before protocol revision 1.2: it refuses FLIP_DORA once the hand's indicator is up (badState). */
  readonly noKanDora?: boolean;
  /** A revision 1.2 table (no protocol 2 content: replacement draws are plain TILE_DRAWN, one ura only). */
  readonly revision12?: boolean;
}

export interface RunResult {
  readonly sources: LoggedSource[];
  /** Every derived event in log order, with the seq of the source event that caused it. */
  readonly derived: { readonly cause: number; readonly event: RiichiEvent }[];
  readonly core: RiichiCore;
  readonly problems: string[];
  readonly restarts: number;
  readonly refusedActions: number;
  /** Operator corrections entered for unsensed discards. */
  readonly corrections: number;
}

const START_MS = 1_700_000_000_000;
const STEP_MS = 40;

/** Replays a recorded log through a fresh core: the derived events it produces, in order. */
export function replay(
  options: RunOptions,
  sources: readonly LoggedSource[],
): { core: RiichiCore; derived: RiichiEvent[] } {
  const core = newCore(options);
  const derived: RiichiEvent[] = [];
  for (const record of sources) derived.push(...core.step(record.seq, record.atMs, record.event).derived);
  return { core, derived };
}

const newCore = (options: RunOptions) =>
  new RiichiCore({ startAtMs: START_MS, mode: options.mode, rules: options.rules });

/** Runs whole games; throws when the game stalls (no driver acts, no deadline pending). */
export function runRiichiSession(options: RunOptions): RunResult {
  const games = options.games ?? 1;
  const maxEvents = options.maxEvents ?? 60_000;
  const spec = TABLE_MODE_SPECS[options.mode];
  const sources: LoggedSource[] = [];
  const derived: RunResult['derived'] = [];
  const problems: string[] = [];
  const crashes = new Set(options.crashAfter ?? []);
  let core = newCore(options);
  let seq = 0;
  let atMs = START_MS;
  let restarts = 0;
  let refusedActions = 0;
  let commandId = 0;
  const queue: SourceEvent[] = [];
  let table: TableModel;
  let drivers: Map<Seat, SeatDriver>;
  let bootId = 1000;

  const capabilities = {
    ...FULL_CAPABILITIES,
    sensors: {
      ...FULL_CAPABILITIES.sensors,
      draws: options.blind?.draws !== true,
      discards: options.blind?.discards !== true,
    },
    ...(options.revision12 === true ? { content: null } : {}),
  };
  let corrections = 0;
  const newTable = () => {
    table = new TableModel(
      capabilities,
      deriveSeed(options.seed, 7 + restarts),
      options.rules.redFives !== 'none',
    );
    drivers = new Map(
      spec.seats.map((seat) => [
        seat,
        riichiSeatDriver(
          createRiichiBot({ seed: deriveSeed(options.seed, 100 + seat + 10 * restarts) }),
          seat,
          (s) => core.panel(s),
        ),
      ]),
    );
    bootId++;
    queue.push({
      type: 'table.hello',
      protocol: 1,
      firmware: 'sim-harness',
      capabilities,
      bootId,
    });
    queue.push({ type: 'link.up', bootId, reconnect: false });
  };

  let rebootedAtKanFlip = false;
  let jammedKanFlip = false;
  let clearingFault = false;
  const run = (command: TableCommand): (TableWireEvent | SourceEvent)[] => {
    if (options.jamFirstKanFlip && !jammedKanFlip && command.type === 'flipDora' && table.dora !== null) {
      jammedKanFlip = true;
      table.jams.set('dora', 1);
    }
    if (
      options.rebootAtFirstKanFlip &&
      !rebootedAtKanFlip &&
      command.type === 'flipDora' &&
      table.dora !== null
    ) {
      rebootedAtKanFlip = true;
      bootId++;
      return [{ type: 'link.rebooted', previousBootId: bootId - 1, bootId }];
    }
    const id = ++commandId;
    if (options.noKanDora && command.type === 'flipDora' && table.dora !== null)
      return [{ type: 'table.commandRejected', commandId: id, command: command.type, code: 'badState' }];
    const outcome = table.execute(command);
    if (outcome.kind === 'rejected')
      return [{ type: 'table.commandRejected', commandId: id, command: command.type, code: outcome.code }];
    return outcome.kind === 'done' ? outcome.events : table.finishMotor(outcome.stage, outcome.complete);
  };

  const ingest = (event: SourceEvent) => {
    seq++;
    atMs += STEP_MS;
    sources.push({ seq, atMs, event });
    const out = core.step(seq, atMs, event);
    for (const e of out.derived) derived.push({ cause: seq, event: e });
    for (const command of out.commands) queue.push(...(run(command) as SourceEvent[]));
    if (options.jamFirstKanFlip && core.fault !== null && !clearingFault) {
      clearingFault = true;
      queue.push({ type: 'operator.faultCleared', code: core.fault.code });
    }
    if (core.fault === null) clearingFault = false;
    const hand = core.gameSnapshot()?.context.hand;
    if (hand !== undefined) {
      const problem = handInvariantProblem(hand);
      if (problem !== null) problems.push(`after ${seq} (${event.type}): ${problem}`);
    }
    if (event.type === 'table.tileDiscarded' && event.tile === null) {
      // The operator reads the unsensed discard off the table and enters it (an audited correction).
      const tile = table.discards[event.seat]!.at(-1)!;
      const check = core.checkCorrection(seq, [tile]);
      if (!check.ok) problems.push(`correction of ${seq} refused: ${check.message}`);
      else {
        corrections++;
        queue.unshift({
          type: 'operator.correction',
          eventSeq: seq,
          tiles: [tile],
          note: 'read off the table',
        });
      }
    }
    if (crashes.has(seq)) crash();
  };

  const crash = () => {
    // The process dies: a fresh core replays the log; the built-in simulator died with it.
    core.stop();
    const replayed = replay(options, sources);
    const logged = derived.map((d) => d.event);
    if (JSON.stringify(replayed.derived) !== JSON.stringify(logged))
      problems.push(`replay at ${seq} diverged from the log`);
    core = replayed.core;
    restarts++;
    queue.length = 0;
    ingest({ type: 'host.restarted', previousBootId: core.bootId });
    const voided = core.handToVoid();
    if (voided !== null) ingest({ type: 'host.handVoided', ...voided, reason: 'simulator_lost' });
    newTable();
  };

  const views = (seat: Seat): [PublicTableView, SeatView] => [
    {
      mode: table.mode,
      phase: table.phase,
      dice: table.dice,
      dora: table.dora,
      ura: table.ura,
      lid: table.lid,
      discards: table.discards,
      melds: table.melds,
      handsPlaced: table.placed.map((p) => p.length),
      lamps: table.lamps,
      displays: table.displays,
      sticks: table.sticks,
      lastEvent: null,
      eventCount: seq,
    },
    { seat, hand: table.hands[seat]!, placed: table.placed[seat]!, wall: table.walls[seat]! },
  ];

  ingest({
    type: 'host.sessionOpened',
    variant: options.mode === 'sanma3' ? 'sanma' : 'riichi',
    preset: options.preset,
    target: { kind: 'simulator', seed: options.seed },
    seed: options.seed,
    seats: spec.seats.map((seat) => ({ seat, playerId: null, name: `Bot ${seat + 1}`, bot: true })),
    autopilot: true,
  });
  newTable!();
  let idleTicks = 0;
  while (seq < maxEvents) {
    const next = queue.shift();
    if (next !== undefined) {
      ingest(next);
      continue;
    }
    if (core.gamesFinished >= games) break;
    if (core.wantsGame()) {
      const game = core.gamesRequested + 1;
      const firstDealer = createRng(deriveSeed(options.seed, 1000 + game)).int(spec.seats.length);
      ingest({ type: 'host.gameRequested', game, firstDealer });
      continue;
    }
    let acted = false;
    for (const [seat, driver] of drivers!) {
      const action = driver.next(...views(seat));
      if (action === null) continue;
      const done = table!.perform(action);
      if (!done.ok) {
        refusedActions++;
        problems.push(`seat ${seat} ${action.do} refused: ${done.reason}`);
        continue;
      }
      queue.push(...(done.events as SourceEvent[]));
      acted = true;
      break;
    }
    if (acted) {
      idleTicks = 0;
      continue;
    }
    const due = core.nextDeadlineAtMs();
    if (due === null || ++idleTicks > 20)
      throw new Error(
        `the game stalled at event ${seq}: ${sources
          .slice(-40)
          .map((s) => JSON.stringify(s.event).slice(0, 200))
          .join('\n')}\nderived ${derived
          .slice(-10)
          .map((d) => JSON.stringify(d.event).slice(0, 300))
          .join('\n')}`,
      );
    atMs = Math.max(atMs, due - STEP_MS);
    ingest({ type: 'host.clockTicked' });
  }
  if (seq >= maxEvents) throw new Error(`no end after ${maxEvents} events`);
  return { sources, derived, core, problems, restarts, refusedActions, corrections };
}
