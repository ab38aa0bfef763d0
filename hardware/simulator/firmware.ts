// The virtual table firmware: speaks the wire protocol over any Transport and drives a TableModel from
// commands, scenario steps and seat drivers; handshake, acks, resends, host-silence safety, idle reports, reboots.
import { isDamage, type Packet } from '../codec.js';
import { FRAMINGS, LINE_ANNOUNCE, type FrameDecoder, type Framing, type FramingName } from '../framing.js';
import { systemClock, type Clock, type TimerHandle } from '../clock.js';
import {
  LINK_VERSION,
  MSG,
  PROTOCOL_VERSION,
  commandTypeOfCode,
  decodeMessage,
  encodeMessage,
  type WireMessage,
} from '../messages.js';

const isCommandType = (type: number): boolean => type >= 0x20 && type <= 0x3f;
const ANNOUNCE_BYTES = new TextEncoder().encode(`${LINE_ANNOUNCE}\n`);
const ANNOUNCE_EVERY_MS = 500;
import { DEFAULT_RELIABLE, ReliableChannel, type ReliableOptions } from '../reliable.js';
import { WriteBatcher, type Transport } from '../transport.js';
import type { Capabilities, Seat, TableCommand, TableStage } from '../../table/table-events.js';
import type { PhysicalAction, ScenarioStep } from './actions.js';
import { NO_FAULTS, type FaultSpec } from './faults.js';
import { createRng, type Rng } from '../../table/rng.js';
import type { PublicTableView, SeatDriver, SeatView } from './seat-driver.js';
import { FULL_CAPABILITIES, TableModel, type StackedWall, type TableWireEvent } from './table-model.js';

export interface FirmwareOptions {
  readonly clock?: Clock;
  /** Seeds the shuffles, dice and boot ids. */
  readonly seed?: number;
  readonly capabilities?: Capabilities;
  readonly firmware?: string;
  /** Red fives in the sets that use them (default true). */
  readonly reds?: boolean;
  /** The first hand's stacked walls (TableModel.stacked): rare hands played through the table in tests. */
  readonly stackedWall?: StackedWall;
  /** How long each motor run (shuffle, build, dice, deal, dora) takes. */
  readonly motorMs?: number;
  /** Idle sensor report period while a host is connected (0 = none). */
  readonly idleReportMs?: number;
  readonly drivers?: Partial<Record<Seat, SeatDriver>>;
  /** Delay before a seat driver's action is performed. */
  readonly thinkMs?: number;
  readonly scenario?: readonly ScenarioStep[];
  /** Table-level faults (reboot-at, jam-at); byte faults are a FaultyTransport around the transport. */
  readonly faults?: FaultSpec;
  /** How long a reboot keeps the table silent. */
  readonly bootMs?: number;
  /** Scenario steps wait while this many events are unacknowledged (a simulation convenience). */
  readonly backpressure?: number;
  readonly reliable?: Partial<ReliableOptions>;
  /** The framing this table speaks (default COBS); a line table announces itself while it waits for a host. */
  readonly framing?: FramingName;
  /** The highest header version this table speaks (default LINK_VERSION; 1 plays a table from before fragments). */
  readonly linkVersion?: number;
  /** Diagnostic lines (scenario steps refused, reboots). */
  readonly log?: (line: string) => void;
}

export interface FirmwareCounters {
  events: number;
  commands: number;
  rejected: number;
  reboots: number;
  hostSilences: number;
  refusedActions: number;
  crcErrors: number;
  badFrames: number;
}

export class TableFirmware {
  readonly model: TableModel;
  private readonly clock: Clock;
  private readonly rng: Rng;
  private readonly channel: ReliableChannel;
  private readonly framing: Framing;
  private readonly reader: FrameDecoder;
  private announceTimer: TimerHandle | null = null;
  private readonly out: WriteBatcher;
  private readonly faults: FaultSpec;
  private readonly listeners = new Set<(event: TableWireEvent) => void>();
  private unsubscribe: (() => void) | null = null;
  private bootId: number;
  private session: number | null = null;
  /** The host has shown it took this session's HELLO_REPLY (it sent something other than HELLO since). */
  private sessionConfirmed = false;
  private hostPresent = false;
  private hostTimeoutMs = 1000;
  private heartbeatMs = 250;
  private nextPingAt = 0;
  private pingToken = 1;
  private lastHostAt = 0;
  private booting = false;
  private running = false;
  private stopped = false;
  private timer: TimerHandle | null = null;
  private timerAt = Infinity;
  private motorTimer: TimerHandle | null = null;
  private idleTimer: TimerHandle | null = null;
  private driveTimer: TimerHandle | null = null;
  private scenarioTimer: TimerHandle | null = null;
  private scenarioIndex = 0;
  private scenarioWaiting = false;
  private scenarioStarted = false;
  private lastEvent: TableWireEvent | null = null;
  private readonly refusedSince = new Set<Seat>();
  private readonly stageRuns = new Map<TableStage, number>();
  /** Called on every write of a sequenced event packet (seq, time; resends too): for latency measurements. */
  onFirstWrite: ((seq: number, at: number) => void) | null = null;
  /** Called with every command delivered to the table, in the order it runs them (tests count them). */
  onCommand: ((command: TableCommand, seq: number) => void) | null = null;
  readonly counters: FirmwareCounters = {
    events: 0,
    commands: 0,
    rejected: 0,
    reboots: 0,
    hostSilences: 0,
    refusedActions: 0,
    crcErrors: 0,
    badFrames: 0,
  };

  constructor(
    private readonly transport: Transport,
    private readonly options: FirmwareOptions = {},
  ) {
    this.clock = options.clock ?? systemClock();
    this.rng = createRng((options.seed ?? 1) ^ 0x5eed);
    this.model = new TableModel(
      options.capabilities ?? FULL_CAPABILITIES,
      options.seed ?? 1,
      options.reds ?? true,
    );
    this.model.stacked = options.stackedWall ?? null;
    this.faults = options.faults ?? NO_FAULTS;
    this.bootId = this.rng.u32();
    this.out = new WriteBatcher((bytes) => this.transport.write(bytes));
    this.framing = FRAMINGS[options.framing ?? 'cobs'];
    this.reader = this.framing.decoder();
    this.channel = new ReliableChannel((packet) => this.writePacket(packet), {
      ...DEFAULT_RELIABLE,
      ...options.reliable,
    });
    this.channel.sending = false;
    if (this.faults.jamAt) this.model.jams.set(this.faults.jamAt.stage, this.faults.jamAt.nth);
  }

  get currentBootId(): number {
    return this.bootId;
  }

  get connected(): boolean {
    return this.hostPresent;
  }

  /** Events unacknowledged by the host. */
  get backlog(): number {
    return this.channel.backlog;
  }

  /** Every event the table reports, when it reports it (before the wire). */
  subscribe(listener: (event: TableWireEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    this.running = true;
    this.unsubscribe = this.transport.subscribe((event) => {
      if (event.type === 'data') this.onData(event.bytes);
      else if (event.type === 'open') this.reader.reset();
    });
    await this.transport.open();
    this.announce();
    if (this.faults.rebootAt && 'ms' in this.faults.rebootAt)
      this.clock.setTimeout(() => this.reboot(), this.faults.rebootAt.ms);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopped = true;
    for (const t of [
      this.timer,
      this.motorTimer,
      this.idleTimer,
      this.driveTimer,
      this.scenarioTimer,
      this.announceTimer,
    ])
      if (t) this.clock.clearTimeout(t);
    this.timer = this.motorTimer = this.idleTimer = this.driveTimer = this.scenarioTimer = null;
    this.announceTimer = null;
    this.unsubscribe?.();
    await this.transport.close();
  }

  /**
   * Reboots the firmware: new boot id; the host session, sequence state, queued events and any motor run are
   * lost; the table is silent for `bootMs`. The physical tiles stay where they are, so GET_STATE afterwards
   * reports the table as its sensors find it.
   */
  reboot(): void {
    if (this.stopped) return;
    this.counters.reboots++;
    this.options.log?.(`rebooting (boot ${this.bootId.toString(16)} → new)`);
    this.bootId = this.rng.u32();
    this.channel.reset(false);
    this.channel.sending = false;
    this.session = null;
    this.hostPresent = false;
    this.reader.reset();
    if (this.motorTimer) this.clock.clearTimeout(this.motorTimer);
    this.motorTimer = null;
    this.model.running = null;
    this.booting = true;
    this.clock.setTimeout(() => {
      this.booting = false;
    }, this.options.bootMs ?? 200);
  }

  /** Performs a physical action now (tests and the CLI use it; seat drivers and scenarios go through it). */
  perform(action: PhysicalAction): boolean {
    const outcome = this.model.perform(action);
    if (!outcome.ok) {
      this.counters.refusedActions++;
      return false;
    }
    for (const event of outcome.events) this.report(event);
    if (outcome.events.length === 0) this.changed();
    return true;
  }

  /** Latches a fault now (fault injection from tests). */
  latchFault(
    code: 'jam' | 'tileCountMismatch' | 'liftLimit' | 'diceSensor' | 'sensorMisread',
    stage: TableStage,
    recoverable = true,
  ): void {
    if (this.motorTimer) this.clock.clearTimeout(this.motorTimer);
    this.motorTimer = null;
    this.model.running = null;
    this.report(this.model.latch({ code, stage, recoverable }));
  }

  // -------------------------------------------------------------------------------------------
  // Wire

  private onData(bytes: Uint8Array): void {
    if (!this.running || this.booting) return;
    const now = this.clock.now();
    for (const result of this.reader.push(bytes)) {
      if (result.kind === 'skip') {
        if (result.reason === 'crc') this.counters.crcErrors++;
        else if (result.reason !== 'idle') this.counters.badFrames++;
        if (isDamage(result.reason) && this.hostPresent) this.channel.noteDamaged(now);
      } else if (result.kind === 'frame') {
        this.onPacket(result.packet, now);
      }
    }
    this.reschedule();
  }

  private onPacket(packet: Packet, now: number): void {
    if (packet.version !== this.channel.version && packet.type !== MSG.HELLO) {
      this.counters.badFrames++; // a HELLO of any version is answered (with ours); nothing else is understood
      return;
    }
    if (isCommandType(packet.type) && this.session !== null) {
      // A command this firmware cannot decode is still delivered in order, and refused with a typed error.
      const probe = decodeMessage(packet.type, packet.payload);
      if (!probe.ok) {
        this.lastHostAt = now;
        for (const d of this.channel.receive(packet, now)) this.onCommandBytes(d.type, d.payload, d.seq);
        return;
      }
    }
    const decoded = decodeMessage(packet.type, packet.payload);
    if (!decoded.ok) {
      this.counters.badFrames++;
      return;
    }
    const message = decoded.value;
    if (message.kind === 'hello') {
      this.onHello(packet, message, now);
      return;
    }
    if (this.session === null) return; // nothing counts before a HELLO
    this.sessionConfirmed = true;
    this.lastHostAt = now;
    if (!this.hostPresent) {
      // The host is back (after its silence, or after this end exhausted its resends): resend what it lacks,
      // with a fresh resend budget.
      this.hostPresent = true;
      this.channel.resume(packet.ack, now);
    }
    if (message.kind === 'ping') this.sendControl({ kind: 'pong', token: message.token });
    const ack = message.kind === 'ack' ? message : null;
    const delivered = this.channel.receive(packet, now, ack?.sack ?? 0, ack?.damaged ?? false);
    for (const d of delivered) this.onCommandBytes(d.type, d.payload, d.seq);
  }

  private onCommandBytes(type: number, payload: Uint8Array, seq: number): void {
    const m = decodeMessage(type, payload);
    if (m.ok && m.value.kind === 'command') {
      this.runCommand(m.value.command, seq);
      return;
    }
    this.counters.rejected++;
    const known = commandTypeOfCode(type);
    this.report({
      type: 'table.commandRejected',
      commandId: seq,
      command: known ?? 'unknown',
      code: known === undefined ? 'unknownCommand' : 'badArgument',
    });
  }

  private onHello(packet: Packet, hello: Extract<WireMessage, { kind: 'hello' }>, now: number): void {
    const sameSession = this.session === hello.hostSession;
    // The lower of the host's version and this table's is spoken from this reply on (PROTOCOL.md §2).
    this.channel.version = Math.max(
      PROTOCOL_VERSION,
      Math.min(packet.version, this.options.linkVersion ?? LINK_VERSION),
    );
    if (!sameSession) {
      // A new host session: start both sequences from 0; events the old host never acknowledged are superseded
      // by the snapshot the new host asks for.
      this.channel.reset(false);
      this.session = hello.hostSession;
      this.sessionConfirmed = false;
    }
    // Until the host shows it took the reset (its reply may have been lost), its HELLOs still carry the ack of
    // its old stream: answer with sessionReset again and ignore that ack (PROTOCOL.md §6).
    const resumed = sameSession && this.sessionConfirmed;
    this.hostTimeoutMs = hello.hostTimeoutMs;
    this.heartbeatMs = Math.max(10, hello.heartbeatMs);
    this.nextPingAt = now + this.heartbeatMs;
    this.lastHostAt = now;
    this.hostPresent = true;
    this.sendControl({
      kind: 'helloReply',
      bootId: this.bootId,
      hostSession: hello.hostSession,
      flags: { sessionReset: !resumed, stateLost: false, faultLatched: this.model.fault !== null },
      capabilities: this.model.capabilities,
      firmware: this.options.firmware ?? 'mahjong-table-sim 0.1.0',
    });
    // In an unconfirmed session nothing was acknowledged yet, so its oldest event is seq 0: ack 0 settles nothing.
    this.channel.resume(resumed ? packet.ack : 0, now);
    this.scheduleIdle();
    // The players start once a host first watches the table (so a scenario's first events are not superseded).
    if (!this.scenarioStarted) {
      this.scenarioStarted = true;
      this.scheduleScenario(this.options.scenario?.[0]?.after ?? 0);
    }
  }

  private runCommand(command: TableCommand, seq: number): void {
    this.counters.commands++;
    this.onCommand?.(command, seq);
    const outcome = this.model.execute(command);
    switch (outcome.kind) {
      case 'rejected':
        this.counters.rejected++;
        this.report({
          type: 'table.commandRejected',
          commandId: seq,
          command: command.type,
          code: outcome.code,
        });
        break;
      case 'done':
        if (command.type === 'stop' && this.motorTimer) {
          this.clock.clearTimeout(this.motorTimer);
          this.motorTimer = null;
        }
        for (const event of outcome.events) this.report(event);
        this.changed();
        break;
      case 'motor': {
        const runs = (this.stageRuns.get(outcome.stage) ?? 0) + 1;
        this.stageRuns.set(outcome.stage, runs);
        this.motorTimer = this.clock.setTimeout(() => {
          this.motorTimer = null;
          for (const event of this.model.finishMotor(outcome.stage, outcome.complete)) this.report(event);
          this.changed();
        }, this.options.motorMs ?? 40);
        break;
      }
    }
  }

  /** Queues an event for the host (it waits in the queue while no host is connected). */
  private report(event: TableWireEvent): void {
    this.counters.events++;
    this.lastEvent = event;
    const { type, payload } = encodeMessage({ kind: 'event', event });
    this.channel.enqueue(type, payload, this.clock.now());
    for (const listener of [...this.listeners]) listener(event);
    this.reschedule();
    this.changed();
    const rebootAt = this.faults.rebootAt;
    if (
      rebootAt &&
      'events' in rebootAt &&
      this.counters.events === rebootAt.events &&
      this.counters.reboots === 0
    ) {
      this.clock.setTimeout(() => this.reboot(), 0);
    }
  }

  private sendControl(message: WireMessage): void {
    const { type, payload } = encodeMessage(message);
    this.channel.sendControl(type, payload);
  }

  private writePacket(packet: Packet): void {
    if (this.booting) return;
    if (this.onFirstWrite && packet.type >= MSG.MODE_SET) this.onFirstWrite(packet.seq, this.clock.now());
    this.out.push(this.framing.encode(packet));
  }

  /**
   * A line table says which framing it speaks while no host listens (PROTOCOL.md §2.2): at power-on and every
   * 500 ms until a HELLO arrives, and again whenever the host falls silent.
   */
  private announce(): void {
    if (this.framing.name !== 'line' || this.stopped) return;
    if (!this.hostPresent && !this.booting) this.out.push(ANNOUNCE_BYTES);
    this.announceTimer = this.clock.setTimeout(() => this.announce(), ANNOUNCE_EVERY_MS);
  }

  private tick(): void {
    this.timer = null;
    this.timerAt = Infinity;
    if (!this.running) return;
    const now = this.clock.now();
    if (this.hostPresent && now - this.lastHostAt > this.hostTimeoutMs) {
      // The host fell silent: motors off, stop transmitting until it speaks again.
      this.hostPresent = false;
      this.channel.sending = false;
      this.counters.hostSilences++;
      for (const event of this.model.safeStop('hostSilent')) this.report(event);
      if (this.motorTimer) this.clock.clearTimeout(this.motorTimer);
      this.motorTimer = null;
    }
    if (this.hostPresent && now >= this.nextPingAt) {
      // The table's own heartbeat: the host hears it even when its PINGs or our PONGs are lost.
      this.sendControl({ kind: 'ping', token: this.pingToken++ >>> 0 });
      this.nextPingAt = now + this.heartbeatMs;
    }
    this.channel.poll(now);
    if (this.channel.gaveUp) {
      // Bounded resend: stop retransmitting until the host is heard again (that resumes everything).
      this.channel.sending = false;
      this.hostPresent = false;
    }
    this.reschedule();
  }

  private reschedule(): void {
    if (!this.running) return;
    const at = Math.min(
      this.channel.nextDeadline(),
      this.hostPresent ? Math.min(this.nextPingAt, this.lastHostAt + this.hostTimeoutMs + 1) : Infinity,
    );
    if (at === Infinity) return;
    if (this.timer !== null && this.timerAt <= at) return;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = this.clock.setTimeout(() => this.tick(), Math.max(0, at - this.clock.now()));
  }

  private scheduleIdle(): void {
    const period = this.options.idleReportMs ?? 1000;
    if (period <= 0 || this.idleTimer !== null) return;
    this.idleTimer = this.clock.setTimeout(() => {
      this.idleTimer = null;
      if (!this.running) return;
      if (this.hostPresent && !this.booting) {
        const temp = 31 + (this.model.running !== null ? 6 : 0) + this.rng.int(3);
        this.report({
          type: 'table.sensorsReported',
          lid: this.model.lid,
          tilesInPit: this.model.tilesInPit,
          motorTempC: temp,
        });
      }
      this.scheduleIdle();
    }, period);
  }

  // -------------------------------------------------------------------------------------------
  // Seat drivers and scenario

  /** Something changed at the table: drivers get another look, a waiting scenario step another try. */
  private changed(): void {
    this.refusedSince.clear();
    if (this.options.drivers && this.driveTimer === null && this.running) {
      this.driveTimer = this.clock.setTimeout(() => {
        this.driveTimer = null;
        this.drive();
      }, this.options.thinkMs ?? 10);
    }
    if (this.scenarioWaiting) {
      this.scenarioWaiting = false;
      this.scheduleScenario(0);
    }
  }

  private drive(): void {
    const drivers = this.options.drivers ?? {};
    const view = this.publicView();
    for (const seat of [0, 1, 2, 3] as const) {
      const driver = drivers[seat];
      if (driver === undefined || this.refusedSince.has(seat)) continue;
      const action = driver.next(view, this.seatView(seat));
      if (action === null) continue;
      if (!this.perform(action)) {
        this.refusedSince.add(seat);
        this.options.log?.(`seat ${seat}: refused ${JSON.stringify(action)}`);
      }
      return; // one action per pass: the next pass sees its consequences
    }
  }

  private scheduleScenario(delay: number): void {
    const steps = this.options.scenario;
    if (!steps || this.scenarioIndex >= steps.length || this.scenarioTimer !== null || !this.running) return;
    this.scenarioTimer = this.clock.setTimeout(() => {
      this.scenarioTimer = null;
      this.runScenario();
    }, delay);
  }

  private runScenario(): void {
    const steps = this.options.scenario!;
    const limit = this.options.backpressure ?? 256;
    while (this.scenarioIndex < steps.length) {
      if (this.channel.backlog >= limit || this.booting) {
        this.scheduleScenario(5);
        return;
      }
      const step = steps[this.scenarioIndex]!;
      if ('waitFor' in step ? this.model.phase !== step.waitFor : !this.perform(step.action)) {
        // Not possible yet (e.g. a discard before the walls are built): try again after the next change.
        this.scenarioWaiting = true;
        return;
      }
      this.scenarioIndex++;
      const next = steps[this.scenarioIndex];
      if (next !== undefined && next.after > 0) {
        this.scheduleScenario(next.after);
        return;
      }
    }
  }

  private publicView(): PublicTableView {
    const m = this.model;
    return {
      mode: m.mode,
      phase: m.phase,
      dice: m.dice,
      dora: m.dora,
      ura: m.ura,
      lid: m.lid,
      discards: m.discards.map((d) => [...d]),
      melds: m.melds.map((ms) => ms.map((x) => [...x])),
      handsPlaced: m.placed.map((p) => p.length),
      lamps: m.lamps.map((l) => ({ ...l })),
      displays: [...m.displays],
      sticks: m.sticks.map((s) => ({ ...s })),
      lastEvent: this.lastEvent,
      eventCount: this.counters.events,
    };
  }

  private seatView(seat: Seat): SeatView {
    const m = this.model;
    return { seat, hand: [...m.hands[seat]!], placed: [...m.placed[seat]!], wall: [...m.walls[seat]!] };
  }

  /** Whether every scenario step has been performed. */
  get scenarioDone(): boolean {
    return this.scenarioIndex >= (this.options.scenario?.length ?? 0);
  }
}
