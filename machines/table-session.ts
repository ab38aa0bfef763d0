// The table session machine shared by all variants: handshake, mode, shuffle/build/dice/dora, faults, resync.
import { and, enqueueActions, setup } from 'xstate';
import type { Capabilities, Dice, Fault, SensedTile, TableCommand, TableErrorCode, TableEvent, TableEventOf, TableFeature, TableMode, TableSnapshot } from '../table/table-events.js';
import { TABLE_MODE_SPECS, featuresToUse, tableShortfall } from '../table/table-events.js';

/**
 * Commands to the table leave the machine as emitted `session.commandIssued` events (XState `emit`);
 * the host sends them over the link and feeds the table's events back in. The machine does no I/O.
 *
 * connecting ─table.hello─→ settingMode ─table.modeSet─→ operating.ready
 * operating.ready ─session.handRequested─→ operating.preparing (shuffling → buildingWalls → rollingDice → flippingDora;
 *   a stage that takes longer than stageTimeoutMs keeps waiting and asks for the table's state)
 *   ─table.doraFlipped─→ operating.playing (emits session.handReady) ─session.handEnded─→ operating.ready
 * table.fault (anywhere in operating) → faulted ─operator.faultCleared─→ clearingFault ─table.faultCleared─→ the
 *   operating state it left (deep history; its entry command is sent again, the table having done nothing since)
 * link.lost → linkDown ─link.up─→ resyncing (getState) ─table.state─→ where it was (or faulted if the table latched one;
 *   back to commandRefused if a refusal was waiting for the operator).
 *   The link resumes its reliable channel after a reconnect, so a stage command sent before the loss still reaches
 *   the table exactly once: the stage is resumed without sending it again, and the stage events the table sent
 *   meanwhile (they arrive before the state reply, in order) are held in resyncing and taken once resumed.
 * link.rebooted → getState; set the mode again only if the table lost it; then redo the current stage (a reboot
 *   drops what the table had not acknowledged, so the stage's command is sent again).
 * session.handEnded while away from operating (a tsumo pressed during a link loss or a fault): held, and taken
 *   once resumed, so the session goes back to ready for the next hand.
 * table.commandRejected of the current stage's command (issue 4):
 *   busy (the machinery is still running) → wait a stage timeout, then send the command again;
 *   faultLatched (a fault we have not heard of) → resyncing (getState) → faulted;
 *   any other code → commandRefused, which the operator clears like a fault (the stage and its command again).
 * table.commandRejected of clearFault: notRecoverable → outOfService; noFault → nothing is latched, resume.
 * One getState at a time: while one is unanswered (the link delivers it exactly once) it is not asked again.
 */

/** Operator and host events the session understands besides the table's own. */
export type SessionControlEvent =
  | { readonly type: 'session.handRequested' }
  | { readonly type: 'session.handEnded' }
  | { readonly type: 'operator.faultCleared' }
  | { readonly type: 'operator.stopRequested' };

export type TableSessionEvent = TableEvent | SessionControlEvent;

/** What a prepared hand looks like to the variant machine. */
export interface PreparedHand {
  readonly walls: readonly (readonly SensedTile[])[];
  readonly dice: Dice | null;
  readonly doraIndicator: SensedTile;
}

export type TableSessionEmitted =
  | { readonly type: 'session.commandIssued'; readonly command: TableCommand }
  | { readonly type: 'session.ready'; readonly mode: TableMode }
  | { readonly type: 'session.handReady'; readonly hand: PreparedHand }
  | { readonly type: 'session.faulted'; readonly fault: Fault }
  | { readonly type: 'session.resumed' }
  /** The table lacks what the variant needs (`missing`: tableShortfall's lines): the session waits for another table. */
  | { readonly type: 'session.unsupported'; readonly mode: TableMode; readonly modes: readonly TableMode[]; readonly missing: readonly string[] }
  /** The table refused the current stage's command for a reason that needs the operator (cleared like a fault). */
  | { readonly type: 'session.commandRefused'; readonly refusal: CommandRefusal }
  | { readonly type: 'session.outOfService'; readonly fault: Fault };

/** A stage command the table refused, and why (a TableErrorCode from its COMMAND_REJECTED). */
export interface CommandRefusal {
  readonly command: StageCommand;
  readonly code: TableErrorCode;
}

/** The motor commands of the preparation stages, one per stage. */
export type StageCommand = 'shuffle' | 'buildWalls' | 'rollDice' | 'flipDora';

export interface TableSessionInput {
  readonly mode: TableMode;
  /** Protocol 2 features the variant cannot play without (a table lacking one is refused, like a missing mode). */
  readonly requiredFeatures?: readonly TableFeature[];
  /** Protocol 2 features the host uses when the table has them (switched on with SET_MODE; a 1.x table has none). */
  readonly wantedFeatures?: readonly TableFeature[];
  /** Time a motor stage may take before the session asks the table for its state. */
  readonly stageTimeoutMs?: number;
}

export interface TableSessionContext {
  readonly mode: TableMode;
  readonly requiredFeatures: readonly TableFeature[];
  readonly wantedFeatures: readonly TableFeature[];
  readonly stageTimeoutMs: number;
  readonly bootId: number | null;
  readonly capabilities: Capabilities | null;
  readonly fault: Fault | null;
  readonly walls: readonly (readonly SensedTile[])[] | null;
  readonly dice: Dice | null;
  readonly doraIndicator: SensedTile | null;
  /** Hands prepared so far (the table has been through its cycle this many times). */
  readonly handsPrepared: number;
  /**
   * The current stage is (re-)entered only to wait longer, or resumed after a link loss while its command is still
   * in the link's reliable channel: its command is not sent again.
   */
  readonly waitingLonger: boolean;
  /** The command the current preparation stage sent (null outside preparation): a rejection must name it. */
  readonly stageCommand: StageCommand | null;
  /** The table was busy when the stage's command came: send it again when the stage timeout passes. */
  readonly retryStageCommand: boolean;
  /** The refusal the operator has to clear (state commandRefused). */
  readonly refusal: CommandRefusal | null;
  /** A getState is on its way and not yet answered (a reboot drops it). */
  readonly stateAsked: boolean;
  /** Stage events that arrived while resyncing after a link loss (and a hand's end while away), taken in order on resume. */
  readonly heldEvents: readonly HeldEvent[];
}

/** The table events that move the preparation on: the ones a resync must not drop. */
const STAGE_EVENT_TYPES = ['table.shuffled', 'table.wallsBuilt', 'table.diceRolled', 'table.doraFlipped', 'table.commandRejected'] as const;
type HeldEvent = TableEventOf<(typeof STAGE_EVENT_TYPES)[number]> | Ev<'session.handEnded'>;

type Ev<T extends TableSessionEvent['type']> = Extract<TableSessionEvent, { type: T }>;
const rejection = (event: TableSessionEvent) => event as TableEventOf<'table.commandRejected'>;
const command = (c: TableCommand): TableSessionEmitted => ({ type: 'session.commandIssued', command: c });

export const tableSessionSetup = setup({
  types: {
    context: {} as TableSessionContext,
    events: {} as TableSessionEvent,
    emitted: {} as TableSessionEmitted,
    input: {} as TableSessionInput,
  },
  delays: {
    stageTimeout: ({ context }: { context: TableSessionContext }) => context.stageTimeoutMs,
  },
  guards: {
    /** The table's HELLO lists the mode the variant needs (e.g. `minefield2`) and every protocol 2 feature it cannot do without. */
    supportsMode: ({ context, event }) =>
      tableShortfall({ mode: context.mode, features: context.requiredFeatures }, (event as TableEventOf<'table.hello'>).capabilities).length === 0,
    /** The mode the table confirms is the one asked for. */
    isRequestedMode: ({ context, event }) => (event as TableEventOf<'table.modeSet'>).mode === context.mode,
    /** A fault `clearFault` can resume; otherwise a technician must power-cycle the table. */
    isRecoverableFault: ({ event }) => (event as TableEventOf<'table.fault'>).fault.recoverable,
    /** After a reboot the table no longer has the variant's mode. */
    modeLost: ({ context, event }) => (event as TableEventOf<'table.state'>).snapshot.mode !== context.mode,
    /** After a reconnect the table reports a latched fault: go (back) to the fault state. */
    snapshotHasFault: ({ event }) => (event as TableEventOf<'table.state'>).snapshot.fault !== null,
    /** The rejected command is the one the current preparation stage sent (a late rejection of another is ignored). */
    rejectsStageCommand: ({ context, event }) => context.stageCommand !== null && rejection(event).command === context.stageCommand,
    /** `busy`: the machinery was still running the previous motor command; the command itself was never run. */
    tableWasBusy: ({ event }) => rejection(event).code === 'busy',
    /** `faultLatched`: the table holds a fault (its own report of it may have been lost): ask for its state. */
    faultIsLatched: ({ event }) => rejection(event).code === 'faultLatched',
    /** The link dropped while a refusal waited for the operator: it still does (only the operator clears it). */
    refusalAwaitsOperator: ({ context }) => context.refusal !== null,
    /** A busy table refused the stage's command, and its stage timeout has now passed: time to send it again. */
    retryIsDue: ({ context }) => context.retryStageCommand,
    /** clearFault refused with `notRecoverable`: the fault needs a technician after all. */
    faultNeedsTechnician: ({ event }) => rejection(event).command === 'clearFault' && rejection(event).code === 'notRecoverable',
    /** clearFault refused with `noFault`: nothing is latched any more, so there is nothing to wait for. */
    noFaultLatched: ({ event }) => rejection(event).command === 'clearFault' && rejection(event).code === 'noFault',
    /** Walls arrived for every seat the mode plays. */
    wallsForEverySeat: ({ context, event }) => {
      const walls = (event as TableEventOf<'table.wallsBuilt'>).walls;
      const spec = TABLE_MODE_SPECS[context.mode];
      return spec.seats.every((seat) => walls[seat]?.length === spec.wallTiles);
    },
  },
  actions: {
    /**
     * The link went down during a preparation stage: its command is still in the link's reliable channel, so
     * resuming the stage must not send it again (a second shuffle or build would be refused, or deal other walls).
     */
    keepStageCommandInFlight: enqueueActions(({ enqueue }) => enqueue.assign({ waitingLonger: true })),
    /** A stage event delivered before the state reply: held until the stage is resumed, so it is not lost. */
    holdEvent: enqueueActions(({ context, event, enqueue }) =>
      enqueue.assign({ heldEvents: [...context.heldEvents, event as HeldEvent] }),
    ),
    /** SET_MODE, with the protocol 2 features to use when the table announced some (a 1.x table gets the mode alone). */
    sendSetMode: enqueueActions(({ context, enqueue }) => {
      const features = context.capabilities === null ? undefined : featuresToUse(context.wantedFeatures, context.capabilities);
      enqueue.emit(command(features === undefined ? { type: 'setMode', mode: context.mode } : { type: 'setMode', mode: context.mode, features }));
    }),
    /** A stage's motor command, sent on entering the stage; not again when the stage only waits longer. */
    sendStageCommand: enqueueActions(({ context, enqueue }, params: { command: StageCommand }) => {
      if (context.waitingLonger) enqueue.assign({ waitingLonger: false, stageCommand: params.command });
      else {
        enqueue.assign({ stageCommand: params.command, retryStageCommand: false });
        enqueue.emit(command({ type: params.command }));
      }
    }),
    /** The table was busy: keep the stage, and send its command again once the stage timeout passes. */
    retryWhenStageTimesOut: enqueueActions(({ enqueue }) => enqueue.assign({ retryStageCommand: true })),
    /**
     * The hand is prepared: no stage command is outstanding. (Leaving for a fault or a link loss keeps them: the
     * stage is resumed, and a busy retry still due is made.)
     */
    leavePreparation: enqueueActions(({ enqueue }) => enqueue.assign({ stageCommand: null, retryStageCommand: false })),
    recordRefusal: enqueueActions(({ event, enqueue }) => {
      const e = rejection(event);
      const refusal: CommandRefusal = { command: e.command as StageCommand, code: e.code };
      enqueue.assign({ refusal });
      enqueue.emit({ type: 'session.commandRefused', refusal });
    }),
    reportOutOfService: enqueueActions(({ context, enqueue }) => {
      if (context.fault !== null) enqueue.emit({ type: 'session.outOfService', fault: { ...context.fault, recoverable: false } });
    }),
    /**
     * A motor stage is taking long (a slow or lossy link delays its event): keep waiting for it, and ask the
     * table where it is. Re-sending the command would run the motor twice (a second shuffle deals other walls).
     */
    waitLonger: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ waitingLonger: true });
      if (context.stateAsked) return;
      enqueue.assign({ stateAsked: true });
      enqueue.emit(command({ type: 'getState' }));
    }),
    /**
     * Asks the table for its state, unless an earlier ask is still unanswered: the link delivers that one exactly
     * once, and on a slow, lossy link every extra snapshot (the longest message) queues ahead of the game's events.
     */
    sendGetState: enqueueActions(({ context, enqueue }) => {
      if (context.stateAsked) return;
      enqueue.assign({ stateAsked: true });
      enqueue.emit(command({ type: 'getState' }));
    }),
    noteStateAnswered: enqueueActions(({ enqueue }) => enqueue.assign({ stateAsked: false })),
    sendClearFault: enqueueActions(({ enqueue }) => enqueue.emit(command({ type: 'clearFault' }))),
    sendStop: enqueueActions(({ enqueue }) => enqueue.emit(command({ type: 'stop' }))),
    recordHello: enqueueActions(({ event, enqueue }) => {
      const e = event as TableEventOf<'table.hello'>;
      enqueue.assign({ bootId: e.bootId, capabilities: e.capabilities });
    }),
    reportUnsupported: enqueueActions(({ context, event, enqueue }) => {
      const e = event as TableEventOf<'table.hello'>;
      const missing = tableShortfall({ mode: context.mode, features: context.requiredFeatures }, e.capabilities);
      enqueue.emit({ type: 'session.unsupported', mode: context.mode, modes: e.capabilities.modes, missing });
    }),
    reportReady: enqueueActions(({ context, enqueue }) => enqueue.emit({ type: 'session.ready', mode: context.mode })),
    clearHandSetup: enqueueActions(({ enqueue }) => enqueue.assign({ walls: null, dice: null, doraIndicator: null })),
    recordWalls: enqueueActions(({ event, enqueue }) => enqueue.assign({ walls: (event as TableEventOf<'table.wallsBuilt'>).walls })),
    recordDice: enqueueActions(({ event, enqueue }) => enqueue.assign({ dice: (event as TableEventOf<'table.diceRolled'>).dice })),
    /** The hand is laid out: hand it to the variant machine. */
    reportHandReady: enqueueActions(({ context, event, enqueue }) => {
      const indicator = (event as TableEventOf<'table.doraFlipped'>).indicator;
      enqueue.assign({ doraIndicator: indicator, handsPrepared: context.handsPrepared + 1 });
      enqueue.emit({ type: 'session.handReady', hand: { walls: context.walls ?? [], dice: context.dice, doraIndicator: indicator } });
    }),
    // A fault or a reboot means the table did nothing since: the resumed stage sends its command again.
    recordFault: enqueueActions(({ event, enqueue }) => {
      const fault = (event as TableEventOf<'table.fault'>).fault;
      enqueue.assign({ fault, waitingLonger: false });
      enqueue.emit({ type: fault.recoverable ? 'session.faulted' : 'session.outOfService', fault });
    }),
    recordSnapshotFault: enqueueActions(({ event, enqueue }) => {
      const fault = (event as TableEventOf<'table.state'>).snapshot.fault!;
      enqueue.assign({ fault, waitingLonger: false });
      enqueue.emit({ type: fault.recoverable ? 'session.faulted' : 'session.outOfService', fault });
    }),
    /** Back where it was; the stage events held while resyncing are taken now, in the order the table sent them. */
    reportResumed: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ fault: null, refusal: null, heldEvents: [] });
      enqueue.emit({ type: 'session.resumed' });
      for (const held of context.heldEvents) enqueue.raise(held);
    }),
    recordReboot: enqueueActions(({ event, enqueue }) =>
      enqueue.assign({ bootId: (event as Ev<'link.rebooted'>).bootId, fault: null, waitingLonger: false, stateAsked: false }),
    ),
  },
});

/** Outside `operating` the hand can still end (a tsumo during a link loss or a fault): keep that for the resume. */
const HOLD_HAND_END = { 'session.handEnded': { actions: 'holdEvent' } } as const;

export const tableSessionMachine = tableSessionSetup.createMachine({
  id: 'tableSession',
  context: ({ input }) => ({
    mode: input.mode,
    requiredFeatures: input.requiredFeatures ?? [],
    wantedFeatures: input.wantedFeatures ?? [],
    stageTimeoutMs: input.stageTimeoutMs ?? 30_000,
    bootId: null,
    capabilities: null,
    fault: null,
    walls: null,
    dice: null,
    doraIndicator: null,
    handsPrepared: 0,
    waitingLonger: false,
    stageCommand: null,
    retryStageCommand: false,
    refusal: null,
    heldEvents: [],
    stateAsked: false,
  }),
  initial: 'connecting',
  on: {
    'operator.stopRequested': { actions: 'sendStop' },
    'table.state': { actions: 'noteStateAnswered' },
  },
  states: {
    connecting: {
      on: {
        'table.hello': [
          { guard: 'supportsMode', target: 'settingMode', actions: 'recordHello' },
          { target: 'unsupported', actions: ['recordHello', 'reportUnsupported'] },
        ],
      },
    },
    unsupported: {
      on: { 'table.hello': { guard: 'supportsMode', target: 'settingMode', actions: 'recordHello' } },
    },
    settingMode: {
      entry: 'sendSetMode',
      after: { stageTimeout: { target: 'settingMode', reenter: true } },
      on: {
        'table.modeSet': { guard: 'isRequestedMode', target: 'operating', actions: 'reportReady' },
        'table.fault': [{ guard: 'isRecoverableFault', target: 'faulted', actions: 'recordFault' }, { target: 'outOfService', actions: 'recordFault' }],
        'link.lost': 'connecting',
      },
    },
    operating: {
      initial: 'ready',
      on: {
        'table.fault': [{ guard: 'isRecoverableFault', target: 'faulted', actions: 'recordFault' }, { target: 'outOfService', actions: 'recordFault' }],
        'link.lost': 'linkDown',
        'link.rebooted': { target: 'rebooting', actions: 'recordReboot' },
      },
      states: {
        ready: {
          on: { 'session.handRequested': { target: 'preparing', actions: 'clearHandSetup' } },
        },
        preparing: {
          initial: 'shuffling',
          on: {
            'link.lost': { target: '#tableSession.linkDown', actions: 'keepStageCommandInFlight' },
            'table.commandRejected': [
              { guard: and(['rejectsStageCommand', 'tableWasBusy']), actions: 'retryWhenStageTimesOut' },
              { guard: and(['rejectsStageCommand', 'faultIsLatched']), target: '#tableSession.resyncing', actions: 'sendGetState' },
              { guard: 'rejectsStageCommand', target: '#tableSession.commandRefused', actions: 'recordRefusal' },
            ],
          },
          states: {
            shuffling: {
              entry: { type: 'sendStageCommand', params: { command: 'shuffle' } },
              after: { stageTimeout: [{ guard: 'retryIsDue', target: 'shuffling', reenter: true }, { target: 'shuffling', reenter: true, actions: 'waitLonger' }] },
              on: { 'table.shuffled': 'buildingWalls' },
            },
            buildingWalls: {
              entry: { type: 'sendStageCommand', params: { command: 'buildWalls' } },
              after: { stageTimeout: [{ guard: 'retryIsDue', target: 'buildingWalls', reenter: true }, { target: 'buildingWalls', reenter: true, actions: 'waitLonger' }] },
              on: { 'table.wallsBuilt': { guard: 'wallsForEverySeat', target: 'rollingDice', actions: 'recordWalls' } },
            },
            rollingDice: {
              entry: { type: 'sendStageCommand', params: { command: 'rollDice' } },
              after: { stageTimeout: [{ guard: 'retryIsDue', target: 'rollingDice', reenter: true }, { target: 'rollingDice', reenter: true, actions: 'waitLonger' }] },
              on: { 'table.diceRolled': { target: 'flippingDora', actions: 'recordDice' } },
            },
            flippingDora: {
              entry: { type: 'sendStageCommand', params: { command: 'flipDora' } },
              after: { stageTimeout: [{ guard: 'retryIsDue', target: 'flippingDora', reenter: true }, { target: 'flippingDora', reenter: true, actions: 'waitLonger' }] },
              on: { 'table.doraFlipped': { target: '#tableSession.operating.playing', actions: ['leavePreparation', 'reportHandReady'] } },
            },
          },
        },
        playing: {
          on: { 'session.handEnded': 'ready' },
        },
        resume: { type: 'history', history: 'deep' },
      },
    },
    faulted: {
      on: {
        ...HOLD_HAND_END,
        'operator.faultCleared': { target: 'clearingFault', actions: 'sendClearFault' },
        'link.lost': 'linkDown',
      },
    },
    clearingFault: {
      on: {
        ...HOLD_HAND_END,
        'table.faultCleared': { target: 'operating.resume', actions: 'reportResumed' },
        'table.commandRejected': [
          { guard: 'faultNeedsTechnician', target: 'outOfService', actions: 'reportOutOfService' },
          { guard: 'noFaultLatched', target: 'operating.resume', actions: 'reportResumed' },
        ],
        'table.fault': [{ guard: 'isRecoverableFault', target: 'faulted', actions: 'recordFault' }, { target: 'outOfService', actions: 'recordFault' }],
        'link.lost': 'linkDown',
      },
    },
    /**
     * The table refused the stage's command (badState, unsupported, badArgument, unknownCommand): the table is
     * not where the session thinks, and sending it again would be refused again. The operator looks, then clears
     * it as a fault; the stage is entered again and its command sent again.
     */
    commandRefused: {
      on: {
        ...HOLD_HAND_END,
        'operator.faultCleared': { target: 'operating.resume', actions: 'reportResumed' },
        'table.fault': [{ guard: 'isRecoverableFault', target: 'faulted', actions: 'recordFault' }, { target: 'outOfService', actions: 'recordFault' }],
        'link.lost': 'linkDown',
        'link.rebooted': { target: 'rebooting', actions: 'recordReboot' },
      },
    },
    outOfService: {
      on: { 'link.rebooted': { target: 'rebooting', actions: 'recordReboot' } },
    },
    linkDown: {
      on: {
        ...HOLD_HAND_END,
        'link.up': { target: 'resyncing', actions: 'sendGetState' },
        'link.rebooted': { target: 'rebooting', actions: 'recordReboot' },
      },
    },
    resyncing: {
      after: { stageTimeout: { target: 'resyncing', reenter: true, actions: 'sendGetState' } },
      on: {
        ...HOLD_HAND_END,
        'table.state': [
          { guard: 'snapshotHasFault', target: 'faulted', actions: ['noteStateAnswered', 'recordSnapshotFault'] },
          { guard: 'refusalAwaitsOperator', target: 'commandRefused', actions: 'noteStateAnswered' },
          { target: 'operating.resume', actions: ['noteStateAnswered', 'reportResumed'] },
        ],
        ...Object.fromEntries(STAGE_EVENT_TYPES.map((type) => [type, { actions: 'holdEvent' as const }])),
        'link.lost': 'linkDown',
        'link.rebooted': { target: 'rebooting', actions: 'recordReboot' },
      },
    },
    /**
     * The table rebooted: the tiles stay where they were, so ask what it knows; set the mode again only if
     * it lost it (setting a mode clears the table), then return to the stage we were in.
     */
    rebooting: {
      entry: 'sendGetState',
      after: { stageTimeout: { target: 'rebooting', reenter: true } },
      on: {
        ...HOLD_HAND_END,
        'table.state': [
          { guard: 'snapshotHasFault', target: 'faulted', actions: ['noteStateAnswered', 'recordSnapshotFault'] },
          { guard: 'modeLost', target: 'restoringMode', actions: 'noteStateAnswered' },
          { target: 'operating.resume', actions: ['noteStateAnswered', 'reportResumed'] },
        ],
        'link.lost': 'linkDown',
      },
    },
    restoringMode: {
      entry: 'sendSetMode',
      after: { stageTimeout: { target: 'restoringMode', reenter: true } },
      on: {
        ...HOLD_HAND_END,
        'table.modeSet': { guard: 'isRequestedMode', target: 'operating.resume', actions: 'reportResumed' },
        'link.lost': 'linkDown',
      },
    },
  },
});

export type TableSessionMachine = typeof tableSessionMachine;
export type { TableSnapshot };
