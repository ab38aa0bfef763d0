// Minefield bot games played through the table: simulated firmware + seat drivers ↔ link ↔ session and game machines.
import { createActor, type Actor } from 'xstate';
import { Link } from '../../hardware/link.js';
import type { Transport } from '../../hardware/transport.js';
import { TableFirmware } from '../../hardware/simulator/firmware.js';
import { NO_FAULTS, type FaultSpec } from '../../hardware/simulator/faults.js';
import { KIND_COUNT, type Tile } from '../../rules/tiles.js';
import { createMinefieldBot } from './bots/minefield-bot.js';
import type { MinefieldEvent, MinefieldInput, MinefieldLimit, MinefieldSeat } from './machines/events.js';
import { minefieldGameMachine } from './machines/game.js';
import { removeTiles } from './machines/model.js';
import { phaseOf } from './machines/public-view.js';
import type { GameRecord } from './machines/simulation.js';
import { createRng, deriveSeed } from '../../table/rng.js';
import type { Seat, SensedTile, TableEvent, TableSnapshot } from '../../table/table-events.js';
import { tableSessionMachine } from '../../machines/table-session.js';
import { minefieldSeatDriver } from './seat-driver.js';

/** Minefield players sit at table seats 0 and 2 (TABLE_MODE_SPECS.minefield2). */
const TABLE_SEAT: Record<MinefieldSeat, Seat> = { 0: 0, 1: 2 };
const PLAYER_OF = (seat: Seat): MinefieldSeat | null => (seat === 0 ? 0 : seat === 2 ? 1 : null);

export interface TableRunOptions {
  readonly games: number;
  readonly seed: number;
  /** The host end of the link (a PTY, a serial port, or an in-process pair). */
  readonly hostTransport: Transport;
  /** The table end, where the simulated firmware runs with the bots as seat drivers. */
  readonly tableTransport: Transport;
  readonly motorMs?: number;
  readonly faults?: FaultSpec;
  readonly maxHands?: number;
  readonly onEvent?: (event: MinefieldEvent) => void;
  /** Every event the host hears from the table, as the link delivers it (diagnostics, tests). */
  readonly onTableEvent?: (event: TableEvent) => void;
  /** Reject if the run has not finished by then. */
  readonly timeoutMs?: number;
  /** Reject, saying where things stand, if no game event happens for this long (default 30 s). */
  readonly stallMs?: number;
}

/** How long the turn lamp stays dark when it is lit afresh after a reboot. */
const RELIGHT_MS = 50;

const LIMIT_NAMES: readonly MinefieldLimit[] = ['mangan', 'haneman', 'baiman', 'sanbaiman', 'kazoe yakuman', 'yakuman'];

/**
 * Plays `games` games of two Minefield bots at the simulated table. The host side is the production
 * path: TableEvents from the link drive the table session machine, whose emitted commands go back over
 * the link; the table's sensed hands, discards and buttons become Minefield inputs. The simulated operator
 * clears recoverable faults at once. Resolves with one record per game.
 */
export async function playMinefieldAtTable(options: TableRunOptions): Promise<GameRecord[]> {
  const drivers = {
    0: minefieldSeatDriver(createMinefieldBot({ seed: deriveSeed(options.seed, 101) }), 0, 2),
    2: minefieldSeatDriver(createMinefieldBot({ seed: deriveSeed(options.seed, 102) }), 2, 0),
  };
  const firmware = new TableFirmware(options.tableTransport, {
    seed: options.seed,
    reds: false,
    motorMs: options.motorMs ?? 2,
    idleReportMs: 0,
    thinkMs: 0,
    drivers,
    faults: options.faults ?? NO_FAULTS,
  });
  const link = new Link(options.hostTransport);
  const session = createActor(tableSessionMachine, { input: { mode: 'minefield2', stageTimeoutMs: 1000 } });
  const records: GameRecord[] = [];
  const rng = createRng(options.seed);

  return new Promise<GameRecord[]>((resolve, reject) => {
    let finished = false;
    let game: Actor<typeof minefieldGameMachine> | null = null;
    let gameNumber = -1;
    let firstDealer: MinefieldSeat = 0;
    let queued: MinefieldInput[] = [];
    let tally = { wins: Object.fromEntries(LIMIT_NAMES.map((l) => [l, 0])) as Record<MinefieldLimit, number>, draws: 0, refusals: 0 };
    let handPending = false;
    let prepared: { walls: readonly (readonly (Tile | null)[])[]; indicator: Tile } | null = null;
    /** The table's walls are this hand's (from its handReady to its end): what it senses belongs to this hand. */
    let tableHandCurrent = false;
    /** A reboot's snapshot is awaited: events the table had not had acknowledged are gone with its queue. */
    let rebootPending = false;
    /** Claim buttons pressed between a reboot and its snapshot: they answer discards the snapshot brings back. */
    let heldPresses: MinefieldInput[] = [];
    /** Where the host and the table stand, for a run that stops moving. */
    const situation = (): string => {
      const snapshot = game?.getSnapshot();
      const hand = snapshot?.context.hand;
      const m = firmware.model;
      return [
        `session ${JSON.stringify(session.getSnapshot().value)}`,
        `game ${gameNumber + 1}/${options.games} hand ${snapshot?.context.handNumber ?? '-'} ${snapshot ? JSON.stringify(snapshot.value) : '-'}`,
        `machine discards ${hand ? `${hand.discards[0].length}/${hand.discards[1].length}` : '-'}, hands set ${hand ? `${hand.hands[0] !== null}/${hand.hands[1] !== null}` : '-'}, queued ${queued.length}`,
        `table ${m.phase}, discards ${m.discards[0]!.length}/${m.discards[2]!.length}, placed ${m.placed[0]!.length}/${m.placed[2]!.length}, fault ${m.fault?.code ?? 'none'}`,
      ].join('; ');
    };
    let lastProgressAt = performance.now();
    const timeout = setTimeout(() => fail(new Error(`table run: not finished after ${options.timeoutMs} ms (${records.length}/${options.games} games): ${situation()}`)), options.timeoutMs ?? 600_000);
    const watchdog = setInterval(() => {
      if (performance.now() - lastProgressAt > (options.stallMs ?? 30_000)) fail(new Error(`table run: nothing happened for ${options.stallMs ?? 30_000} ms: ${situation()}`));
    }, 1000);

    const fail = (error: Error): void => {
      if (finished) return;
      finished = true;
      void shutdown().then(() => reject(error));
    };
    const shutdown = async (): Promise<void> => {
      clearTimeout(timeout);
      clearInterval(watchdog);
      session.stop();
      game?.stop();
      await link.close();
      await firmware.stop();
    };

    const gameValue = () => game!.getSnapshot().value;
    /** Every input is logged just before the machine takes it, so a log reads input, then its outcomes. */
    let lampTurn: MinefieldSeat | null = null;
    const sendToGame = (input: MinefieldInput): void => {
      // A claim pressed again after the game's last hand: there is no game left to tell.
      if (game!.getSnapshot().status !== 'active') return;
      options.onEvent?.(input);
      game!.send(input);
      // The turn lamp follows the machine (players and seat drivers look at it).
      const snapshot = game!.getSnapshot();
      const phase = phaseOf(snapshot.value);
      const turn = phase === 'awaitingDiscard' || phase === 'lastClaim' ? snapshot.context.hand.turn : null;
      if (turn !== lampTurn) {
        lampTurn = turn;
        for (const player of [0, 1] as const) link.send({ type: 'setLamp', seat: TABLE_SEAT[player], lamp: 'turn', on: player === turn });
      }
    };
    /**
     * After a reboot the host lights the turn lamp afresh (a real table's lamps go dark when it reboots): dark,
     * then lit for the seat the hand waits on. A claim pressed just before the reboot may be lost with the
     * table's unacknowledged events; the lamp lit again tells its player (and a seat driver) to press again.
     */
    const relightTurnLamp = (): void => {
      if (game === null || game.getSnapshot().status !== 'active' || lampTurn === null) return;
      const player = lampTurn;
      link.send({ type: 'setLamp', seat: TABLE_SEAT[player], lamp: 'turn', on: false });
      // Lit again a moment later, so that the player sees the lamp go dark and come back.
      setTimeout(() => {
        if (!finished && lampTurn === player) link.send({ type: 'setLamp', seat: TABLE_SEAT[player], lamp: 'turn', on: true });
      }, RELIGHT_MS);
    };
    const inHandAwaitingWalls = () => game !== null && game.getSnapshot().status === 'active' && phaseOf(gameValue()) === 'walling';

    /** Lights the dealer lamps (the drivers read who deals from them) and asks the session for a hand. */
    const requestHand = (): void => {
      if (handPending || !inHandAwaitingWalls() || !session.getSnapshot().matches({ operating: 'ready' })) return;
      handPending = true;
      const dealer = game!.getSnapshot().context.dealer;
      for (const player of [0, 1] as const) link.send({ type: 'setLamp', seat: TABLE_SEAT[player], lamp: 'dealer', on: player === dealer });
      session.send({ type: 'session.handRequested' });
    };

    const startGame = (): void => {
      gameNumber++;
      if (gameNumber >= options.games) {
        finished = true;
        void shutdown().then(() => resolve(records));
        return;
      }
      firstDealer = rng.int(2) === 0 ? 0 : 1;
      tally = { wins: Object.fromEntries(LIMIT_NAMES.map((l) => [l, 0])) as Record<MinefieldLimit, number>, draws: 0, refusals: 0 };
      // A pass on the last discard lost in a table reboot must not hold the hand for long.
      game = createActor(minefieldGameMachine, { input: { firstDealer, deadlines: { lastClaimMs: 500 } } });
      game.on('*', (event) => {
        lastProgressAt = performance.now();
        options.onEvent?.(event);
        if (event.type === 'hand.won') tally.wins[event.limit]++;
        if (event.type === 'win.refused') tally.refusals++;
        if (event.type === 'hand.drawn') tally.draws++;
        if (event.type === 'hand.won' || event.type === 'hand.drawn') queueMicrotask(handEnded);
      });
      game.start();
      requestHand();
    };

    const handEnded = (): void => {
      handPending = false;
      tableHandCurrent = false;
      heldPresses = [];
      queued = [];
      session.send({ type: 'session.handEnded' });
      const snapshot = game!.getSnapshot();
      const tooLong = snapshot.context.handNumber > (options.maxHands ?? 10_000);
      if (snapshot.status === 'done' || tooLong) {
        records.push({
          seed: options.seed,
          firstDealer,
          hands: snapshot.context.handNumber - (snapshot.status === 'done' ? 0 : 1),
          wins: tally.wins,
          draws: tally.draws,
          refusals: tally.refusals,
          antePeak: snapshot.context.antePeak,
          points: snapshot.context.points,
          loser: snapshot.context.ended?.loser ?? null,
          reason: snapshot.context.ended?.reason ?? null,
        });
        game!.stop();
        startGame();
      } else requestHand();
    };

    const toGame = (input: MinefieldInput): void => {
      const phase = phaseOf(gameValue());
      // Hands may be placed before the under-dora is read: hold them until the hand is laid out. A claim
      // button between hands (a player pressing again) goes straight to the machine, which ignores it.
      const early = phase === 'walling' || phase === 'flippingDora';
      if (early && (input.type === 'seat.handSet' || input.type === 'seat.discarded')) queued.push(input);
      else sendToGame(input);
    };

    /** The under-dora is read: the hand is laid out (walls, dora) and the hands placed meanwhile go in. */
    const layOutHand = (ura: SensedTile): void => {
      if (!prepared || ura === null) return fail(new Error('table run: the under-dora could not be read'));
      const walls: [Tile[], Tile[]] = [prepared.walls[0] as Tile[], prepared.walls[2] as Tile[]];
      const set = Array.from({ length: 4 * KIND_COUNT }, (_, i) => (i >> 2) as Tile);
      sendToGame({ type: 'hand.wallsBuilt', walls, unused: removeTiles(set, [...walls[0], ...walls[1]])! });
      sendToGame({ type: 'hand.doraFlipped', indicator: prepared.indicator, underIndicator: ura });
      for (const input of queued.splice(0)) sendToGame(input);
      prepared = null;
    };

    /**
     * After a reconnect or a reboot the table's snapshot is the truth about this hand. STATE sits at an exact point
     * of the event stream, so whatever it shows that the host has not heard was lost with a rebooted table's queue:
     * the under-dora, a seat's placed hand (rebuilt from the tiles its sensors read; secret, so it goes only to the
     * machine) and discards, replayed in turn order (the dealer first, then alternately).
     */
    const reconcile = (snapshot: TableSnapshot, afterReboot: boolean): void => {
      if (!tableHandCurrent) return;
      if (prepared !== null) {
        if (snapshot.ura !== undefined && snapshot.ura !== null) layOutHand(snapshot.ura.indicator);
        // The reboot dropped the revealUra the table had not acknowledged: ask again.
        else if (afterReboot && snapshot.ura === null) link.send({ type: 'revealUra' });
        if (finished) return;
      }
      const phase = phaseOf(gameValue());
      if (phase !== 'walling' && phase !== 'flippingDora' && phase !== 'settingHands') return replayDiscards(snapshot);
      const hands = game!.getSnapshot().context.hand.hands;
      for (const player of [0, 1] as const) {
        const placed = snapshot.placedHands?.[TABLE_SEAT[player]] ?? [];
        const count = snapshot.handsPlaced[TABLE_SEAT[player]] ?? 0;
        if (count === 0 || (phase === 'settingHands' && hands[player] !== null) || queued.some((i) => i.type === 'seat.handSet' && i.seat === player)) continue;
        const tiles = placed.filter((t): t is Tile => t !== null);
        // A table that cannot read the placed tiles says only how many there are: then the hand must be entered
        // again (operator console), which a simulation cannot do.
        if (tiles.length !== count) return fail(new Error(`table run: seat ${TABLE_SEAT[player]}'s hand placement was lost and the table cannot read the placed tiles; it must be entered again`));
        toGame({ type: 'seat.handSet', seat: player, tiles, source: 'sensor' });
      }
      if (phase === 'settingHands') return replayDiscards(snapshot);
      // The hand is not laid out yet, so the held inputs wait: every discard held came before the snapshot, so
      // its ponds replace them, in turn order, after the hands.
      const dealer = game!.getSnapshot().context.dealer;
      const ponds = pondsOf(snapshot);
      const discards: MinefieldInput[] = [];
      for (let i = 0; ; i++) {
        const first = ponds[dealer][i];
        if (first === undefined || first === null) break;
        discards.push({ type: 'seat.discarded', seat: dealer, tile: first });
        const second = ponds[1 - dealer]![i];
        if (second === undefined || second === null) break;
        discards.push({ type: 'seat.discarded', seat: (1 - dealer) as MinefieldSeat, tile: second });
      }
      queued = [...queued.filter((i) => i.type !== 'seat.discarded'), ...discards];
    };

    const pondsOf = (snapshot: TableSnapshot) =>
      [snapshot.discards[TABLE_SEAT[0]] ?? [], snapshot.discards[TABLE_SEAT[1]] ?? []] as const;

    const replayDiscards = (snapshot: TableSnapshot): void => {
      const ponds = pondsOf(snapshot);
      for (;;) {
        if (finished || phaseOf(gameValue()) !== 'awaitingDiscard') return;
        const hand = game!.getSnapshot().context.hand;
        const seat = hand.turn;
        const tile = ponds[seat][hand.discards[seat].length];
        if (tile === undefined || tile === null) return;
        sendToGame({ type: 'seat.discarded', seat, tile });
      }
    };

    const onTableEvent = (event: TableEvent): void => {
      if (finished) return;
      options.onTableEvent?.(event);
      session.send(event);
      if (game === null) return;
      switch (event.type) {
        case 'link.rebooted':
          rebootPending = true;
          return;
        case 'table.state':
          // The session never repeats a stage command (a second shuffle would deal other walls): a completion
          // lost in a reboot is read from the snapshot instead. Walls are not in it, so a lost build still stalls.
          if (rebootPending) {
            const preparing = (stage: 'rollingDice' | 'flippingDora') => session.getSnapshot().matches({ operating: { preparing: stage } });
            const { dice, dora } = event.snapshot;
            if (preparing('rollingDice') && dice !== null) session.send({ type: 'table.diceRolled', dice });
            if (preparing('flippingDora') && dora !== null) session.send({ type: 'table.doraFlipped', indicator: dora.indicator });
          }
          reconcile(event.snapshot, rebootPending);
          for (const input of heldPresses.splice(0)) if (!finished) toGame(input);
          if (rebootPending && !finished) relightTurnLamp();
          rebootPending = false;
          return;
        case 'table.uraRevealed':
          return layOutHand(event.indicator);
        case 'table.handPlaced': {
          const seat = PLAYER_OF(event.seat);
          if (seat !== null) toGame({ type: 'seat.handSet', seat, tiles: event.tiles as Tile[], source: 'sensor' });
          return;
        }
        case 'table.tileDiscarded': {
          const seat = PLAYER_OF(event.seat);
          // Between a reboot and its snapshot, discards before this one may have been lost: the snapshot that
          // follows holds this one too, in its place in the pond.
          if (seat !== null && event.tile !== null && !rebootPending) toGame({ type: 'seat.discarded', seat, tile: event.tile });
          return;
        }
        case 'table.buttonPressed': {
          const seat = PLAYER_OF(event.seat);
          if (seat === null || (event.button !== 'ron' && event.button !== 'pass')) return;
          const input: MinefieldInput = event.button === 'ron' ? { type: 'seat.ronDeclared', seat } : { type: 'seat.passed', seat };
          if (rebootPending) heldPresses.push(input);
          else toGame(input);
          return;
        }
        default:
      }
    };

    session.on('session.commandIssued', ({ command }) => {
      if (!finished) link.send(command);
    });
    session.on('session.ready', () => {
      if (game === null) startGame();
      else requestHand();
    });
    session.on('session.resumed', () => requestHand());
    session.on('session.handReady', ({ hand }) => {
      if (hand.doraIndicator === null || hand.walls.some((w, seat) => (seat === 0 || seat === 2) && w.some((t) => t === null))) {
        return fail(new Error('table run: the table could not read the walls or the dora indicator'));
      }
      prepared = { walls: hand.walls, indicator: hand.doraIndicator };
      tableHandCurrent = true;
      // The under-dora is read now and kept secret by the machine (its public view never shows it).
      link.send({ type: 'revealUra' });
    });
    // The simulated operator clears every recoverable fault at once.
    session.on('session.faulted', () => queueMicrotask(() => session.send({ type: 'operator.faultCleared' })));
    session.on('session.commandRefused', ({ refusal }) =>
      fail(new Error(`table run: the table refused ${refusal.command} (${refusal.code}); at a club the operator looks and clears it, a simulated run stops: ${situation()}`)),
    );
    session.on('session.outOfService', ({ fault }) => fail(new Error(`table run: the table is out of service (${fault.code} during ${fault.stage})`)));
    session.on('session.unsupported', ({ modes }) => fail(new Error(`table run: the table does not play minefield2 (modes: ${modes.join(', ')})`)));

    link.subscribe(onTableEvent);
    session.start();
    firmware
      .start()
      .then(() => link.start())
      .catch((error: Error) => fail(error));
  });
}
