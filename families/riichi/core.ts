// The riichi-family host core: table session + riichi game machines driven by logged source events, deterministic for a log.
import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import { ok } from '../../rules/result.js';
import type { RuleOptions } from '../../rules/options.js';
import { finalStandings } from '../../rules/game-flow.js';
import type { Seat as RiichiSeat } from '../../rules/payments.js';
import { NORTH, tileKind, type Tile } from '../../rules/tiles.js';
import type { RiichiEvent, RiichiInput, RiichiOutcome } from './machines/events.js';
import { riichiGameMachine } from './machines/game.js';
import {
  claimWindow,
  legalClaims,
  legalTurnActions,
  newHand,
  seatView,
  type HandModel,
} from './machines/model.js';
import type { Deadlines } from './machines/setup.js';
import type {
  ClaimOffer,
  LegalClaims,
  LegalTurnActions,
  RiichiSeatView,
} from './machines/seat-view.js';
import { drawInputFor } from './machines/table-inputs.js';
import {
  TABLE_MODE_SPECS,
  withoutTableOnlyTiles,
  type Seat,
  type TableEvent,
  type TableFeature,
  type TableSnapshot,
} from '../../table/table-events.js';
import type { PreparedHand, TableSessionEmitted } from '../../machines/table-session.js';
import type { HostResult } from '../../host/errors.js';
import type { HostEvent, SourceEvent } from '../../host/session/log-events.js';
import { replayMissedInputs } from './reconcile.js';
import { logicalWall } from './wall-order.js';
import { TableCore } from '../../host/session/table-core.js';
import type { HandToVoid, StepOutput } from '../../host/session/variant-core.js';

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

/** A call a seat announced with its button; the meld itself is laid once the table grants it the tile. */
export type CallIntent = 'chi' | 'pon' | 'kan';

/**
 * What a seat's panel shows its player (an automatic table lights the buttons that apply): the seat's own view
 * and what the hand waits for from it. `key` changes whenever the hand moves on, so a player (a seat driver)
 * acts once per key, never twice on the same moment.
 * A question answered with a button (a claim, agari-yame) also names the `decision`, which stays the same while
 * other seats move (their calls change the key), and `asked`, how many times the host has asked again since a
 * table reboot may have lost the answers in flight (riichi-seat-driver.ts presses once per decision and asks).
 */
export type RiichiPanel =
  | { readonly kind: 'wait'; readonly key: string }
  /**
   * `replacement`: the tile comes from the dead wall (after the seat's kan or North), not the live wall. `holding`:
   * the tiles the seat holds before this draw (a meld counts 3): 13 in play, fewer during the deal. A player holding
   * more has taken this tile already: after a table reboot the panel can ask again before the host hears the draw.
   */
  | { readonly kind: 'draw'; readonly key: string; readonly replacement: boolean; readonly holding: number }
  | {
      readonly kind: 'turn';
      readonly key: string;
      readonly view: RiichiSeatView;
      readonly legal: LegalTurnActions;
    }
  | {
      readonly kind: 'claim';
      readonly key: string;
      readonly view: RiichiSeatView;
      readonly offer: ClaimOffer;
      readonly legal: LegalClaims;
      readonly decision: string;
      readonly asked: number;
    }
  /**
   * The seat's announced call won the tile: it lays the meld now (with the claimed discard). `claimFrom` is the
   * table seat the tile is claimed from (`offer.from` is the machine's seat: they differ in Tenpai Race).
   */
  | {
      readonly kind: 'granted';
      readonly key: string;
      readonly call: CallIntent;
      readonly offer: ClaimOffer;
      readonly claimFrom: Seat;
    }
  /**
   * Agari-yame (`askAgariYame`): the dealer may end the game now. `points` after the hand, by machine seat;
   * `dealer` is the machine's seat (this seat). Answered with `confirm` (stop) or `pass` (play on).
   */
  | {
      readonly kind: 'agariYame';
      readonly key: string;
      readonly points: readonly number[];
      readonly dealer: RiichiSeat;
      readonly decision: string;
      readonly asked: number;
    };

/** The claim window the call intents belong to (its offer and the hand's move count when it opened). */
interface Calls {
  readonly window: string;
  readonly intents: Map<RiichiSeat, CallIntent>;
  granted: RiichiSeat | null;
  /** The table decided between the announced calls (granted one, or a ron beat them all). */
  decided: boolean;
}

/**
 * Protocol 2 features the riichi family uses when the table has them (PROTOCOL.md §16): replacement draws told by
 * their reason, kan dora flips, every ura turned, and the riichi discard in the snapshot. None is required: a
 * revision 1.2 table plays kans with plain draws told apart by position (§9.1).
 */
const RIICHI_TABLE_FEATURES: readonly TableFeature[] = ['replacementDraws', 'kanDora', 'allUra', 'riichiDiscards'];

// A chombo (tournament) ends the hand too: it is replayed, so the next hand is requested as after any other end.
const HAND_END = new Set(['hand.won', 'hand.exhaustiveDraw', 'hand.abortiveDraw', 'hand.chombo']);
const RANK: Record<CallIntent, number> = { kan: 2, pon: 2, chi: 1 };

/**
 * The riichi family's core, on the design of MinefieldCore (minefield-core.ts): both machines run on one
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
export class RiichiCore extends TableCore<RiichiEvent> {
  private game: Actor<typeof riichiGameMachine> | null = null;
  private readonly seats: readonly Seat[];
  private handPending = false;
  private handEnded = false;
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
  /**
   * The table's kan dora indicators this hand (PROTOCOL.md FLIP_DORA, revision 1.2): how many it shows, whether a
   * flip is under way (one at a time, so it is never refused as busy), and whether the table refused one (a table
   * before revision 1.2: the hand goes on from the wall model, which knows the indicators anyway).
   */
  private kanDora = { shown: 0, asked: false, refused: false };
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
    super(options.startAtMs, {
      mode: options.mode,
      stageTimeoutMs: options.stageTimeoutMs ?? 5000,
      ...(options.requiredFeatures === undefined ? {} : { requiredFeatures: options.requiredFeatures }),
      wantedFeatures: RIICHI_TABLE_FEATURES,
    });
    this.seats = options.seats ?? TABLE_MODE_SPECS[options.mode].seats;
    if (this.seats.some((seat) => !TABLE_MODE_SPECS[options.mode].seats.includes(seat)))
      throw new Error(`${options.mode} has no table seat among ${this.seats.join(', ')}`);
    if (this.seats.length !== options.rules.players)
      throw new Error(
        `${options.mode} seats ${this.seats.length} players, the rules ${options.rules.players}`,
      );
  }

  /** Applies one source event (already in the log as `seq`); returns what it caused. */
  step(seq: number, atMs: number, event: SourceEvent): StepOutput<RiichiEvent> {
    this.beginStep(seq, atMs, event);
    this.afterGameMoved();
    this.settle();
    if (event.type === 'link.stats') return this.out;
    if (event.type.startsWith('host.') || event.type.startsWith('operator.'))
      this.onHostEvent(event as HostEvent);
    // The riichi sets have no table-only tiles: one is a misread, read as a tile the sensors could not read.
    else this.onTableEvent(withoutTableOnlyTiles(event as TableEvent));
    this.settle();
    this.refreshLamps();
    this.flipKanDora();
    return this.out;
  }

  wantsGame(): boolean {
    if (this.ended || this.paused || !this.ready || this.outOfService) return false;
    return this.game === null || this.game.getSnapshot().status === 'done' || this.gameCut;
  }

  /** The running game machine's snapshot (tests check the hand's invariants on it). */
  gameSnapshot() {
    return this.game?.getSnapshot() ?? null;
  }

  handToVoid(): HandToVoid | null {
    const hand = this.hand();
    if (hand === null || hand.phase.kind === 'dealing' || hand.phase.kind === 'over') return null;
    // A riichi hand has no ante; host.handVoided's `ante` is 0 (the honba and sticks stay in the progress).
    return { game: this.gamesRequested, hand: this.handsDealt, dealer: hand.progress.dealer, ante: 0 };
  }

  checkCorrection(eventSeq: number, tiles: readonly Tile[]): HostResult<void> {
    const sensed = this.sensedFor(eventSeq, tiles, () => 1);
    return sensed.ok ? ok(undefined) : sensed;
  }

  stop(): void {
    this.session.stop();
    this.game?.stop();
  }

  /** What seat `seat`'s panel shows now (see RiichiPanel). */
  panel(seat: Seat): RiichiPanel {
    const hand = this.hand();
    const key = `${this.gamesRequested}:${this.handsDealt}:${this.moves}`;
    if (hand === null || this.paused || this.ended) return { kind: 'wait', key };
    // The machine's seat at this table seat (Tenpai Race plays table seats 0 and 2 as its seats 0 and 1).
    const s = this.playerOf(seat);
    if (s === null) return { kind: 'wait', key };
    if (this.game!.getSnapshot().value === 'askingAgariYame')
      return s === hand.progress.dealer
        ? {
            kind: 'agariYame',
            key: `${key}:agariYame`,
            points: hand.points,
            dealer: s,
            decision: `${this.gamesRequested}:${this.handsDealt}:agariYame`,
            asked: this.askedAgain,
          }
        : { kind: 'wait', key };
    const phase = hand.phase;
    if (phase.kind !== 'dealing' && this.dealTaken < this.dealSize())
      return this.dealSeat(hand, this.dealTaken) === s
        ? { kind: 'draw', key, replacement: false, holding: this.dealtTo(hand, s) }
        : { kind: 'wait', key };
    if (phase.kind === 'drawing' && phase.seat === s)
      return { kind: 'draw', key, replacement: phase.replacement, holding: 13 };
    if (phase.kind === 'turn' && phase.seat === s)
      return { kind: 'turn', key, view: seatView(hand, s), legal: legalTurnActions(hand, s) };
    if (phase.kind === 'claiming') {
      const window = claimWindow(hand)!;
      const offer = { tile: window.offer.tile, from: window.offer.from, addedKan: window.offer.addedKan };
      const calls = this.callsFor(hand);
      if (calls.granted === s)
        return {
          kind: 'granted',
          key,
          call: calls.intents.get(s)!,
          offer,
          claimFrom: this.seats[window.offer.from]!,
        };
      if (window.eligible.includes(s) && window.responses[s] === null && !calls.intents.has(s))
        return {
          kind: 'claim',
          key,
          view: seatView(hand, s),
          offer,
          legal: legalClaims(hand, s, window.offer),
          decision: `${this.gamesRequested}:${calls.window}`,
          asked: this.askedAgain,
        };
    }
    return { kind: 'wait', key };
  }

  // ---------------------------------------------------------------------------------------------

  private hand(): HandModel | null {
    const snapshot = this.game?.getSnapshot();
    return snapshot === undefined || snapshot.status !== 'active' ? null : snapshot.context.hand;
  }

  private onHostEvent(event: HostEvent): void {
    switch (event.type) {
      case 'host.gameRequested':
        this.startGame(event.game, event.firstDealer as RiichiSeat);
        return;
      case 'host.sessionOpened':
        this.simulator = event.target.kind === 'simulator';
        return;
      case 'host.restarted':
        // The built-in simulator died with the old process: the new one is another table, set up from scratch.
        if (this.simulator) this.replaceTable();
        return;
      case 'host.handVoided':
        this.voidHand(event.hand);
        return;
      case 'host.linkSession':
        return;
      case 'host.sessionEnded':
        // A game still in play is closed as it stands, never left open (issue 12).
        this.cutGame('sessionEnded');
        this.ended = true;
        this.session.send({ type: 'operator.stopRequested' });
        return;
      // A stage command the table refused is cleared as a fault (table-session.ts commandRefused).
      case 'operator.faultCleared':
      case 'operator.refusalCleared':
        this.session.send({ type: 'operator.faultCleared' });
        return;
      case 'operator.paused':
        this.paused = true;
        return;
      case 'operator.resumed':
        this.paused = false;
        this.requestHand();
        return;
      case 'operator.correction': {
        const sensed = this.sensed.get(event.eventSeq);
        if (sensed === undefined) return;
        const tile = event.tiles[0]!;
        // A read the game took as it is, confirmed: nothing to feed again.
        if (sensed.taken && sensed.tiles[0] === tile) return;
        const seat = sensed.seat as RiichiSeat;
        const from = this.out.derived.length;
        if (sensed.kind === 'draw') this.toGame({ type: 'seat.drew', seat, tile });
        else
          this.toGame({
            type: 'seat.discarded',
            seat,
            tile,
            riichi: this.riichiPressed.delete(seat),
          });
        this.settleCorrection(sensed, event.tiles, from);
        return;
      }
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

  private onTableEvent(event: TableEvent): void {
    if (event.type === 'table.hello') this.bootId = event.bootId;
    if (event.type === 'link.rebooted') this.bootId = event.bootId;
    this.session.send(event);
    this.trackKanDora(event);
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
        if (hand.phase.kind !== 'dealing' && this.dealTaken < this.dealSize()) {
          // The players take the deal the machine already made from the logical wall (riichi.md 3.3).
          this.dealTaken++;
          this.moves++;
          return;
        }
        const read = this.sense({ kind: 'draw', seat, tableSeat: event.seat, tiles: [event.tile] }, false);
        // The walls were read when they were built: a draw the sensor missed is the tile the wall model expects.
        const expected = drawInputFor(hand);
        const tile =
          event.tile ?? (expected?.type === 'seat.drew' && expected.seat === seat ? expected.tile : null);
        if (tile === null) return;
        const from = this.out.derived.length;
        this.toGame({ type: 'seat.drew', seat, tile });
        read.taken = !this.refusedSince(from);
        return;
      }
      case 'table.replacementDrawn': {
        // Protocol 2 (PROTOCOL.md §16.2): a replacement told by its reason, not only by its position. It is taken
        // only when the hand waits for that seat's replacement (after its kan or North); otherwise the seat took a
        // dead-wall tile out of turn and the machine hears nothing (the next snapshot shows what lies where).
        const seat = this.playerOf(event.seat);
        if (seat === null || event.reason === 'bonus') return;
        const read = this.sense({ kind: 'draw', seat, tableSeat: event.seat, tiles: [event.tile] }, false);
        if (hand.phase.kind !== 'drawing' || hand.phase.seat !== seat || !hand.phase.replacement) {
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
        if (tile === null) return;
        const from = this.out.derived.length;
        this.toGame({ type: 'seat.drew', seat, tile });
        read.taken = !this.refusedSince(from);
        return;
      }
      case 'table.tileDiscarded': {
        const seat = this.playerOf(event.seat);
        if (seat === null) return;
        const read = this.sense({ kind: 'discard', seat, tableSeat: event.seat, tiles: [event.tile] }, false);
        if (event.tile === null) return;
        const from = this.out.derived.length;
        this.toGame({
          type: 'seat.discarded',
          seat,
          tile: event.tile,
          riichi: this.riichiPressed.delete(seat),
        });
        read.taken = !this.refusedSince(from);
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

  /**
   * Tiles taken from the walls that the host never heard of (a rebooted table lost their events), from the
   * snapshot's standing walls: taken on the table = the set − the indicators turned − the tiles standing; known to the
   * host = what the machine took from its wall (its deal, draws and replacements: the set − 14 − the live wall) less
   * the deal tiles the players have not taken yet. Example (standard4, deal done, 10 draws): 136 − 1 − 72 = 63 on the
   * table, 136 − 14 − 59 = 63 known: none missed. Null before the hand's indicator is up.
   */
  private missedTiles(hand: HandModel, snapshot: TableSnapshot): number | null {
    if (hand.phase.kind === 'dealing' || hand.phase.kind === 'over' || snapshot.dora === null) return null;
    const tileSet = TABLE_MODE_SPECS[this.options.mode].tileSet;
    const standing = snapshot.wallRemaining.reduce((a, b) => a + b, 0);
    const onTable = tileSet - 1 - (snapshot.kanDora?.length ?? 0) - standing;
    const known = tileSet - 14 - hand.live.length - (this.dealSize() - this.dealTaken);
    return onTable - known;
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
    const missed = this.missedTiles(hand, snapshot);
    if (missed === null || missed <= 0 || this.dealTaken >= this.dealSize()) return;
    this.dealTaken = Math.min(this.dealSize(), this.dealTaken + missed);
    this.moves++;
  }

  /**
   * After the ponds are replayed (riichi-reconcile.ts): one tile still missed while the hand waits for a seat's draw
   * is that draw, not yet discarded (the wall model names the tile). Asked for again, the seat would take a second.
   */
  private resyncDraw(snapshot: TableSnapshot): void {
    const hand = this.hand();
    if (hand === null || hand.phase.kind !== 'drawing') return;
    if (this.missedTiles(hand, snapshot) !== 1) return;
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
    const window = claimWindow(hand);
    if (window !== null) {
      const at = tiles.indexOf(window.offer.tile);
      if (at < 0) return;
      const own = tiles.filter((_, i) => i !== at);
      if (own.length === 3) return this.toGame({ type: 'seat.openKanDeclared', seat, tiles: own });
      if (own.length !== 2) return;
      const same =
        tileKind(own[0]!) === tileKind(own[1]!) && tileKind(own[0]!) === tileKind(window.offer.tile);
      this.toGame(
        same
          ? { type: 'seat.ponDeclared', seat, tiles: own }
          : { type: 'seat.chiDeclared', seat, tiles: own },
      );
      return;
    }
    if (hand.phase.kind !== 'turn' || hand.phase.seat !== seat) return;
    if (tiles.length === 4 && tiles.every((t) => tileKind(t) === tileKind(tiles[0]!)))
      return this.toGame({ type: 'seat.closedKanDeclared', seat, tile: tiles[0]! });
    if (tiles.length !== 1) return;
    if (this.options.mode === 'sanma3' && tileKind(tiles[0]!) === NORTH)
      return this.toGame({ type: 'seat.northDeclared', seat });
    this.toGame({ type: 'seat.addedKanDeclared', seat, tile: tiles[0]! });
  }

  /**
   * What the table says about its kan dora indicators: a flip asked for is done (DORA_FLIPPED), refused, or
   * abandoned (a fault at the dora stage, a reboot: the link drops queued commands); a snapshot says how many show.
   */
  private trackKanDora(event: TableEvent): void {
    const k = this.kanDora;
    switch (event.type) {
      case 'table.doraFlipped':
        // The hand's first indicator arrives while nothing was asked (buildWall has just reset the count).
        if (k.asked) k.shown++;
        k.asked = false;
        return;
      case 'table.commandRejected':
        if (event.command !== 'flipDora' || !k.asked) return;
        k.asked = false;
        // busy and faultLatched pass; anything else is a table that cannot flip kan dora (before revision 1.2).
        if (event.code !== 'busy' && event.code !== 'faultLatched') k.refused = true;
        return;
      case 'table.fault':
        if (event.fault.stage === 'dora') k.asked = false;
        return;
      case 'link.rebooted':
        k.asked = false;
        return;
      case 'table.state':
        k.shown = event.snapshot.kanDora?.length ?? 0;
        return;
      default:
    }
  }

  /**
   * Asks the table to turn the next kan dora indicator while it shows fewer than the hand has revealed (the
   * machine reveals each at its moment, riichi.md 3.5; the table's copy follows), one flip at a time.
   */
  private flipKanDora(): void {
    const hand = this.hand();
    const k = this.kanDora;
    if (hand === null || k.asked || k.refused || this.fault !== null) return;
    if (hand.phase.kind === 'dealing' || hand.phase.kind === 'over') return;
    if (!this.session.getSnapshot().matches({ operating: 'playing' })) return;
    if (k.shown >= hand.indicatorsShown - 1) return;
    k.asked = true;
    this.out.commands.push({ type: 'flipDora' });
  }

  /** The call intents of the hand's current claim window (a new window starts with none). */
  private callsFor(hand: HandModel): Calls {
    const window = claimWindow(hand)!;
    const id = `${this.handsDealt}:${window.offer.from}:${window.offer.kind}:${hand.discardCount.join(',')}:${hand.kanOwners.length}`;
    if (this.calls === null || this.calls.window !== id)
      this.calls = { window: id, intents: new Map(), granted: null, decided: false };
    return this.calls;
  }

  /**
   * A call button in a claim window. When every seat still to answer has announced a call, the table grants
   * the tile: a ron already declared beats them all (they pass), else pon or kan beats chi (riichi.md 4.3); the
   * losers pass (a call given up leaves no furiten), and the winner lays its meld.
   */
  private announceCall(hand: HandModel, seat: RiichiSeat, call: CallIntent): void {
    const window = claimWindow(hand);
    if (window === null || !window.eligible.includes(seat) || window.responses[seat] !== null) return;
    const legal = legalClaims(hand, seat, window.offer);
    const possible =
      call === 'chi'
        ? legal.chi.length > 0
        : call === 'pon'
          ? legal.pon.length > 0
          : legal.openKan.length > 0;
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
    if (calls.decided || calls.intents.size === 0) return;
    const open = window.eligible.filter((s) => window.responses[s] === null);
    if (!open.every((s) => calls.intents.has(s))) return;
    const ron = window.responses.some((r) => r?.type === 'ron');
    let best: RiichiSeat | null = null;
    if (!ron)
      for (const [seat, call] of calls.intents)
        if (best === null || RANK[call] > RANK[calls.intents.get(best)!]) best = seat;
    calls.granted = best;
    calls.decided = true;
    this.moves++;
    const losers = [...calls.intents.keys()].filter((s) => s !== best);
    for (const seat of losers) this.toGame({ type: 'seat.passed', seat });
  }

  protected onSessionEmitted(emitted: TableSessionEmitted): void {
    switch (emitted.type) {
      case 'session.commandIssued':
        this.out.commands.push(emitted.command);
        return;
      case 'session.ready':
        this.ready = true;
        this.requestHand();
        return;
      case 'session.resumed':
        this.fault = null;
        this.requestHand();
        return;
      case 'session.handReady':
        this.buildWall(emitted.hand);
        return;
      case 'session.faulted':
        this.fault = emitted.fault;
        return;
      case 'session.outOfService':
        this.outOfService = emitted.fault;
        return;
      default:
    }
  }

  /** The prepared hand's walls and dice in the logical order of riichi.md 3.2: the machine deals from it. */
  private buildWall(prepared: PreparedHand): void {
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
    this.kanDora = { shown: 0, asked: false, refused: false };
    this.sendToGame({ type: 'hand.wallBuilt', live: wall.value.live, dead: wall.value.dead });
  }

  private startGame(number: number, firstDealer: RiichiSeat): void {
    this.game?.stop();
    this.gamesRequested = number;
    this.handsDealt = 0;
    this.handsEnded = 0;
    this.gameCut = false;
    this.resetHand();
    this.runGame(firstDealer < this.seats.length ? firstDealer : 0);
    this.afterGameMoved();
    this.requestHand();
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
    this.follow(game);
    this.game = game;
    game.start();
  }

  /** The game machine's outcomes become derived events; lamps, displays and the buzzer follow them. */
  private follow(game: Actor<typeof riichiGameMachine>): void {
    game.on('*', (event) => {
      const outcome = event as RiichiOutcome;
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
    });
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

  /** A new table in place of one that is gone (the built-in simulator after a host restart). */
  private replaceTable(): void {
    this.session.stop();
    this.session = this.newSession();
    this.ready = false;
    this.fault = null;
    this.outOfService = null;
    this.handPending = false;
    this.lampsLit.clear();
    this.lampMoves = -1;
  }

  /**
   * Voids the hand in play (host.handVoided): the game goes back to the start of that hand with the progress it
   * had then (no stick of a voided hand is kept: points come from the progress), and `hand.started` is derived
   * again. A void is not a draw: no honba is added, the dealer stays.
   */
  private voidHand(hand: number): void {
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
    const p = context.progress;
    this.out.derived.push({
      type: 'hand.started',
      roundWind: p.roundWind,
      handNumber: p.handNumber,
      dealer: p.dealer,
      honba: p.honba,
      deposits: p.deposits,
      points: [...p.points],
    });
    this.afterGameMoved();
    this.requestHand();
  }

  private resetHand(): void {
    this.dealTaken = this.dealSize();
    this.handPending = false;
    this.handEnded = false;
    this.agariYameAsked = false;
    this.riichiPressed.clear();
    this.calls = null;
    this.sensed.clear();
  }

  /** Runs the follow-ups of a finished hand (flagged by the machine's events). */
  private settle(): void {
    while (this.handEnded) {
      this.handEnded = false;
      this.handPending = false;
      this.riichiPressed.clear();
      this.calls = null;
      this.sensed.clear();
      this.session.send({ type: 'session.handEnded' });
      for (const seat of this.seats)
        this.out.commands.push({ type: 'setLamp', seat, lamp: 'riichi', on: false });
      this.handsEnded++;
      // Agari-yame asked: the game goes on (or ends) once the dealer answered or the deadline passed.
      if (this.game?.getSnapshot().value === 'askingAgariYame') this.agariYameAsked = true;
      else this.afterHandConcluded();
    }
    if (this.agariYameAsked && this.game?.getSnapshot().value !== 'askingAgariYame') {
      this.agariYameAsked = false;
      this.afterHandConcluded();
    }
  }

  /** The game ended, was cut at `handsPerGame`, or goes on with the next hand. */
  private afterHandConcluded(): void {
    if (this.game?.getSnapshot().status === 'done') this.gamesFinished = this.gamesRequested;
    else if (this.handsEnded >= (this.options.handsPerGame ?? Infinity)) {
      this.cutGame('handLimit');
      this.gamesFinished = this.gamesRequested;
    } else this.requestHand();
  }

  /**
   * Closes a game its rules did not end: cut at `handsPerGame`, or by the session ending mid-game. `game.ended` is
   * derived with the points as the last finished hand left them (a hand in play counts for nothing) and the
   * places and leftover sticks as at any game end (riichi.md 17.4-17.5), so the records, standings and exports
   * close it like any other game.
   */
  private cutGame(reason: 'handLimit' | 'sessionEnded'): void {
    const game = this.game?.getSnapshot();
    if (game === undefined || game.status === 'done' || this.gameCut) return;
    this.gameCut = true;
    const progress = game.context.progress;
    const standings = finalStandings(
      progress.points,
      progress.deposits,
      progress.firstDealer,
      this.options.rules.leftoverDeposits,
    );
    this.out.derived.push({
      type: 'game.ended',
      points: standings.ranking
        .slice()
        .sort((a, b) => a.seat - b.seat)
        .map((s) => s.points),
      ranking: standings.ranking.map((s) => s.seat),
      reason,
      leftoverDeposits: progress.deposits,
      handsPlayed: progress.handsPlayed,
    });
  }

  private toGame(input: RiichiInput): void {
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

  private requestHand(): void {
    if (this.paused || this.ended || this.handPending) return;
    const hand = this.hand();
    if (hand === null || hand.phase.kind !== 'dealing') return;
    if (!this.session.getSnapshot().matches({ operating: 'ready' })) return;
    this.handPending = true;
    // The dealer lamp goes first: the table breaks the wall from the dealer's dice (PROTOCOL.md 8).
    const dealer = this.seats[hand.progress.dealer]!;
    for (const seat of this.seats)
      this.out.commands.push({ type: 'setLamp', seat, lamp: 'dealer', on: seat === dealer });
    this.session.send({ type: 'session.handRequested' });
  }

  /** Tiles taken from the wall for the deal: 13 per seat and the dealer's 14th (his first draw). */
  private dealSize(): number {
    return 13 * this.seats.length + 1;
  }

  /**
   * Who takes the next deal tile (riichi.md 3.3): from the dealer round the table, 4 tiles three times, then 1
   * each, then the dealer's 14th.
   */
  private dealSeat(hand: HandModel, i: number): RiichiSeat {
    const n = this.seats.length;
    const offset = i < 12 * n ? Math.floor(i / 4) % n : i < 13 * n ? i - 12 * n : 0;
    return ((hand.progress.dealer + offset) % n) as RiichiSeat;
  }

  /** The deal tiles a seat has taken so far (as the host heard them). */
  private dealtTo(hand: HandModel, seat: RiichiSeat): number {
    let dealt = 0;
    for (let i = 0; i < this.dealTaken; i++) if (this.dealSeat(hand, i) === seat) dealt++;
    return dealt;
  }

  private playerOf(seat: Seat): RiichiSeat | null {
    const index = this.seats.indexOf(seat);
    return index < 0 ? null : (index as RiichiSeat);
  }
}
