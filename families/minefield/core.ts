// The Minefield host core: table session + Minefield game machines driven by source events, deterministic for a log.
import { MINEFIELD_LOG } from './log.js';
import { createActor, type SnapshotFrom } from 'xstate';
import { ok } from '../../rules/result.js';
import type { HostResult } from '../../host/errors.js';
import { KIND_COUNT, type Tile } from '../../rules/tiles.js';
import type { MinefieldEvent, MinefieldInput, MinefieldSeat } from './machines/events.js';
import { minefieldGameMachine } from './machines/game.js';
import { emptyHand, removeTiles } from './machines/model.js';
import { phaseOf } from './machines/public-view.js';
import type { Seat, TableCommand, TableEvent, TableSnapshot } from '../../table/table-events.js';
import type { PreparedHand } from '../../machines/table-session.js';
import type { HostEvent } from '../../host/session/log-events.js';
import { TableCore, type SensedRead } from '../../host/session/table-core.js';
import type { CoreOptions, StepOutput as VariantStepOutput } from '../../host/session/variant-core.js';
import { MINEFIELD_TABLE_SEATS } from './view.js';

/** Commands of the table's preparation cycle (table-session.ts `preparing`). */
const PREPARATION_COMMANDS = ['shuffle', 'buildWalls', 'rollDice', 'flipDora', 'revealUra'];

const PLAYER_OF = (seat: Seat): MinefieldSeat | null =>
  seat === MINEFIELD_TABLE_SEATS[0] ? 0 : seat === MINEFIELD_TABLE_SEATS[1] ? 1 : null;

/** What one step produced: derived events to log (in order) and commands to send to the table. */
export type StepOutput = VariantStepOutput<MinefieldEvent>;

/** A read with every tile read (none the sensors missed). */
const isRead = (tiles: readonly (Tile | null)[]): tiles is Tile[] => tiles.every((t) => t !== null);

/**
 * Both machines run on one simulated clock that only the log moves (log-clock.ts). Commands the machines emit while a log is replayed are dropped by the
 * caller; the table is resynchronised afterwards with GET_STATE.
 */
export class MinefieldCore extends TableCore<MinefieldEvent, typeof minefieldGameMachine, MinefieldInput> {
  private lastHello: Extract<TableEvent, { type: 'table.hello' }> | null = null;
  private uraAskedAgain = false;
  /** The session machine's state when the host restarted, until the first table snapshot after it. */
  private stageAtRestart: string | null = null;
  /** The link session was not resumed after a restart: table events may have been lost. */
  private eventsMayBeLost = false;
  /** The preparation stage the table was last seen idle short of, and since when (repeatLostCommands). */
  private idleSince: { stage: string; atMs: number } | null = null;
  /** After a restart, until the new link's HELLO. */
  private awaitingLink = false;
  private queued: MinefieldInput[] = [];
  private prepared: { walls: readonly (readonly (Tile | null)[])[]; indicator: Tile } | null = null;
  private lampTurn: MinefieldSeat | null = null;
  /** The table rebooted (new boot id): its lamps went dark; they are lit again once the session resumes. */
  private tableRebooted = false;

  constructor(private readonly options: CoreOptions) {
    super(
      options.startAtMs,
      {
        mode: 'minefield2',
        stageTimeoutMs: options.stageTimeoutMs ?? 5000,
        ...(options.requiredFeatures === undefined ? {} : { requiredFeatures: options.requiredFeatures }),
      },
      MINEFIELD_LOG.refusals,
    );
  }

  /**
   * The hand a restarted host must void because the table holding its tiles is gone, or null. A hand still
   * in `walling` has no tiles yet (the new table simply prepares it); from the walls on, it is void.
   */
  override handToVoid(): { game: number; hand: number; dealer: MinefieldSeat; ante: number } | null {
    const snapshot = this.game?.getSnapshot();
    if (snapshot === undefined || snapshot.status !== 'active' || this.phase() === 'walling') return null;
    const context = snapshot.context;
    if (context.handNumber < 1) return null;
    return {
      game: this.gamesRequested,
      hand: context.handNumber,
      dealer: context.dealer,
      ante: context.ante,
    };
  }

  /**
   * The table finished a stage whose event was lost (the host was down while its motors ran: a new link
   * session drops what the table had not delivered), so the stage command is refused as `badState` and the
   * walls are unknown. The hand is prepared again from the shuffle: a fresh session machine is brought to
   * `ready` silently, then asked for a hand.
   */
  private restartPreparation(): void {
    if (this.lastHello === null) return;
    this.prepared = null;
    this.restartSession(this.lastHello);
  }

  /** Whether an operator correction of event `eventSeq` can apply now (the host checks before logging it). */
  override checkCorrection(eventSeq: number, tiles: readonly Tile[]): HostResult<void> {
    const sensed = this.sensedFor(eventSeq, tiles, (kind) => (kind === 'hand' ? 13 : 1));
    return sensed.ok ? ok(undefined) : sensed;
  }

  // ---------------------------------------------------------------------------------------------

  protected override tableSeats(): readonly Seat[] {
    return MINEFIELD_TABLE_SEATS;
  }

  protected override hostRestarted(): void {
    this.awaitingLink = true;
    // The new process resumes the old link session if the table still has it (nothing is lost then, and
    // the session machine carries on where it was); `host.linkSession` with 0 received says it did not.
    if (!this.simulator) this.stageAtRestart = JSON.stringify(this.session.getSnapshot().value);
  }

  protected override onOtherHostEvent(event: HostEvent): void {
    if (event.type !== 'host.linkSession') return;
    if (this.awaitingLink && event.received === 0 && !this.simulator) {
      // A new link session: what the table reported meanwhile is gone; resynchronise with GET_STATE.
      this.eventsMayBeLost = true;
      this.session.send({
        type: 'link.lost',
        reason: 'closed',
        detail: 'host restarted in a new link session',
      });
    }
  }

  protected override correctionInput(read: SensedRead, tiles: readonly Tile[]): MinefieldInput {
    const seat = read.seat as MinefieldSeat;
    return read.kind === 'hand'
      ? { type: 'seat.handSet', seat, tiles: [...tiles], source: 'console' }
      : { type: 'seat.discarded', seat, tile: tiles[0]! };
  }

  protected override tableEventArrived(event: TableEvent): void {
    if (event.type === 'table.hello') {
      this.awaitingLink = false;
      this.lastHello = event;
    }
    if (event.type === 'link.rebooted') this.tableRebooted = true;
  }

  protected override onTableEvent(event: TableEvent): void {
    if (
      event.type === 'table.commandRejected' &&
      event.code === 'badState' &&
      this.eventsMayBeLost &&
      PREPARATION_COMMANDS.includes(event.command) &&
      this.preparingHand()
    ) {
      this.restartPreparation();
      return;
    }
    // A stage the table completed starts the idle clock of repeatLostCommands afresh.
    if (
      event.type === 'table.shuffled' ||
      event.type === 'table.wallsBuilt' ||
      event.type === 'table.diceRolled' ||
      event.type === 'table.doraFlipped'
    )
      this.idleSince = null;
    const stageBefore = event.type === 'table.state' ? this.stageAtRestart : null;
    if (event.type === 'table.state') this.repeatLostCommands(event.snapshot, this.time.lastAtMs);
    if (this.game === null) return;
    switch (event.type) {
      case 'table.state':
        // The under-dora reading was asked for but never arrived: ask again (a repeat is refused if the table
        // already turned it, and the hand is then prepared again).
        if (
          this.prepared !== null &&
          this.phase() === 'walling' &&
          !this.uraAskedAgain &&
          stageBefore !== null
        ) {
          this.uraAskedAgain = true;
          this.out.commands.push({ type: 'revealUra' });
        }
        this.reconcile(event.snapshot);
        return;
      case 'table.uraRevealed': {
        if (!this.prepared || event.indicator === null) return;
        const walls: [Tile[], Tile[]] = [
          this.prepared.walls[MINEFIELD_TABLE_SEATS[0]] as Tile[],
          this.prepared.walls[MINEFIELD_TABLE_SEATS[1]] as Tile[],
        ];
        const set = Array.from({ length: 4 * KIND_COUNT }, (_, i) => (i >> 2) as Tile);
        const unused = removeTiles(set, [...walls[0], ...walls[1]]);
        if (unused === null) return;
        const indicator = this.prepared.indicator;
        this.prepared = null;
        this.sendToGame({ type: 'hand.wallsBuilt', walls, unused });
        this.sendToGame({ type: 'hand.doraFlipped', indicator, underIndicator: event.indicator });
        for (const input of this.queued.splice(0)) this.sendToGame(input);
        return;
      }
      case 'table.handPlaced': {
        const seat = PLAYER_OF(event.seat);
        if (seat === null) return;
        const tiles = event.tiles;
        // A tile the sensors could not read waits for the operator's correction.
        const input = isRead(tiles) ? { type: 'seat.handSet' as const, seat, tiles, source: 'sensor' as const } : null;
        this.feedRead({ kind: 'hand', seat, tableSeat: event.seat, tiles }, input);
        return;
      }
      case 'table.tileDiscarded': {
        const seat = PLAYER_OF(event.seat);
        if (seat === null) return;
        const tile = event.tile;
        const input = tile === null ? null : { type: 'seat.discarded' as const, seat, tile };
        this.feedRead({ kind: 'discard', seat, tableSeat: event.seat, tiles: [tile] }, input);
        return;
      }
      case 'table.buttonPressed': {
        const seat = PLAYER_OF(event.seat);
        if (seat === null) return;
        if (event.button === 'ron') this.toGame({ type: 'seat.ronDeclared', seat });
        if (event.button === 'pass') this.toGame({ type: 'seat.passed', seat });
        return;
      }
      default:
    }
  }

  protected override sessionResumed(): void {
    if (!this.tableRebooted) return;
    this.tableRebooted = false;
    this.relightLamps();
  }

  protected override handPrepared(hand: PreparedHand): void {
    if (
      hand.doraIndicator === null ||
      MINEFIELD_TABLE_SEATS.some((seat) => (hand.walls[seat] ?? []).some((t) => t === null))
    )
      return;
    this.prepared = { walls: hand.walls, indicator: hand.doraIndicator };
    this.uraAskedAgain = false;
    // The under-dora is read now and kept secret by the machine (its public view never shows it).
    this.out.commands.push({ type: 'revealUra' });
  }

  protected override newGame(firstDealer: number): void {
    this.queued = [];
    this.startMachine(firstDealer === 1 ? 1 : 0);
  }

  /** Runs the game machine (from `snapshot` when a voided hand is dealt again); its outcomes become derived events. */
  private startMachine(firstDealer: MinefieldSeat, snapshot?: SnapshotFrom<typeof minefieldGameMachine>): void {
    const game = createActor(minefieldGameMachine, {
      ...(snapshot === undefined ? {} : { snapshot }),
      input: { firstDealer, deadlines: this.options.deadlines },
      clock: this.time.clock,
    });
    this.run(game, (event) => {
      this.out.derived.push(event);
      if (event.type === 'hand.won' || event.type === 'hand.drawn') this.handEnded = true;
      if (event.type === 'seat.overdue') this.out.commands.push({ type: 'buzz', ms: 300 });
    });
  }

  /** The old table's hand setup and lamps are gone with it (see TableCore `replaceTable`). */
  protected override tableReplaced(): void {
    this.prepared = null;
    this.queued = [];
    this.lampTurn = null;
    this.tableRebooted = false;
    this.idleSince = null;
    this.uraAskedAgain = false;
    this.stageAtRestart = null;
    this.eventsMayBeLost = false;
  }

  /**
   * Voids hand `hand` (host.handVoided): the game machine goes back to the start of that hand with the
   * points, dealer, ante and hand number it had then (nothing of a hand in play has moved them: the stake
   * model settles only at its end, V1.5), and `hand.started` is derived again, so the screens, the records
   * and the exports see the hand dealt afresh. A void is not a draw: the ante does not double.
   */
  protected override voidHand(hand: number): void {
    const snapshot = this.game?.getSnapshot();
    if (snapshot === undefined || snapshot.status !== 'active' || snapshot.context.handNumber !== hand)
      return;
    const context = snapshot.context;
    this.game!.stop();
    const restored = minefieldGameMachine.resolveState({
      value: { hand: 'walling' },
      context: { ...context, hand: emptyHand(context.dealer) },
    });
    this.startMachine(context.dealer, restored);
    this.prepared = null;
    this.lampTurn = null;
    this.dealAgain({
      type: 'hand.started',
      hand,
      dealer: context.dealer,
      ante: context.ante,
      points: [context.points[0], context.points[1]],
    });
  }

  /** Inputs held for a hand still being laid out are dropped with it. */
  protected override clearHand(): void {
    this.queued = [];
  }

  private sendToGame(input: MinefieldInput): void {
    this.out.derived.push(input);
    this.game!.send(input);
    const snapshot = this.game!.getSnapshot();
    const phase = phaseOf(snapshot.value);
    const turn = phase === 'awaitingDiscard' || phase === 'lastClaim' ? snapshot.context.hand.turn : null;
    if (turn !== this.lampTurn) {
      this.lampTurn = turn;
      for (const player of [0, 1] as const)
        this.out.commands.push({
          type: 'setLamp',
          seat: MINEFIELD_TABLE_SEATS[player],
          lamp: 'turn',
          on: player === turn,
        });
    }
    this.settle();
  }

  /**
   * A stage command can be lost when the host dies between logging the step that issued it and writing it to
   * the port. The session machine then waits and asks for the table's state (it never re-sends: a second
   * shuffle would deal other walls). The command is sent again only when two snapshots at least a stage
   * timeout apart both show the table idle short of that stage: a motor run never takes that long, so the
   * table really never got it. After a restart the lamps are set again too (the players read them).
   */
  private repeatLostCommands(snapshot: TableSnapshot, atMs: number): void {
    const state = this.session.getSnapshot();
    const stages: Record<string, readonly [TableCommand, boolean]> = {
      shuffling: [{ type: 'shuffle' }, snapshot.phase !== 'shuffled'],
      buildingWalls: [{ type: 'buildWalls' }, snapshot.phase === 'shuffled'],
      rollingDice: [{ type: 'rollDice' }, snapshot.dice === null],
      flippingDora: [{ type: 'flipDora' }, snapshot.dora === null],
    };
    let waiting: string | null = null;
    for (const [name, [command, notDone]] of Object.entries(stages)) {
      if (!notDone || !state.matches({ operating: { preparing: name } } as never)) continue;
      waiting = name;
      const seen = this.idleSince;
      if (seen !== null && seen.stage === name && atMs - seen.atMs >= (this.options.stageTimeoutMs ?? 5000)) {
        this.out.commands.push(command);
        this.idleSince = null;
        return;
      }
      if (seen === null || seen.stage !== name) this.idleSince = { stage: name, atMs };
    }
    if (waiting === null) this.idleSince = null;
    const afterRestart = this.stageAtRestart !== null;
    this.stageAtRestart = null;
    if (afterRestart) this.relightLamps();
  }

  /**
   * The dealer and turn lamps as the game stands (after a host restart, or a table reboot that left them dark).
   * The seats read them: a player whose turn lamp stays dark waits, and the bots read the dealer lamp.
   */
  private relightLamps(): void {
    if (this.game === null || this.game.getSnapshot().status !== 'active') return;
    const dealer = this.game.getSnapshot().context.dealer;
    for (const player of [0, 1] as const) {
      const seat = MINEFIELD_TABLE_SEATS[player];
      this.out.commands.push({ type: 'setLamp', seat, lamp: 'dealer', on: player === dealer });
      this.out.commands.push({ type: 'setLamp', seat, lamp: 'turn', on: player === this.lampTurn });
    }
  }

  /** Between a hand request and the game receiving its walls. */
  private preparingHand(): boolean {
    return (
      this.handPending &&
      this.game !== null &&
      this.game.getSnapshot().status === 'active' &&
      this.phase() === 'walling'
    );
  }

  private phase() {
    return phaseOf(this.game!.getSnapshot().value);
  }

  protected override toGame(input: MinefieldInput): void {
    if (this.game === null || this.game.getSnapshot().status !== 'active') return;
    const phase = this.phase();
    // Hands may be placed before the under-dora is read: hold them until the hand is laid out.
    if (phase === 'walling' || phase === 'flippingDora') this.queued.push(input);
    else this.sendToGame(input);
  }

  protected override dealerToDeal(): Seat | null {
    const snapshot = this.game?.getSnapshot();
    if (snapshot === undefined || snapshot.status !== 'active' || phaseOf(snapshot.value) !== 'walling') return null;
    return MINEFIELD_TABLE_SEATS[snapshot.context.dealer];
  }

  protected override handRequested(): void {
    this.idleSince = null;
  }

  /**
   * After a reconnect, a reboot or a host restart the table's snapshot is the truth about the ponds:
   * discards whose events were lost on the way are replayed in turn order (the dealer first).
   */
  private reconcile(snapshot: TableSnapshot): void {
    const phase = this.phase();
    if (phase !== 'awaitingDiscard' && phase !== 'lastClaim') return;
    const ponds = [
      snapshot.discards[MINEFIELD_TABLE_SEATS[0]] ?? [],
      snapshot.discards[MINEFIELD_TABLE_SEATS[1]] ?? [],
    ] as const;
    for (;;) {
      const hand = this.game!.getSnapshot().context.hand;
      const seat = hand.turn;
      const tile = ponds[seat][hand.discards[seat].length];
      if (tile === undefined || tile === null || this.phase() !== 'awaitingDiscard') return;
      this.sendToGame({ type: 'seat.discarded', seat, tile });
    }
  }
}
