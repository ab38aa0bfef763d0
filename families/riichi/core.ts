// The riichi-family host core: table session + riichi game machines driven by logged source events, deterministic for a log.
import { RIICHI_LOG } from './log.js';
import { createActor, type SnapshotFrom } from 'xstate';
import { ok } from '../../rules/result.js';
import type { RuleOptions } from '../../rules/options.js';
import type { Seat as RiichiSeat } from '../../rules/payments.js';
import type { Tile } from '../../rules/tiles.js';
import type { RiichiEvent, RiichiInput, RiichiOutcome } from './machines/events.js';
import { riichiGameMachine } from './machines/game.js';
import { claimWindow, legalClaims, legalTurnActions, newHand, type HandModel } from './machines/model.js';
import type { Deadlines } from './machines/setup.js';
import { drawInputFor, meldInput } from './machines/table-inputs.js';
import { callPossible, callWindowId, grantCall, type CallIntent, type Calls } from './machines/table-calls.js';
import { dealSize, missedTiles } from './machines/deal-order.js';
import { seatPanel, type RiichiPanel } from './panel.js';
import { kanDoraHeard, kanDoraToFlip, NO_KAN_DORA, type KanDoraFlips } from './machines/kan-dora-flips.js';
import { cutGameEnded, type GameCutReason } from './machines/game-cut.js';
import {
  TABLE_MODE_SPECS,
  type Seat,
  type TableEvent,
  type TableFeature,
  type TableSnapshot,
} from '../../table/table-events.js';
import type { PreparedHand } from '../../machines/table-session.js';
import type { HostResult } from '../../host/errors.js';
import type { HostEvent } from '../../host/session/log-events.js';
import { replayMissedInputs } from './reconcile.js';
import { logicalWall } from './wall-order.js';
import { TableCore, type SensedRead } from '../../host/session/table-core.js';
import type { HandToVoid } from '../../host/session/variant-core.js';

export type RiichiTableMode = 'standard4' | 'sanma3';

export interface RiichiCoreOptions {
  /** Wall-clock ms of the session's first event: machine time 0. */
  readonly startAtMs: number;
  readonly mode: RiichiTableMode;
  /** The preset's rules (rules/options.ts `tenhou`, `club`; rules/variants/sanma.ts `SANMA`). */
  readonly rules: RuleOptions;
  readonly deadlines?: Partial<Deadlines>;
  readonly stageTimeoutMs?: number;
  /** Protocol 2 features the variant cannot play without (host/families/registry.ts `requiredFeatures`). */
  readonly requiredFeatures?: readonly TableFeature[];
  /** Clear Mahjong (variants.md V5, preset `clear`): the game machine tracks the teams' five conditions. */
  readonly clearMahjong?: boolean;
  /** Mangan Mahjong's 8-player tag-team option (variants.md V4.3): the game machine swaps partners at the seats. */
  readonly tagTeam?: boolean;
  /**
   * The table seats in play, in turn order (default: the mode's). Tenpai Race seats its two players across a
   * standard4 table, at seats 0 and 2 (variants.md V2.1 item 1: four walls, as four-player riichi; V2.2's
   * suggested seating, dealer East and opponent West).
   */
  readonly seats?: readonly Seat[];
  /**
   * Cut each game after this many hands (a headless run's `--max-hands`): Tenpai Race's Stage A never ends a game
   * (V2.1 item 4). At the cut no further hand is requested and the next game may start; `game.ended` is derived with reason
   * `handLimit` (`cutGame`).
   */
  readonly handsPerGame?: number;
  /**
   * Agari-yame `optional` is asked (the tournament preset, families/riichi/machines/variant-simulation.ts VARIANT_SETUP): the
   * game machine offers the dealer to end the game; the dealer answers with a table button (hardware/PROTOCOL.md
   * §10.4): `confirm` ends the game there, `pass` plays on; unanswered, the game goes on at the machine's deadline.
   */
  readonly askAgariYame?: boolean;
}

export type { CallIntent } from './machines/table-calls.js';
export type { RiichiPanel } from './panel.js';

/**
 * Protocol 2 features the riichi family uses when the table has them (PROTOCOL.md §16): replacement draws told by
 * their reason, kan dora flips, every ura turned, and the riichi discard in the snapshot. None is required: a
 * revision 1.2 table plays kans with plain draws told apart by position (§9.1).
 */
const RIICHI_TABLE_FEATURES: readonly TableFeature[] = ['replacementDraws', 'kanDora', 'allUra', 'riichiDiscards'];

// A chombo (tournament) ends the hand too: it is replayed, so the next hand is requested as after any other end.
const HAND_END = new Set(['hand.won', 'hand.exhaustiveDraw', 'hand.abortiveDraw', 'hand.chombo']);

/**
 * The riichi family's core on the generic table core (host/session/table-core.ts): both machines run on one
 * simulated clock that only the log moves, so a replayed log reproduces the same derived events.
 *
 * Seats: the machine's seats are the table's seats in play (standard4 0-3, sanma3 0-2), the first dealer
 * chosen by `host.gameRequested`. The table prepares each hand (the dealer lamp first: the table breaks the
 * wall from the dealer's dice, hardware/PROTOCOL.md 8); its sensed walls and dice give the logical wall
 * (riichi-wall-order.ts), which is the machine's `hand.wallBuilt`. Then the table's events become inputs:
 * - `table.tileDrawn` → `seat.drew` (an unread tile is the one the wall model expects); after the seat's own kan
 *   or North it is the replacement draw from the dead wall (told apart by position, PROTOCOL.md §9.1; a protocol 2
 *   table says so: `table.replacementDrawn` with its reason, §16.2), and a kan dora the machine reveals is turned on
 *   the table too (`flipDora`, one at a time; resynced from the snapshot); at a riichi win every ura is turned (§16.5);
 * - `riichi` button, then `table.tileDiscarded` → `seat.discarded` with `riichi: true`;
 * - `ron`/`tsumo`/`pass` buttons → `seat.ronDeclared`/`seat.tsumoDeclared`/`seat.passed`;
 * - `chi`/`pon`/`kan` buttons in a claim window announce a call; when every seat still to answer has announced
 *   one, the highest (pon/kan over chi) is granted and the others pass; the granted seat's `table.meldLaid`
 *   (with the claimed discard) → `seat.chiDeclared`/`seat.ponDeclared`/`seat.openKanDeclared`;
 * - `table.meldLaid` of the turn seat from its hand: four alike → `seat.closedKanDeclared`, one tile → an
 *   added kan (or, in Sanma, a North set aside → `seat.northDeclared`);
 * - `table.handRevealed` by the turn seat when nine terminals may be declared → `seat.nineTerminalsDeclared`.
 */
export class RiichiCore extends TableCore<RiichiEvent, typeof riichiGameMachine, RiichiInput> {
  private readonly seats: readonly Seat[];
  private riichiPressed = new Set<RiichiSeat>();
  private calls: Calls | null = null;
  /** Seats whose turn lamp is lit, and the move count when the lamps were last set. */
  private lampsLit = new Set<Seat>();
  private lampMoves = -1;
  /** Moves of the hand so far (each time its model changes); the panels' key. */
  private moves = 0;
  private lastHand: HandModel | null = null;
  /** Hands dealt in this game (host.handVoided numbers the hand it voids by it). */
  private handsDealt = 0;
  /** Hands of this game that ended, and whether the game was cut at `handsPerGame`. */
  private handsEnded = 0;
  private gameCut = false;
  /** Tiles the players have taken from the wall for the deal so far (the machine dealt them at hand.wallBuilt). */
  private dealTaken = 0;
  /** The table's kan dora indicators this hand (kan-dora-flips.ts). */
  private kanDora: KanDoraFlips = NO_KAN_DORA;
  /**
   * Times the host asked the panels' questions again (RiichiPanel `asked`): a rebooted table drops the events it had
   * not had acknowledged, a button press among them, so after the reboot's snapshot the questions still open are
   * asked once more. `rebooted`: a reboot was heard and its snapshot not yet.
   */
  private askedAgain = 0;
  private rebooted = false;
  /** The game machine offered agari-yame and the settle after the hand waits for the answer (or the deadline). */
  private agariYameAsked = false;
  /** What the last snapshot showed that could not be replayed (riichi-reconcile.ts), or null. */
  reconcileMismatch: ReturnType<typeof replayMissedInputs> = null;
  /** Why the last prepared walls could not be ordered (an unread tile), for the operator; null when fine. */
  wallProblem: string | null = null;

  constructor(private readonly options: RiichiCoreOptions) {
    super(
      options.startAtMs,
      {
        mode: options.mode,
        stageTimeoutMs: options.stageTimeoutMs ?? 5000,
        ...(options.requiredFeatures === undefined ? {} : { requiredFeatures: options.requiredFeatures }),
        wantedFeatures: RIICHI_TABLE_FEATURES,
      },
      RIICHI_LOG.refusals,
    );
    this.seats = options.seats ?? TABLE_MODE_SPECS[options.mode].seats;
    if (this.seats.some((seat) => !TABLE_MODE_SPECS[options.mode].seats.includes(seat)))
      throw new Error(`${options.mode} has no table seat among ${this.seats.join(', ')}`);
    if (this.seats.length !== options.rules.players)
      throw new Error(
        `${options.mode} seats ${this.seats.length} players, the rules ${options.rules.players}`,
      );
  }

  protected override stepStarted(): void {
    this.afterGameMoved();
  }

  protected override stepEnded(): void {
    this.refreshLamps();
    this.flipKanDora();
  }

  protected override cutShort(): boolean {
    return this.gameCut;
  }

  protected override tableSeats(): readonly Seat[] {
    return this.seats;
  }

  override handToVoid(): HandToVoid | null {
    const hand = this.hand();
    if (hand === null || hand.phase.kind === 'dealing' || hand.phase.kind === 'over') return null;
    // A riichi hand has no ante; host.handVoided's `ante` is 0 (the honba and sticks stay in the progress).
    return { game: this.gamesRequested, hand: this.handsDealt, dealer: hand.progress.dealer, ante: 0 };
  }

  override checkCorrection(eventSeq: number, tiles: readonly Tile[]): HostResult<void> {
    const sensed = this.sensedFor(eventSeq, tiles, () => 1);
    return sensed.ok ? ok(undefined) : sensed;
  }

  /** What seat `seat`'s panel shows now (see RiichiPanel). */
  panel(seat: Seat): RiichiPanel {
    const hand = this.hand();
    const key = `${this.gamesRequested}:${this.handsDealt}:${this.moves}`;
    // The machine's seat at this table seat (Tenpai Race plays table seats 0 and 2 as its seats 0 and 1).
    const s = this.playerOf(seat);
    if (hand === null || this.paused || this.ended || s === null) return { kind: 'wait', key };
    return seatPanel(
      {
        hand,
        askingAgariYame: this.game!.getSnapshot().value === 'askingAgariYame',
        seats: this.seats,
        game: this.gamesRequested,
        handsDealt: this.handsDealt,
        key,
        dealTaken: this.dealTaken,
        calls: this.calls,
        asked: this.askedAgain,
      },
      s,
    );
  }

  // ---------------------------------------------------------------------------------------------

  private hand(): HandModel | null {
    const snapshot = this.game?.getSnapshot();
    return snapshot === undefined || snapshot.status !== 'active' ? null : snapshot.context.hand;
  }

  /** A game still in play is closed as it stands, never left open (issue 12). */
  protected override sessionEnding(): void {
    this.cutGame('sessionEnded');
  }

  protected override correctionInput(read: SensedRead, tiles: readonly Tile[]): RiichiInput {
    const seat = read.seat as RiichiSeat;
    const tile = tiles[0]!;
    return read.kind === 'draw'
      ? { type: 'seat.drew', seat, tile }
      : { type: 'seat.discarded', seat, tile, riichi: this.riichiPressed.delete(seat) };
  }

  protected override onOtherHostEvent(event: HostEvent): void {
    switch (event.type) {
      case 'operator.chomboDeclared':
      case 'operator.deadHandDeclared':
        // Operator overrides (variants.md V6.2, V6.3; host/session/operator-overrides.ts): the logged source event is the
        // machine's own input, so it goes to the hand as it is and is not derived again.
        if (this.hand() === null) return;
        this.game!.send(event);
        this.afterGameMoved();
        this.settle();
        return;
      case 'operator.stageBSettled': {
        // Tenpai Race Stage B's result (host/session/operator-overrides.ts): the machine's input without the audit reason.
        if (this.hand() === null) return;
        const { reason: _reason, ...settled } = event;
        void _reason;
        this.game!.send(settled);
        this.afterGameMoved();
        this.settle();
        return;
      }
      default:
    }
  }

  protected override onTableEvent(event: TableEvent): void {
    this.kanDora = kanDoraHeard(this.kanDora, event);
    if (event.type === 'link.rebooted') this.rebooted = true;
    if (event.type === 'table.state' && this.rebooted) {
      this.rebooted = false;
      this.askedAgain++;
      this.moves++;
      this.relightLamps();
    }
    const hand = this.hand();
    if (hand === null) return;
    if (this.game!.getSnapshot().value === 'askingAgariYame') return this.answerAgariYame(event);
    switch (event.type) {
      // After a link loss, a reboot or a restart the snapshot shows the draws, discards and passes the host missed.
      case 'table.state':
        if (this.tableShowsLastHand(hand)) return;
        this.resyncDeal(hand, event.snapshot);
        this.reconcileMismatch = replayMissedInputs(
          () => this.hand(),
          // A riichi press heard before the link went down declares with the discard it missed.
          (input) =>
            this.toGame(
              input.type === 'seat.discarded' && this.riichiPressed.delete(input.seat) ? { ...input, riichi: true } : input,
            ),
          event.snapshot,
          this.seats,
        );
        if (this.reconcileMismatch === null) this.resyncDraw(event.snapshot);
        else {
          // The operator has to look (public-model.ts shows it as `table.reconcile`, with what to check).
          const { code, seat, message } = this.reconcileMismatch;
          this.out.derived.push({ type: 'reconcile.mismatch', code, seat, message });
        }
        return;
      case 'table.tileDrawn': {
        const seat = this.playerOf(event.seat);
        if (seat === null) return;
        if (hand.phase.kind !== 'dealing' && this.dealTaken < dealSize(this.seats.length)) {
          // The players take the deal the machine already made from the logical wall (riichi.md 3.3).
          this.dealTaken++;
          this.moves++;
          return;
        }
        // The walls were read when they were built: a draw the sensor missed is the tile the wall model expects.
        const expected = drawInputFor(hand);
        const tile =
          event.tile ?? (expected?.type === 'seat.drew' && expected.seat === seat ? expected.tile : null);
        const read = { kind: 'draw', seat, tableSeat: event.seat, tiles: [event.tile] } as const;
        this.feedRead(read, tile === null ? null : { type: 'seat.drew', seat, tile });
        return;
      }
      case 'table.replacementDrawn': {
        // Protocol 2 (PROTOCOL.md §16.2): a replacement told by its reason, not only by its position. It is taken
        // only when the hand waits for that seat's replacement (after its kan or North); otherwise the seat took a
        // dead-wall tile out of turn and the machine hears nothing (the next snapshot shows what lies where).
        const seat = this.playerOf(event.seat);
        if (seat === null || event.reason === 'bonus') return;
        const read = { kind: 'draw', seat, tableSeat: event.seat, tiles: [event.tile] } as const;
        if (hand.phase.kind !== 'drawing' || hand.phase.seat !== seat || !hand.phase.replacement) {
          this.sense(read);
          this.out.derived.push({
            type: 'reconcile.mismatch',
            code: 'out_of_turn',
            seat,
            message: `seat ${seat} took a replacement tile (${event.reason}) while the hand does not wait for its replacement draw`,
          });
          return;
        }
        const expected = drawInputFor(hand);
        const tile = event.tile ?? (expected?.type === 'seat.drew' ? expected.tile : null);
        this.feedRead(read, tile === null ? null : { type: 'seat.drew', seat, tile });
        return;
      }
      case 'table.tileDiscarded': {
        const seat = this.playerOf(event.seat);
        if (seat === null) return;
        const tile = event.tile;
        this.feedRead(
          { kind: 'discard', seat, tableSeat: event.seat, tiles: [tile] },
          tile === null ? null : { type: 'seat.discarded', seat, tile, riichi: this.riichiPressed.delete(seat) },
        );
        return;
      }
      case 'table.buttonPressed': {
        const seat = this.playerOf(event.seat);
        if (seat === null) return;
        switch (event.button) {
          case 'riichi':
            // Held until the seat's discard, which is turned sideways: the declaration (riichi.md 6.2).
            if (hand.phase.kind === 'turn' && hand.phase.seat === seat) this.riichiPressed.add(seat);
            return;
          case 'tsumo':
            return this.toGame({ type: 'seat.tsumoDeclared', seat });
          case 'ron':
            return this.toGame({ type: 'seat.ronDeclared', seat });
          case 'pass':
            return this.toGame({ type: 'seat.passed', seat });
          case 'chi':
          case 'pon':
          case 'kan':
            return this.announceCall(hand, seat, event.button);
          case 'confirm':
            // Tenpai Race (variants.md V2.1 item 5): right after his own discard a player starts Stage B; the
            // machine checks the moment, tenpai and furiten. No other variant reads `confirm`.
            if (hand.players === 2) return this.toGame({ type: 'seat.stageBStarted', seat });
            return;
          default:
            return;
        }
      }
      case 'table.meldLaid': {
        const seat = this.playerOf(event.seat);
        if (seat === null || event.tiles.some((t) => t === null)) return;
        this.meldLaid(hand, seat, event.tiles as Tile[]);
        return;
      }
      case 'table.handRevealed': {
        const seat = this.playerOf(event.seat);
        if (
          seat !== null &&
          hand.phase.kind === 'turn' &&
          hand.phase.seat === seat &&
          legalTurnActions(hand, seat).nineTerminals
        )
          this.toGame({ type: 'seat.nineTerminalsDeclared', seat });
        return;
      }
      default:
    }
  }

  /** Tiles taken from the walls that the host never heard of (deal-order.ts `missedTiles`). */
  private tilesMissed(hand: HandModel, snapshot: TableSnapshot): number | null {
    const dealLeft = dealSize(this.seats.length) - this.dealTaken;
    return missedTiles(hand, snapshot, TABLE_MODE_SPECS[this.options.mode].tileSet, dealLeft);
  }

  /**
   * Between hands (the next not asked for yet, or asked for and not yet shuffled) the table still shows the hand
   * that ended: nothing of this one to reconcile (a tsumo heard after a link loss ends the hand before the snapshot).
   */
  private tableShowsLastHand(hand: HandModel): boolean {
    if (hand.phase.kind !== 'dealing') return false;
    return !this.handPending || this.session.getSnapshot().matches({ operating: { preparing: 'shuffling' } });
  }

  /** Deal tiles taken while the host did not hear (else the seats would be asked for them again). */
  private resyncDeal(hand: HandModel, snapshot: TableSnapshot): void {
    const missed = this.tilesMissed(hand, snapshot);
    if (missed === null || missed <= 0 || this.dealTaken >= dealSize(this.seats.length)) return;
    this.dealTaken = Math.min(dealSize(this.seats.length), this.dealTaken + missed);
    this.moves++;
  }

  /**
   * After the ponds are replayed (riichi-reconcile.ts): one tile still missed while the hand waits for a seat's draw
   * is that draw, not yet discarded (the wall model names the tile). Asked for again, the seat would take a second.
   */
  private resyncDraw(snapshot: TableSnapshot): void {
    const hand = this.hand();
    if (hand === null || hand.phase.kind !== 'drawing') return;
    if (this.tilesMissed(hand, snapshot) !== 1) return;
    const draw = drawInputFor(hand);
    if (draw !== null) this.toGame(draw);
  }

  /** The dealer's button while agari-yame is asked: `confirm` ends the game, `pass` plays on (PROTOCOL.md §10.4). */
  private answerAgariYame(event: TableEvent): void {
    if (event.type !== 'table.buttonPressed' || (event.button !== 'confirm' && event.button !== 'pass'))
      return;
    const seat = this.playerOf(event.seat);
    if (seat === null) return;
    this.toGame({ type: 'seat.agariYameDecided', seat, stop: event.button === 'confirm' });
  }

  /** A meld the seat laid: a granted call (with the claimed discard) or a kan / north from its own hand. */
  private meldLaid(hand: HandModel, seat: RiichiSeat, tiles: Tile[]): void {
    const input = meldInput(hand, seat, tiles, this.options.mode === 'sanma3');
    if (input !== null) this.toGame(input);
  }

  /**
   * Asks the table to turn the next kan dora indicator while it shows fewer than the hand has revealed (the
   * machine reveals each at its moment, riichi.md 3.5; the table's copy follows), one flip at a time.
   */
  private flipKanDora(): void {
    const hand = this.hand();
    if (hand === null || this.fault !== null || !kanDoraToFlip(this.kanDora, hand)) return;
    if (!this.session.getSnapshot().matches({ operating: 'playing' })) return;
    this.kanDora = { ...this.kanDora, asked: true };
    this.out.commands.push({ type: 'flipDora' });
  }

  /** The call intents of the hand's current claim window (a new window starts with none). */
  private callsFor(hand: HandModel): Calls {
    const id = callWindowId(this.handsDealt, hand, claimWindow(hand)!);
    if (this.calls === null || this.calls.window !== id)
      this.calls = { window: id, intents: new Map(), granted: null, decided: false };
    return this.calls;
  }

  /**
   * A call button in a claim window. When every seat still to answer has announced a call, the table grants
   * the tile (table-calls.ts `grantCall`); the losers pass and the winner lays its meld.
   */
  private announceCall(hand: HandModel, seat: RiichiSeat, call: CallIntent): void {
    const window = claimWindow(hand);
    if (window === null || !window.eligible.includes(seat) || window.responses[seat] !== null) return;
    const possible = callPossible(legalClaims(hand, seat, window.offer), call);
    const calls = this.callsFor(hand);
    if (!possible || calls.decided || calls.intents.has(seat)) return;
    calls.intents.set(seat, call);
    this.moves++;
    this.grantCalls(hand);
  }

  private grantCalls(hand: HandModel): void {
    const window = claimWindow(hand);
    if (window === null) return;
    const calls = this.callsFor(hand);
    const grant = calls.decided ? null : grantCall(window, calls.intents);
    if (grant === null) return;
    calls.granted = grant.granted;
    calls.decided = true;
    this.moves++;
    for (const seat of grant.losers) this.toGame({ type: 'seat.passed', seat });
  }

  /** The prepared hand's walls and dice in the logical order of riichi.md 3.2: the machine deals from it. */
  protected override handPrepared(prepared: PreparedHand): void {
    const hand = this.hand();
    if (hand === null || hand.phase.kind !== 'dealing' || prepared.dice === null) return;
    const wall = logicalWall(
      this.options.mode,
      prepared.walls,
      prepared.dice,
      this.seats[hand.progress.dealer]!,
    );
    if (!wall.ok) {
      this.wallProblem = wall.message;
      return;
    }
    this.wallProblem = null;
    this.handsDealt++;
    this.dealTaken = 0;
    this.kanDora = NO_KAN_DORA;
    this.sendToGame({ type: 'hand.wallBuilt', live: wall.value.live, dead: wall.value.dead });
  }

  protected override newGame(firstDealer: number): void {
    this.handsDealt = 0;
    this.handsEnded = 0;
    this.gameCut = false;
    this.resetHand();
    this.runGame(firstDealer < this.seats.length ? (firstDealer as RiichiSeat) : 0);
    this.afterGameMoved();
  }

  /** Starts the game machine (from `snapshot` when a voided hand is dealt again) and follows its outcomes. */
  private runGame(firstDealer: RiichiSeat, snapshot?: SnapshotFrom<typeof riichiGameMachine>): void {
    const game = createActor(riichiGameMachine, {
      ...(snapshot === undefined ? {} : { snapshot }),
      input: {
        options: this.options.rules,
        firstDealer,
        deadlines: this.options.deadlines,
        clearMahjong: this.options.clearMahjong === true,
        tagTeam: this.options.tagTeam === true,
        askAgariYame: this.options.askAgariYame === true,
      },
      clock: this.time.clock,
    });
    this.run(game, (event) => this.heard(event as RiichiOutcome));
  }

  /** The game machine's outcomes become derived events; lamps, displays and the buzzer follow them. */
  private heard(outcome: RiichiOutcome): void {
      this.out.derived.push(outcome);
      if (HAND_END.has(outcome.type)) this.handEnded = true;
      switch (outcome.type) {
        case 'seat.overdue':
          this.out.commands.push({ type: 'buzz', ms: 300 });
          return;
        case 'seat.riichiDeclared':
          this.out.commands.push({
            type: 'setLamp',
            seat: this.seats[outcome.seat]!,
            lamp: 'riichi',
            on: true,
          });
          return;
        case 'hand.won':
        case 'hand.started':
        case 'hand.exhaustiveDraw':
        case 'hand.abortiveDraw':
        case 'seat.riichiAccepted':
          if (outcome.type === 'hand.won') this.revealUraOnTable(outcome.uraIndicators.length);
          outcome.points.forEach((points, seat) =>
            this.out.commands.push({ type: 'setDisplay', seat: this.seats[seat]!, points }),
          );
          return;
        default:
      }
  }

  /**
   * A riichi win turns the ura indicators on the table: one REVEAL_URA for each the win shows (protocol 2 `allUra`: the
   * table turns the next each time, PROTOCOL.md §16.5); a table without it turns the first only (§8), and the host's
   * wall model knows the others.
   */
  private revealUraOnTable(uras: number): void {
    const times = Math.min(uras, this.featuresInForce().includes('allUra') ? uras : 1);
    for (let i = 0; i < times; i++) this.out.commands.push({ type: 'revealUra' });
  }

  /** The new table's lamps are dark (see TableCore `replaceTable`). */
  protected override tableReplaced(): void {
    this.lampsLit.clear();
    this.lampMoves = -1;
  }

  /**
   * Voids the hand in play (host.handVoided): the game goes back to the start of that hand with the progress it
   * had then (no stick of a voided hand is kept: points come from the progress), and `hand.started` is derived
   * again. A void is not a draw: no honba is added, the dealer stays.
   */
  protected override voidHand(hand: number): void {
    const snapshot = this.game?.getSnapshot();
    if (snapshot === undefined || snapshot.status !== 'active' || hand !== this.handsDealt) return;
    const context = snapshot.context;
    this.game!.stop();
    const restored = riichiGameMachine.resolveState({
      value: { hand: 'dealing' },
      context: { ...context, hand: newHand(context.progress, context.options) },
    });
    this.runGame(context.progress.firstDealer, restored);
    this.handsDealt--;
    this.resetHand();
    this.afterGameMoved();
    const p = context.progress;
    this.dealAgain({
      type: 'hand.started',
      roundWind: p.roundWind,
      handNumber: p.handNumber,
      dealer: p.dealer,
      honba: p.honba,
      deposits: p.deposits,
      points: [...p.points],
    });
  }

  /** A new game's or a voided hand's own bookkeeping (the deal taken, agari-yame not asked). */
  private resetHand(): void {
    this.dealTaken = dealSize(this.seats.length);
    this.agariYameAsked = false;
  }

  /** The riichi presses and call intents of an ended hand are dropped with it. */
  protected override clearHand(): void {
    this.riichiPressed.clear();
    this.calls = null;
  }

  protected override settle(): void {
    super.settle();
    if (this.agariYameAsked && this.game?.getSnapshot().value !== 'askingAgariYame') {
      this.agariYameAsked = false;
      super.handConcluded();
    }
  }

  /** Agari-yame asked: the game goes on (or ends) once the dealer answered or the deadline passed. */
  protected override handConcluded(): void {
    for (const seat of this.seats)
      this.out.commands.push({ type: 'setLamp', seat, lamp: 'riichi', on: false });
    this.handsEnded++;
    if (this.game?.getSnapshot().value === 'askingAgariYame') this.agariYameAsked = true;
    else super.handConcluded();
  }

  /** A game its rules do not end yet is cut at `handsPerGame`. */
  protected override cutAfterHand(): boolean {
    if (this.handsEnded < (this.options.handsPerGame ?? Infinity)) return false;
    this.cutGame('handLimit');
    return true;
  }

  /** Closes a game its rules did not end: cut at `handsPerGame`, or by the session ending mid-game (game-cut.ts). */
  private cutGame(reason: GameCutReason): void {
    const game = this.game?.getSnapshot();
    if (game === undefined || game.status === 'done' || this.gameCut) return;
    this.gameCut = true;
    this.out.derived.push(cutGameEnded(game.context.progress, this.options.rules.leftoverDeposits, reason));
  }

  protected override toGame(input: RiichiInput): void {
    if (this.hand() === null) return;
    this.sendToGame(input);
  }

  private sendToGame(input: RiichiInput): void {
    this.out.derived.push(input);
    this.game!.send(input);
    this.afterGameMoved();
    this.settle();
  }

  /** Counts a move when the hand's model changed (panel keys) and re-checks call grants. */
  private afterGameMoved(): void {
    const hand = this.hand();
    if (hand !== this.lastHand) {
      this.lastHand = hand;
      this.moves++;
    }
    if (hand !== null && hand.phase.kind === 'claiming') this.grantCalls(hand);
  }

  /**
   * The turn lamps show who must act now (a draw, a turn, a claim to answer, a granted call). They are set again
   * whenever the hand moved on, lit or not: a table's panels refresh on each command, and the simulator's
   * players take another look at their panels then.
   */
  private refreshLamps(): void {
    if (this.moves === this.lampMoves) return;
    this.lampMoves = this.moves;
    for (const seat of this.seats) {
      const wanted = this.panel(seat).kind !== 'wait';
      if (!wanted && !this.lampsLit.has(seat)) continue;
      if (wanted) this.lampsLit.add(seat);
      else this.lampsLit.delete(seat);
      this.out.commands.push({ type: 'setLamp', seat, lamp: 'turn', on: wanted });
    }
  }

  /**
   * A rebooted table's lamps went dark: the dealer and riichi lamps of the hand in play are lit again (the turn
   * lamps follow in refreshLamps, the moves having moved). The seats read the dealer lamp.
   */
  private relightLamps(): void {
    const hand = this.hand();
    if (hand === null) return;
    const dealer = this.seats[hand.progress.dealer]!;
    for (const seat of this.seats)
      this.out.commands.push({ type: 'setLamp', seat, lamp: 'dealer', on: seat === dealer });
    this.seats.forEach((seat, i) => {
      if (hand.riichi[i] !== 'none')
        this.out.commands.push({ type: 'setLamp', seat, lamp: 'riichi', on: true });
    });
  }

  protected override dealerToDeal(): Seat | null {
    const hand = this.hand();
    return hand === null || hand.phase.kind !== 'dealing' ? null : this.seats[hand.progress.dealer]!;
  }

  private playerOf(seat: Seat): RiichiSeat | null {
    const index = this.seats.indexOf(seat);
    return index < 0 ? null : (index as RiichiSeat);
  }
}
