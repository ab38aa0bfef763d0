// The table session machine: handshake, hand preparation, faults mid-hand, link loss and reboots; graph coverage.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { tableSessionMachine, type TableSessionEmitted, type TableSessionEvent } from '../../machines/table-session.js';
import type { Capabilities, Fault, TableErrorCode, TableSnapshot } from '../../table/table-events.js';
import { machineCoverage } from './graph-coverage.js';

const capabilities = (modes: Capabilities['modes']): Capabilities => ({
  modes,
  dealsHands: false,
  sensors: { walls: true, draws: true, discards: true, melds: false, reveal: true, handPlacement: true, sticks: false, lid: true, dice: true },
  seatPanels: true,
  lamps: true,
  displays: true,
  buzzer: true,
});
const hello = (modes: Capabilities['modes'] = ['standard4', 'minefield2']): TableSessionEvent => ({ type: 'table.hello', protocol: 1, firmware: 'sim-1.0.0', capabilities: capabilities(modes), bootId: 7 });
const wall = (n: number) => Array.from({ length: n }, (_, i) => (i % 34) as never);
const walls: TableSessionEvent = { type: 'table.wallsBuilt', walls: [wall(34), [], wall(34), []] };
const jam: Fault = { code: 'jam', stage: 'build', recoverable: true };
const burnt: Fault = { code: 'liftLimit', stage: 'lift', recoverable: false };
const snapshot = (fault: Fault | null, mode: TableSnapshot['mode'] = 'minefield2'): TableSnapshot => ({
  mode,
  phase: 'wallsBuilt',
  fault,
  lid: 'closed',
  dice: null,
  dora: null,
  wallRemaining: [34, 0, 34, 0],
  discards: [[], [], [], []],
  melds: [[], [], [], []],
  handsPlaced: [0, 0, 0, 0],
  sticks: Array(4).fill({ p100: 0, p1000: 0, p5000: 0, p10000: 0 }),
  displays: [0, 0, 0, 0],
});

function session() {
  const clock = new SimulatedClock();
  const actor = createActor(tableSessionMachine, { input: { mode: 'minefield2', stageTimeoutMs: 1000 }, clock });
  const emitted: TableSessionEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const commands = () => emitted.filter((e) => e.type === 'session.commandIssued').map((e) => (e as { command: { type: string } }).command.type);
  return { actor, clock, emitted, commands, send: (e: TableSessionEvent) => actor.send(e) };
}

/** A hand asked for and prepared through every stage: shuffle, walls, dice, dora. */
function prepareHand(s: ReturnType<typeof session>): void {
  s.send({ type: 'session.handRequested' });
  s.send({ type: 'table.shuffled' });
  s.send(walls);
  s.send({ type: 'table.diceRolled', dice: [3, 4] });
  s.send({ type: 'table.doraFlipped', indicator: 5 as never });
}

describe('table session', () => {
  it('handshakes, sets the mode and prepares a hand: shuffle, walls, dice, dora', () => {
    const s = session();
    s.send(hello());
    s.send({ type: 'table.modeSet', mode: 'minefield2' });
    prepareHand(s);
    expect(s.commands()).toEqual(['setMode', 'shuffle', 'buildWalls', 'rollDice', 'flipDora']);
    expect(s.emitted.find((e) => e.type === 'session.handReady')).toMatchObject({ hand: { dice: [3, 4], doraIndicator: 5 } });
    expect(s.actor.getSnapshot().value).toEqual({ operating: 'playing' });
  });

  it('a fault mid-hand waits for the operator, then resumes the same stage and re-sends its command', () => {
    const s = session();
    s.send(hello());
    s.send({ type: 'table.modeSet', mode: 'minefield2' });
    s.send({ type: 'session.handRequested' });
    s.send({ type: 'table.shuffled' });
    s.send({ type: 'table.fault', fault: jam });
    expect(s.actor.getSnapshot().value).toBe('faulted');
    s.send(walls); // ignored while faulted
    expect(s.actor.getSnapshot().value).toBe('faulted');
    s.send({ type: 'operator.faultCleared' });
    s.send({ type: 'table.faultCleared', code: 'jam' });
    expect(s.actor.getSnapshot().value).toEqual({ operating: { preparing: 'buildingWalls' } });
    expect(s.commands()).toEqual(['setMode', 'shuffle', 'buildWalls', 'clearFault', 'buildWalls']);
    expect(s.emitted.map((e) => e.type)).toContain('session.resumed');
  });

  it('a fault while playing resumes playing; an unrecoverable fault takes the table out of service', () => {
    const s = session();
    s.send(hello());
    s.send({ type: 'table.modeSet', mode: 'minefield2' });
    s.send({ type: 'session.handRequested' });
    s.send({ type: 'table.shuffled' });
    s.send(walls);
    s.send({ type: 'table.diceRolled', dice: [1, 1] });
    s.send({ type: 'table.doraFlipped', indicator: 0 as never });
    s.send({ type: 'table.fault', fault: { ...jam, stage: 'play' } });
    s.send({ type: 'operator.faultCleared' });
    s.send({ type: 'table.faultCleared', code: 'jam' });
    expect(s.actor.getSnapshot().value).toEqual({ operating: 'playing' });
    s.send({ type: 'table.fault', fault: burnt });
    expect(s.actor.getSnapshot().value).toBe('outOfService');
    expect(s.emitted.at(-1)).toEqual({ type: 'session.outOfService', fault: burnt });
  });

  it('link lost → resync with getState, the stage resumed without its command again; after a reboot the stage is redone, the mode set again only if lost', () => {
    const s = session();
    s.send(hello());
    s.send({ type: 'table.modeSet', mode: 'minefield2' });
    s.send({ type: 'session.handRequested' });
    s.send({ type: 'link.lost', reason: 'heartbeat', detail: 'no ack' });
    expect(s.actor.getSnapshot().value).toBe('linkDown');
    s.send({ type: 'link.up', bootId: 7, reconnect: true });
    s.send({ type: 'table.state', snapshot: snapshot(null) });
    expect(s.actor.getSnapshot().value).toEqual({ operating: { preparing: 'shuffling' } });
    s.send({ type: 'link.rebooted', previousBootId: 7, bootId: 8 });
    s.send({ type: 'table.state', snapshot: snapshot(null) });
    expect(s.actor.getSnapshot().value).toEqual({ operating: { preparing: 'shuffling' } });
    // The shuffle sent before the loss is still in the link's reliable channel: only the reboot drops it.
    expect(s.commands()).toEqual(['setMode', 'shuffle', 'getState', 'getState', 'shuffle']);
    expect(s.actor.getSnapshot().context.bootId).toBe(8);
    s.send({ type: 'link.rebooted', previousBootId: 8, bootId: 9 });
    s.send({ type: 'table.state', snapshot: snapshot(null, null) });
    expect(s.actor.getSnapshot().value).toBe('restoringMode');
    s.send({ type: 'table.modeSet', mode: 'minefield2' });
    expect(s.actor.getSnapshot().value).toEqual({ operating: { preparing: 'shuffling' } });
    expect(s.commands().slice(-4)).toEqual(['shuffle', 'getState', 'setMode', 'shuffle']);
  });

  it('a slow stage (after delay) keeps waiting, asks for the state, and never runs its motor twice', () => {
    const s = session();
    s.send(hello());
    s.send({ type: 'table.modeSet', mode: 'minefield2' });
    s.send({ type: 'session.handRequested' });
    s.clock.increment(1000);
    s.clock.increment(1000);
    expect(s.actor.getSnapshot().value).toEqual({ operating: { preparing: 'shuffling' } });
    // One getState at a time: the first is still on its way, so the second timeout does not ask again.
    expect(s.commands()).toEqual(['setMode', 'shuffle', 'getState']);
    s.send({ type: 'table.state', snapshot: snapshot(null) });
    s.clock.increment(1000);
    expect(s.commands()).toEqual(['setMode', 'shuffle', 'getState', 'getState']);
    s.send({ type: 'table.shuffled' }); // late, but taken
    expect(s.commands().at(-1)).toBe('buildWalls');
    s.send({ type: 'link.lost', reason: 'heartbeat', detail: '' });
    s.send({ type: 'link.up', bootId: 7, reconnect: true });
    s.clock.increment(1000);
    expect(s.actor.getSnapshot().value).toBe('resyncing');
    s.send({ type: 'table.state', snapshot: snapshot(jam) });
    expect(s.actor.getSnapshot().value).toBe('faulted');
  });

  it('a stage event the table sent just before a link loss arrives while resyncing: held, taken on resume, the command never sent twice', () => {
    // The sequence of a CI failure: walls built while the cable was out; the event came after link.up, before
    // the state reply. Dropping it and sending buildWalls again got a badState refusal, and the run stalled.
    const s = session();
    s.send(hello());
    s.send({ type: 'table.modeSet', mode: 'minefield2' });
    s.send({ type: 'session.handRequested' });
    s.send({ type: 'table.shuffled' });
    s.clock.increment(1000); // the stage times out: ask for the state
    s.send({ type: 'link.lost', reason: 'heartbeat', detail: 'no frame for 1001 ms' });
    s.send({ type: 'link.up', bootId: 7, reconnect: true });
    expect(s.actor.getSnapshot().value).toBe('resyncing');
    s.send(walls);
    expect(s.actor.getSnapshot().value).toBe('resyncing');
    s.send({ type: 'table.state', snapshot: snapshot(null) });
    expect(s.actor.getSnapshot().value).toEqual({ operating: { preparing: 'rollingDice' } });
    expect(s.actor.getSnapshot().context.walls).toEqual((walls as { walls: unknown }).walls);
    // The getState of the stage timeout was still unanswered at link.up: the resync waits for its answer.
    expect(s.commands()).toEqual(['setMode', 'shuffle', 'buildWalls', 'getState', 'rollDice']);
    expect(s.actor.getSnapshot().context.heldEvents).toEqual([]);
  });

  it('a hand that ends while the link is down or a fault is latched is taken on resume: ready for the next hand', () => {
    const s = session();
    s.send(hello());
    s.send({ type: 'table.modeSet', mode: 'minefield2' });
    prepareHand(s);
    s.send({ type: 'link.lost', reason: 'heartbeat', detail: '' });
    s.send({ type: 'link.up', bootId: 7, reconnect: true });
    s.send({ type: 'session.handEnded' }); // a tsumo the link delivered before the state reply
    s.send({ type: 'table.state', snapshot: snapshot(null) });
    expect(s.actor.getSnapshot().value).toEqual({ operating: 'ready' });
    prepareHand(s);
    s.send({ type: 'table.fault', fault: { code: 'lidOpen', stage: 'play', recoverable: true } });
    s.send({ type: 'session.handEnded' });
    s.send({ type: 'operator.faultCleared' });
    s.send({ type: 'table.faultCleared', code: 'lidOpen' });
    expect(s.actor.getSnapshot().value).toEqual({ operating: 'ready' });
    // A stray hand end while ready is not kept for later.
    s.send({ type: 'session.handEnded' });
    s.send({ type: 'session.handRequested' });
    expect(s.actor.getSnapshot().value).toEqual({ operating: { preparing: 'shuffling' } });
  });

  it('a busy retry still due when the link drops is made after the resync', () => {
    const s = session();
    s.send(hello());
    s.send({ type: 'table.modeSet', mode: 'minefield2' });
    s.send({ type: 'session.handRequested' });
    s.send({ type: 'table.commandRejected', commandId: 2, command: 'shuffle', code: 'busy' });
    s.send({ type: 'link.lost', reason: 'heartbeat', detail: '' });
    s.send({ type: 'link.up', bootId: 7, reconnect: true });
    s.send({ type: 'table.state', snapshot: snapshot(null) });
    expect(s.commands()).toEqual(['setMode', 'shuffle', 'getState']);
    s.clock.increment(1000);
    expect(s.commands()).toEqual(['setMode', 'shuffle', 'getState', 'shuffle']);
  });

  it('a table without the mode is reported unsupported', () => {
    const s = session();
    s.send(hello(['standard4']));
    expect(s.actor.getSnapshot().value).toBe('unsupported');
    expect(s.emitted).toContainEqual({
      type: 'session.unsupported',
      mode: 'minefield2',
      modes: ['standard4'],
      missing: ['mode minefield2 (the table offers standard4)'],
    });
  });

  it('issue 13: a table that lacks a protocol 2 feature the variant needs is unsupported, one that has it is set up with the features the host uses', () => {
    const clock = new SimulatedClock();
    const emitted: TableSessionEmitted[] = [];
    const actor = createActor(tableSessionMachine, {
      input: { mode: 'xiamen4', requiredFeatures: ['bonusTiles', 'goldIndicator'], wantedFeatures: ['bonusTiles', 'goldIndicator', 'allUra'] },
      clock,
    });
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    // A revision 1.2 table (no content extension) that has the mode.
    actor.send({ type: 'table.hello', protocol: 1, firmware: 'old', capabilities: capabilities(['xiamen4']), bootId: 1 });
    expect(actor.getSnapshot().value).toBe('unsupported');
    expect(emitted).toContainEqual({
      type: 'session.unsupported',
      mode: 'xiamen4',
      modes: ['xiamen4'],
      missing: [
        'protocol 2 feature bonusTiles (the table speaks revision 1.x)',
        'protocol 2 feature goldIndicator (the table speaks revision 1.x)',
      ],
    });
    // A protocol 2 table without the gold indicator is refused too.
    const content = (features: NonNullable<Capabilities['content']>['features']) => ({
      ...capabilities(['xiamen4']),
      content: { revision: 2, features, tileSets: [144 as const] },
    });
    actor.send({ type: 'table.hello', protocol: 1, firmware: 'v2', capabilities: content(['bonusTiles', 'replacementDraws']), bootId: 2 });
    expect(actor.getSnapshot().value).toBe('unsupported');
    // One that has both: SET_MODE switches on what the host uses and the table has (allUra it lacks).
    actor.send({ type: 'table.hello', protocol: 1, firmware: 'v2', capabilities: content(['bonusTiles', 'goldIndicator']), bootId: 3 });
    expect(actor.getSnapshot().value).toBe('settingMode');
    expect(emitted.filter((e) => e.type === 'session.commandIssued')).toEqual([
      { type: 'session.commandIssued', command: { type: 'setMode', mode: 'xiamen4', features: ['bonusTiles', 'goldIndicator'] } },
    ]);
  });

  const toShuffling = () => {
    const s = session();
    s.send(hello());
    s.send({ type: 'table.modeSet', mode: 'minefield2' });
    s.send({ type: 'session.handRequested' });
    return s;
  };
  const rejected = (command: string, code: TableErrorCode): TableSessionEvent => ({ type: 'table.commandRejected', commandId: 3, command, code });

  it('issue 4: a stage command refused as busy is sent again when the stage timeout passes, not at once', () => {
    const s = toShuffling();
    s.send({ type: 'table.shuffled' });
    s.send(rejected('buildWalls', 'busy'));
    expect(s.actor.getSnapshot().value).toEqual({ operating: { preparing: 'buildingWalls' } });
    expect(s.commands()).toEqual(['setMode', 'shuffle', 'buildWalls']);
    s.clock.increment(999);
    expect(s.commands().at(-1)).toBe('buildWalls');
    s.clock.increment(1);
    // Sent again (the table never ran it), instead of only asking for the state as a slow stage does.
    expect(s.commands()).toEqual(['setMode', 'shuffle', 'buildWalls', 'buildWalls']);
    s.clock.increment(1000);
    expect(s.commands().at(-1)).toBe('getState');
    s.send(walls);
    expect(s.actor.getSnapshot().value).toEqual({ operating: { preparing: 'rollingDice' } });
  });

  it('issue 4: a stage that completes while a busy retry waits is not sent again', () => {
    const s = toShuffling();
    s.send(rejected('shuffle', 'busy'));
    s.send({ type: 'table.shuffled' });
    s.clock.increment(1000);
    expect(s.commands()).toEqual(['setMode', 'shuffle', 'buildWalls', 'getState']);
  });

  it('issue 4: a refusal that needs the operator goes to commandRefused with its code; clearing it redoes the stage', () => {
    const s = toShuffling();
    s.send(rejected('shuffle', 'badState'));
    expect(s.actor.getSnapshot().value).toBe('commandRefused');
    expect(s.emitted).toContainEqual({ type: 'session.commandRefused', refusal: { command: 'shuffle', code: 'badState' } });
    expect(s.actor.getSnapshot().context.refusal).toEqual({ command: 'shuffle', code: 'badState' });
    s.clock.increment(5000); // no timer runs while the operator looks
    s.send({ type: 'table.shuffled' }); // ignored, like any table event while refused
    expect(s.commands()).toEqual(['setMode', 'shuffle']);
    // A link loss while the operator looks does not clear the refusal behind the operator's back.
    s.send({ type: 'link.lost', reason: 'heartbeat', detail: '' });
    s.send({ type: 'link.up', bootId: 7, reconnect: true });
    s.send({ type: 'table.state', snapshot: snapshot(null) });
    expect(s.actor.getSnapshot().value).toBe('commandRefused');
    expect(s.commands()).toEqual(['setMode', 'shuffle', 'getState']);
    s.send({ type: 'operator.faultCleared' });
    expect(s.actor.getSnapshot().value).toEqual({ operating: { preparing: 'shuffling' } });
    expect(s.actor.getSnapshot().context.refusal).toBeNull();
    expect(s.commands()).toEqual(['setMode', 'shuffle', 'getState', 'shuffle']);
    expect(s.emitted.slice(-2).map((e) => e.type)).toEqual(['session.resumed', 'session.commandIssued']);
  });

  it('issue 4: a refusal for a latched fault asks the table, which shows the fault: faulted, then the stage again', () => {
    const s = toShuffling();
    s.send({ type: 'table.shuffled' });
    s.send(rejected('buildWalls', 'faultLatched'));
    expect(s.actor.getSnapshot().value).toBe('resyncing');
    expect(s.commands().at(-1)).toBe('getState');
    s.send({ type: 'table.state', snapshot: snapshot(jam) });
    expect(s.actor.getSnapshot().value).toBe('faulted');
    s.send({ type: 'operator.faultCleared' });
    s.send({ type: 'table.faultCleared', code: 'jam' });
    expect(s.actor.getSnapshot().value).toEqual({ operating: { preparing: 'buildingWalls' } });
    expect(s.commands().slice(-2)).toEqual(['clearFault', 'buildWalls']);
  });

  it("issue 4: a late rejection of an earlier stage's command, or of a command outside preparation, changes nothing", () => {
    const s = toShuffling();
    s.send({ type: 'table.shuffled' });
    s.send(rejected('shuffle', 'badState'));
    s.send(rejected('setLamp', 'badArgument'));
    expect(s.actor.getSnapshot().value).toEqual({ operating: { preparing: 'buildingWalls' } });
    s.send(walls);
    s.send({ type: 'table.diceRolled', dice: [2, 2] });
    s.send({ type: 'table.doraFlipped', indicator: 1 as never });
    s.send(rejected('flipDora', 'busy'));
    expect(s.actor.getSnapshot().value).toEqual({ operating: 'playing' });
    expect(s.actor.getSnapshot().context.stageCommand).toBeNull();
  });

  it('issue 4: clearFault refused: notRecoverable takes the table out of service, noFault resumes', () => {
    const s = toShuffling();
    s.send({ type: 'table.fault', fault: { ...jam, stage: 'shuffle' } });
    s.send({ type: 'operator.faultCleared' });
    s.send(rejected('clearFault', 'notRecoverable'));
    expect(s.actor.getSnapshot().value).toBe('outOfService');
    expect(s.emitted.at(-1)).toEqual({ type: 'session.outOfService', fault: { ...jam, stage: 'shuffle', recoverable: false } });
    const t = toShuffling();
    t.send({ type: 'table.fault', fault: jam });
    t.send({ type: 'operator.faultCleared' });
    t.send(rejected('clearFault', 'noFault'));
    expect(t.actor.getSnapshot().value).toEqual({ operating: { preparing: 'shuffling' } });
    expect(t.commands().slice(-2)).toEqual(['clearFault', 'shuffle']);
  });

  it('graph: every state and every transition is reached, faults in the middle of a hand included', () => {
    const events: TableSessionEvent[] = [
      hello(),
      hello(['standard4']),
      { type: 'table.modeSet', mode: 'minefield2' },
      { type: 'table.modeSet', mode: 'standard4' },
      { type: 'session.handRequested' },
      { type: 'table.shuffled' },
      walls,
      { type: 'table.wallsBuilt', walls: [wall(34), [], [], []] },
      { type: 'table.diceRolled', dice: [2, 5] },
      { type: 'table.doraFlipped', indicator: 3 as never },
      { type: 'session.handEnded' },
      { type: 'table.fault', fault: jam },
      { type: 'table.fault', fault: burnt },
      { type: 'operator.faultCleared' },
      { type: 'table.faultCleared', code: 'jam' },
      { type: 'operator.stopRequested' },
      { type: 'link.lost', reason: 'closed', detail: '' },
      { type: 'link.up', bootId: 7, reconnect: true },
      { type: 'link.rebooted', previousBootId: 7, bootId: 9 },
      { type: 'table.state', snapshot: snapshot(null) },
      { type: 'table.state', snapshot: snapshot(jam) },
      { type: 'table.state', snapshot: snapshot(null, null) },
      ...(['shuffle', 'buildWalls', 'rollDice', 'flipDora'] as const).map((command) => rejected(command, 'busy')),
      rejected('shuffle', 'faultLatched'),
      rejected('shuffle', 'badState'),
      rejected('clearFault', 'notRecoverable'),
      rejected('clearFault', 'noFault'),
      ...['settingMode', 'rebooting', 'restoringMode', 'resyncing', 'operating.preparing.shuffling', 'operating.preparing.buildingWalls', 'operating.preparing.rollingDice', 'operating.preparing.flippingDora'].map(
        (id) => ({ type: `xstate.after.stageTimeout.tableSession.${id}` }) as unknown as TableSessionEvent,
      ),
    ];
    const coverage = machineCoverage(tableSessionMachine, {
      input: { mode: 'minefield2', stageTimeoutMs: 1000 },
      events,
      // The state value and the history memory (what a fault resumes to) make a state.
      // A busy retry pending is part of the state too (the stage timeout then sends the command again), and so
      // are a refusal awaiting the operator (a resync returns to it), a stage command still in flight and an
      // unanswered getState (not asked again).
      serializeState: (s) =>
        JSON.stringify([s.value, s.context.retryStageCommand, s.context.refusal !== null, s.context.waitingLonger, s.context.stateAsked, (s as unknown as { historyValue: Record<string, { id: string }[]> }).historyValue?.['tableSession.operating.resume']?.map((n) => n.id)]),
    });
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
    expect(coverage.transitions).toBeGreaterThan(30);
  });
});
