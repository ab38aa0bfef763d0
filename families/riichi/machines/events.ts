// The riichi-family event vocabulary (4-player riichi, Sanma): one tagged union for the log, the machine input, the screens and replay.
import { z } from 'zod';
import type { Seat } from '../../../rules/payments.js';
import { tileSchema } from '../../../machines/tile-schema.js';
import {
  CHOMBO_TRIGGERS,
  operatorChomboDeclaredSchema,
  operatorDeadHandDeclaredSchema,
  operatorStageBSettledSchema,
} from '../../../machines/operator-events.js';

export { tileSchema };
export type { Seat };
export { CHOMBO_TRIGGERS, operatorChomboDeclaredSchema, operatorDeadHandDeclaredSchema, operatorStageBSettledSchema };

/**
 * Seats are 0..players-1 counted from the first dealer's seat in turn order (rules/payments.ts `Seat`); the
 * dealer moves, the seats do not. Tiles travel as rules/ `Tile` numbers (kind 0..33, +64 for a red five).
 */
export const riichiSeatSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const tiles = z.array(tileSchema);
const points = z.array(z.number().int());
/** Wind 1 East, 2 South, 3 West, 4 North (rules/hand.ts `Wind`). */
const windSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** A declared meld as rules/hand.ts `Meld`, plus the seat the claimed tile came from (absent for a closed kan). */
export const meldSchema = z.object({
  type: z.enum(['chi', 'pon', 'minkan', 'ankan', 'kakan']),
  tiles,
  calledTile: tileSchema.optional(),
  addedTile: tileSchema.optional(),
  from: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  fromSeat: riichiSeatSchema.optional(),
});

/** Why an input was refused (it is ignored; the seat may act again). Stable: logs and screens key on them. */
export const RIICHI_REJECTION_CODES = [
  'not_your_turn',
  'wrong_phase',
  'wrong_tile',
  'not_in_hand',
  'kuikae',
  'riichi_locked',
  'riichi_not_allowed',
  'not_a_win',
  'no_yaku',
  'furiten',
  'call_not_allowed',
  'kan_not_allowed',
  'north_not_allowed',
  'nine_terminals_not_allowed',
  'already_responded',
  'dead_hand',
  'chombo_not_in_preset',
  // V6.2 item 1: the two riichi triggers need the seat's riichi in this hand; one chombo per seat per hand.
  'chombo_without_riichi',
  'chombo_already_pending',
  'stage_a_no_win',
  // Tenpai Race Stage B (variants.md V2.1 items 5-7; families/riichi/machines/tenpai-race.ts).
  'stage_b_not_in_variant',
  'stage_b_not_after_own_discard',
  'stage_b_not_tenpai',
  'stage_b_furiten',
  'stage_b_already_started',
  'stage_b_after_last_discard',
  'riichi_furiten',
  'stage_b_not_defender',
  'stage_b_bad_guess',
] as const;
export type RiichiRejectionCode = (typeof RIICHI_REJECTION_CODES)[number];

/** Why the table's wall for a hand was refused. */
export const SETUP_REJECTION_CODES = ['not_the_whole_set', 'wrong_wall_size', 'already_built'] as const;
export type SetupRejectionCode = (typeof SETUP_REJECTION_CODES)[number];

/** As rules/game-flow.ts names them; `fifthKan` = riichi.md 5.4 option `fifthKan: 'abort'`. */
export const ABORTIVE_DRAW_REASONS = [
  'nineTerminals',
  'fourWinds',
  'fourKans',
  'fourRiichi',
  'tripleRon',
  'fifthKan',
  // Tenpai Race Stage A (variants.md V2.1 item 4): 18 discards each, no payments, dealer stays, honba +1.
  'tenpaiRaceStageA',
] as const;
export type AbortiveDrawReason = (typeof ABORTIVE_DRAW_REASONS)[number];

/** Limit tiers as rules/points.ts names them. */
export const RIICHI_LIMITS = [
  'mangan',
  'haneman',
  'baiman',
  'sanbaiman',
  'kazoe yakuman',
  'yakuman',
] as const;

/** Furiten kinds (riichi.md 7.1, 7.2, 7.4). */
export const FURITEN_KINDS = ['discard', 'temporary', 'riichi'] as const;

// ---- inputs: what the table, the seats and the operator report ----

/**
 * The shuffled set in the logical order of riichi.md 3.2: `live` (122 tiles; Sanma 94) dealt and drawn from
 * the front, `dead` (14 tiles: replacements first, then indicator/ura pairs). SECRET.
 */
export const handWallBuiltSchema = z.object({
  type: z.literal('hand.wallBuilt'),
  live: tiles,
  dead: tiles.length(14),
});
/** The seat took its next tile (live wall, or the dead wall after a kan or a north). SECRET: the tile. */
export const seatDrewSchema = z.object({
  type: z.literal('seat.drew'),
  seat: riichiSeatSchema,
  tile: tileSchema,
});
/** A discard; `riichi` = the discard is turned sideways to declare riichi. */
export const seatDiscardedSchema = z.object({
  type: z.literal('seat.discarded'),
  seat: riichiSeatSchema,
  tile: tileSchema,
  riichi: z.boolean(),
});
/** Calls on the last discard, naming the tiles shown from the hand (2 for chi and pon, 3 for an open kan). */
export const seatChiDeclaredSchema = z.object({
  type: z.literal('seat.chiDeclared'),
  seat: riichiSeatSchema,
  tiles: tiles.length(2),
});
export const seatPonDeclaredSchema = z.object({
  type: z.literal('seat.ponDeclared'),
  seat: riichiSeatSchema,
  tiles: tiles.length(2),
});
export const seatOpenKanDeclaredSchema = z.object({
  type: z.literal('seat.openKanDeclared'),
  seat: riichiSeatSchema,
  tiles: tiles.length(3),
});
/** On the seat's own turn: a closed kan (any tile of the kind) or an added kan (the tile added to the pon). */
export const seatClosedKanDeclaredSchema = z.object({
  type: z.literal('seat.closedKanDeclared'),
  seat: riichiSeatSchema,
  tile: tileSchema,
});
export const seatAddedKanDeclaredSchema = z.object({
  type: z.literal('seat.addedKanDeclared'),
  seat: riichiSeatSchema,
  tile: tileSchema,
});
/** Sanma (V3.2): the seat sets a North aside and will draw a replacement. */
export const seatNorthDeclaredSchema = z.object({
  type: z.literal('seat.northDeclared'),
  seat: riichiSeatSchema,
});
export const seatTsumoDeclaredSchema = z.object({
  type: z.literal('seat.tsumoDeclared'),
  seat: riichiSeatSchema,
});
/** Ron on the tile on offer (a discard, an added kan's tile, a Sanma north). */
export const seatRonDeclaredSchema = z.object({
  type: z.literal('seat.ronDeclared'),
  seat: riichiSeatSchema,
});
/** The seat lets the tile on offer go. */
export const seatPassedSchema = z.object({ type: z.literal('seat.passed'), seat: riichiSeatSchema });
/** Nine terminals (riichi.md 10.2.1) on the seat's first draw. */
export const seatNineTerminalsDeclaredSchema = z.object({
  type: z.literal('seat.nineTerminalsDeclared'),
  seat: riichiSeatSchema,
});
/** Agari-yame `optional` (riichi.md 17.2): the dealer, asked after his win in the last hand, ends the game (`stop`) or plays on. */
export const seatAgariYameDecidedSchema = z.object({
  type: z.literal('seat.agariYameDecided'),
  seat: riichiSeatSchema,
  stop: z.boolean(),
});
/** Tenpai Race (V2.1 item 5): right after his own discard, a tenpai, non-furiten seat starts Stage B. */
export const seatStageBStartedSchema = z.object({
  type: z.literal('seat.stageBStarted'),
  seat: riichiSeatSchema,
});
const tileKindSchema = z.number().int().min(0).max(33);
/**
 * Tenpai Race Stage B prototype (V2.2 placeholder, option `tenpaiRaceStageB`): the defender names two distinct
 * kinds (rules/tiles.ts kinds 0..33).
 */
export const seatStageBGuessedSchema = z.object({
  type: z.literal('seat.stageBGuessed'),
  seat: riichiSeatSchema,
  kinds: z.tuple([tileKindSchema, tileKindSchema]),
});
// ---- outcomes: what the riichi machines emit ----

export const gameStartedSchema = z.object({
  type: z.literal('game.started'),
  /** 2: Tenpai Race (variants.md V2); 3: Sanma; 4: riichi, Mangan, Clear, tournament. */
  players: z.union([z.literal(2), z.literal(3), z.literal(4)]),
  firstDealer: riichiSeatSchema,
  points,
});
export const handStartedSchema = z.object({
  type: z.literal('hand.started'),
  roundWind: windSchema,
  /** 1..4 within the round (East 1 = 1); dealer repeats keep the number. */
  handNumber: z.number().int().positive(),
  dealer: riichiSeatSchema,
  honba: z.number().int().nonnegative(),
  /** Riichi sticks on the table at the start of the hand. */
  deposits: z.number().int().nonnegative(),
  points,
});
export const handSetupRejectedSchema = z.object({
  type: z.literal('hand.setupRejected'),
  code: z.enum(SETUP_REJECTION_CODES),
  message: z.string(),
});
/** The deal of riichi.md 3.3, per seat (dealer 14 tiles). SECRET. */
export const handDealtSchema = z.object({ type: z.literal('hand.dealt'), hands: z.array(tiles) });
/** An indicator turned face up (the first at the deal, then one per kan per riichi.md 3.5). */
export const doraRevealedSchema = z.object({ type: z.literal('hand.doraRevealed'), indicator: tileSchema });
export const riichiDeclaredSchema = z.object({
  type: z.literal('seat.riichiDeclared'),
  seat: riichiSeatSchema,
  tile: tileSchema,
  double: z.boolean(),
});
/** The declaration discard was not won on: the stick is paid (riichi.md 6.2). */
export const riichiAcceptedSchema = z.object({
  type: z.literal('seat.riichiAccepted'),
  seat: riichiSeatSchema,
  deposits: z.number().int().nonnegative(),
  points,
});
/** A meld laid on the table (chi, pon, open kan, closed kan, added kan after its chankan window). */
export const callMadeSchema = z.object({
  type: z.literal('seat.callMade'),
  seat: riichiSeatSchema,
  meld: meldSchema,
});
/** Sanma: a North set aside (after its robbing window); `count` = norths this seat has set aside. */
export const northSetAsideSchema = z.object({
  type: z.literal('seat.northSetAside'),
  seat: riichiSeatSchema,
  count: z.number().int().positive(),
});
export const actionRejectedSchema = z.object({
  type: z.literal('seat.actionRejected'),
  seat: riichiSeatSchema,
  /** The input type that was refused, e.g. `seat.ronDeclared`. */
  action: z.string(),
  code: z.enum(RIICHI_REJECTION_CODES),
  message: z.string(),
});
/** SECRET: the seat became furiten (riichi.md 7). Screens never get it. */
export const seatFuritenSchema = z.object({
  type: z.literal('seat.furiten'),
  seat: riichiSeatSchema,
  kind: z.enum(FURITEN_KINDS),
  tile: tileSchema,
});
export const winSchema = z.object({
  seat: riichiSeatSchema,
  /** The discarder, or the seat whose added kan / north was robbed; null for a tsumo. */
  from: riichiSeatSchema.nullable(),
  tile: tileSchema,
  /** Concealed tiles without the winning tile. */
  hand: tiles,
  melds: z.array(meldSchema),
  han: z.number().int().nullable(),
  fu: z.number().int().nullable(),
  yaku: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      han: z.number().int().optional(),
      yakuman: z.number().int().optional(),
    }),
  ),
  yakuman: z.number().int().nonnegative(),
  limit: z.enum(RIICHI_LIMITS).nullable(),
  basePoints: z.number().int().positive(),
  /** This winner's own settlement per seat (honba and deposits included where they went to him). */
  payments: points,
  /** Pao (riichi.md 14.8): the liable seat and the yakuman it covers. */
  liable: z.object({ seat: riichiSeatSchema, yakuman: z.string() }).nullable(),
});
export const handWonSchema = z.object({
  type: z.literal('hand.won'),
  /** One entry per paid winner, nearest to the discarder first. */
  wins: z.array(winSchema).min(1),
  doraIndicators: tiles,
  /** Shown when a riichi winner exists (one per face-up indicator), else empty. */
  uraIndicators: tiles,
  deltas: points,
  points,
  /** Sticks left on the table (0 after a win). */
  deposits: z.number().int().nonnegative(),
});
export const exhaustiveDrawSchema = z.object({
  type: z.literal('hand.exhaustiveDraw'),
  /** Tenpai seats with their concealed hands shown. */
  tenpai: z.array(z.object({ seat: riichiSeatSchema, hand: tiles })),
  nagashi: z.array(riichiSeatSchema),
  deltas: points,
  points,
  deposits: z.number().int().nonnegative(),
});
export const abortiveDrawSchema = z.object({
  type: z.literal('hand.abortiveDraw'),
  reason: z.enum(ABORTIVE_DRAW_REASONS),
  /** The seat that caused it (nine terminals: the declarer, who shows his hand). */
  seat: riichiSeatSchema.nullable(),
  hand: tiles.nullable(),
  points,
  deposits: z.number().int().nonnegative(),
});
export const gameEndedSchema = z.object({
  type: z.literal('game.ended'),
  points,
  /** Seats from first to last place. */
  ranking: z.array(riichiSeatSchema),
  /**
   * rules/game-flow.ts `GameEndReason`, or a cut the rules did not make (families/riichi/core.ts `cutGame`): `handLimit`,
   * the session's hands per game were played; `sessionEnded`, the session ended mid-game.
   */
  reason: z
    .enum(['bust', 'agariYame', 'lastHand', 'extensionTarget', 'extensionEnd', 'handLimit', 'sessionEnded'])
    .optional(),
  /** Sticks left on the table before they were handed out per `leftoverDeposits`. */
  leftoverDeposits: z.number().int().nonnegative(),
  handsPlayed: z.number().int().nonnegative(),
});
/** A deadline passed (an `after` delay): the table buzzes the seat; nothing else changes. */
export const seatOverdueSchema = z.object({
  type: z.literal('seat.overdue'),
  seat: riichiSeatSchema,
  stage: z.enum(['drawing', 'discarding', 'claiming']),
});
/** Agari-yame `optional`: the dealer may end the game now (answer with `seat.agariYameDecided`). */
export const agariYameOfferedSchema = z.object({
  type: z.literal('game.agariYameOffered'),
  seat: riichiSeatSchema,
});

/** Mangan Mahjong (V4.1 items 2-3): what each win's losers paid that nobody received. */
export const pointsBurnedSchema = z.object({
  type: z.literal('hand.pointsBurned'),
  wins: z.array(
    z.object({
      seat: riichiSeatSchema,
      basePoints: z.number().int().positive(),
      /** Below mangan nothing moves (false); from mangan the losers pay and the points leave the game. */
      manganOrMore: z.boolean(),
      burned: z.number().int().nonnegative(),
    }),
  ),
  /** Points that left the game in this hand. */
  total: z.number().int().nonnegative(),
});
const clearTeamSchema = z.enum(['A', 'B']);
const clearConditionSchema = z.enum(['Y16', 'Y15', 'Y17', 'Y21', 'Y23']);
/** Clear Mahjong (V5.2): a team cleared one of the five conditions (the screen ticks it). */
export const conditionClearedSchema = z.object({
  type: z.literal('team.conditionCleared'),
  team: clearTeamSchema,
  condition: clearConditionSchema,
  /** The team's conditions cleared so far, in the order of V5.2. */
  cleared: z.array(clearConditionSchema),
});
/** Clear Mahjong (V5.3): how the game was decided, before `game.ended`. */
export const clearGameDecidedSchema = z.object({
  type: z.literal('clear.gameDecided'),
  result: z.enum(['teamWins', 'tieByTenpaiRace']),
  team: clearTeamSchema.nullable(),
  reason: z.enum(['allConditions', 'opponentBust']).nullable(),
  cleared: z.object({ A: z.array(clearConditionSchema), B: z.array(clearConditionSchema) }),
});
/** Tournament (V6.2): the hand ended by a chombo; the dealer stays, honba unchanged, the hand is replayed. */
export const handChomboSchema = z.object({
  type: z.literal('hand.chombo'),
  seat: riichiSeatSchema,
  reason: z.enum(CHOMBO_TRIGGERS),
  operator: z.string(),
  deltas: points,
  points,
  deposits: z.number().int().nonnegative(),
  /** A riichi chombo settled when the hand ended in this draw (V6.2 item 1, T3); absent: ended at once. */
  atDraw: z.enum(['exhaustiveDraw', 'abortiveDraw']).optional(),
  /** Other seats whose riichi chombo is settled at the same draw (their payments are in `deltas`). */
  alsoAtFault: z
    .array(z.object({ seat: riichiSeatSchema, reason: z.enum(CHOMBO_TRIGGERS), operator: z.string() }))
    .optional(),
});
/** Tournament (V6.2 item 1): a riichi chombo entered during the hand, remembered until the hand ends. */
export const chomboPendingSchema = z.object({
  type: z.literal('hand.chomboPending'),
  seat: riichiSeatSchema,
  reason: z.enum(CHOMBO_TRIGGERS),
  operator: z.string(),
});
/** Tournament (V6.2 items 1, 4): the remembered riichi chombo is not settled: the hand ended otherwise. */
export const chomboLapsedSchema = z.object({
  type: z.literal('hand.chomboLapsed'),
  seat: riichiSeatSchema,
  reason: z.enum(CHOMBO_TRIGGERS),
  operator: z.string(),
  why: z.enum(['win', 'poolOfDreams', 'abortiveDraw']),
});
/** Tournament (V6.3): the seat's hand is dead for the rest of the hand. */
export const handDeclaredDeadSchema = z.object({
  type: z.literal('seat.handDeclaredDead'),
  seat: riichiSeatSchema,
  reason: z.string(),
  operator: z.string(),
});

/** Tenpai Race (V2.1 item 6): Stage B started; public. The attacker's hand and waits stay secret. */
export const stageBRolesSchema = z.object({
  type: z.literal('hand.stageBRoles'),
  attacker: riichiSeatSchema,
  defender: riichiSeatSchema,
  /** The attacker entered Stage B by declaring riichi (V2.1 item 5). */
  byRiichi: z.boolean(),
  /** `operator`: the operator records the result (default); `prototype`: the V2.2 placeholder plays it. */
  resolution: z.enum(['operator', 'prototype']),
});
/** Tenpai Race prototype: the defender's two kinds and whether one is a winning kind of the attacker. */
export const stageBGuessSchema = z.object({
  type: z.literal('hand.stageBGuess'),
  seat: riichiSeatSchema,
  kinds: z.tuple([tileKindSchema, tileKindSchema]),
  found: z.boolean(),
});
/** Tenpai Race prototype: the attacker's draw, shown to both ("worthless draws", seed 001); public. */
export const stageBDrawShownSchema = z.object({
  type: z.literal('hand.stageBDrawShown'),
  seat: riichiSeatSchema,
  tile: tileSchema,
  completes: z.boolean(),
});
/** The Stage B resolutions: the operator's entry, or the prototype's three ends. */
export const STAGE_B_RESOLUTIONS = [
  'operatorSettled',
  'defenderFound',
  'attackerTsumo',
  'wallExhausted',
] as const;
/**
 * Tenpai Race: Stage B is over and the hand with it. `scored` false: the prototype defines no points (V2.2
 * R4), so nothing moved; true: the operator's deltas, as entered. The attacker's hand is not shown.
 */
export const stageBEndedSchema = z.object({
  type: z.literal('hand.stageBEnded'),
  attacker: riichiSeatSchema,
  defender: riichiSeatSchema,
  winner: riichiSeatSchema.nullable(),
  resolution: z.enum(STAGE_B_RESOLUTIONS),
  scored: z.boolean(),
  operator: z.string().nullable(),
  deltas: points,
  points,
  deposits: z.number().int().nonnegative(),
});
/**
 * Why an operator entry was refused (it is ignored; the operator may enter it again). Derived, so not named
 * `operator.*`: that prefix marks the host's source events (host/session/log-events.ts `isSourceEvent`).
 */
export const OPERATOR_REJECTION_CODES = [
  'stage_b_not_awaiting_settlement',
  'settlement_wrong_seats',
  'settlement_not_conserved',
  'settlement_overdrawn',
  'settlement_winner_pays',
] as const;
export type OperatorRejectionCode = (typeof OPERATOR_REJECTION_CODES)[number];
export const operatorInputRejectedSchema = z.object({
  type: z.literal('override.rejected'),
  action: z.string(),
  operator: z.string(),
  code: z.enum(OPERATOR_REJECTION_CODES),
  message: z.string(),
});

/**
 * After a link loss the table's snapshot could not be replayed as the draws, discards and passes the host missed
 * (families/riichi/reconcile.ts): the operator has to look at the table. Derived by the host's core; public (ponds and
 * melds lie open). `seat`: the seat whose pond or melds disagree.
 */
export const RECONCILE_MISMATCH_CODES = [
  'pond_diverged',
  'meld_missed',
  'discard_unread',
  'not_in_hand',
  'out_of_turn',
] as const;
export const reconcileMismatchSchema = z.object({
  type: z.literal('reconcile.mismatch'),
  code: z.enum(RECONCILE_MISMATCH_CODES),
  seat: riichiSeatSchema,
  message: z.string(),
});

const tagTeamPlayerSchema = z.number().int().min(0).max(7);
/**
 * Mangan tag-team (V4.3): a pair swaps at a seat after ten discards. (`playerOut`: logs recorded under the
 * withdrawn reading of G6, when a player at 0 left the table; nothing emits it now.)
 */
export const seatSubstitutedSchema = z.object({
  type: z.literal('seat.substituted'),
  seat: riichiSeatSchema,
  left: tagTeamPlayerSchema,
  joined: tagTeamPlayerSchema,
  why: z.enum(['tenDiscards', 'playerOut']),
});
/**
 * Mangan tag-team (V4.3 item 4, G6): the game's end (a fifth player at 0 or below) and the eight players'
 * places, before `game.ended`. (`seatEmpty`: logs recorded under the withdrawn reading of G6.)
 */
export const tagTeamGameDecidedSchema = z.object({
  type: z.literal('tagTeam.gameDecided'),
  reason: z.enum(['fivePlayersOut', 'seatEmpty']),
  ranking: z.array(
    z.object({ player: tagTeamPlayerSchema, rank: z.number().int(), points: z.number().int() }),
  ),
});

export const riichiInputSchema = z.discriminatedUnion('type', [
  handWallBuiltSchema,
  seatDrewSchema,
  seatDiscardedSchema,
  seatChiDeclaredSchema,
  seatPonDeclaredSchema,
  seatOpenKanDeclaredSchema,
  seatClosedKanDeclaredSchema,
  seatAddedKanDeclaredSchema,
  seatNorthDeclaredSchema,
  seatTsumoDeclaredSchema,
  seatRonDeclaredSchema,
  seatPassedSchema,
  seatNineTerminalsDeclaredSchema,
  seatAgariYameDecidedSchema,
  operatorChomboDeclaredSchema,
  operatorDeadHandDeclaredSchema,
  seatStageBStartedSchema,
  seatStageBGuessedSchema,
  operatorStageBSettledSchema,
]);
export const riichiOutcomeSchema = z.discriminatedUnion('type', [
  gameStartedSchema,
  handStartedSchema,
  handSetupRejectedSchema,
  handDealtSchema,
  doraRevealedSchema,
  riichiDeclaredSchema,
  riichiAcceptedSchema,
  callMadeSchema,
  northSetAsideSchema,
  actionRejectedSchema,
  seatFuritenSchema,
  handWonSchema,
  exhaustiveDrawSchema,
  abortiveDrawSchema,
  gameEndedSchema,
  seatOverdueSchema,
  agariYameOfferedSchema,
  pointsBurnedSchema,
  conditionClearedSchema,
  clearGameDecidedSchema,
  handChomboSchema,
  chomboPendingSchema,
  chomboLapsedSchema,
  handDeclaredDeadSchema,
  seatSubstitutedSchema,
  tagTeamGameDecidedSchema,
  stageBRolesSchema,
  stageBGuessSchema,
  stageBDrawShownSchema,
  stageBEndedSchema,
  operatorInputRejectedSchema,
  reconcileMismatchSchema,
]);
export const riichiEventSchema = z.discriminatedUnion('type', [
  ...riichiInputSchema.options,
  ...riichiOutcomeSchema.options,
]);

/** What the table, the seats and the operator send into the riichi machines. */
export type RiichiInput = z.infer<typeof riichiInputSchema>;
/** What the riichi machines emit (log, screens, storage). */
export type RiichiOutcome = z.infer<typeof riichiOutcomeSchema>;
/** One record of a riichi-family game log: an input or an outcome, in the order they happened. */
export type RiichiEvent = z.infer<typeof riichiEventSchema>;

/** A hand's result: a win or a draw (a tournament chombo replays the hand instead). */
export const isHandResult = (e: { readonly type: string }): boolean =>
  e.type === 'hand.won' || e.type === 'hand.exhaustiveDraw' || e.type === 'hand.abortiveDraw';
export type RiichiMeld = z.infer<typeof meldSchema>;
export type RiichiWin = z.infer<typeof winSchema>;
export type HandWon = z.infer<typeof handWonSchema>;
export type ExhaustiveDraw = z.infer<typeof exhaustiveDrawSchema>;
export type AbortiveDraw = z.infer<typeof abortiveDrawSchema>;
export type GameEnded = z.infer<typeof gameEndedSchema>;

/**
 * The public form of an event, for screens: secret fields removed, secret events dropped (null).
 * Secrets: the wall, the deal, drawn tiles, furiten, and why an action was refused (a `furiten` or
 * `not_a_win` code tells the others about a wait). Hands shown at a win or an exhaustive draw are public.
 * Tenpai Race Stage B: the attacker's hand and waits never appear (no Stage B event carries them; a refused
 * `seat.stageBStarted` says why only in its secret code).
 */
export type PublicRiichiEvent =
  | { readonly type: 'hand.wallBuilt' }
  | { readonly type: 'hand.dealt' }
  | { readonly type: 'seat.drew'; readonly seat: Seat }
  | { readonly type: 'seat.actionRejected'; readonly seat: Seat; readonly action: string }
  | Exclude<
      RiichiEvent,
      { type: 'hand.wallBuilt' | 'hand.dealt' | 'seat.drew' | 'seat.actionRejected' | 'seat.furiten' }
    >;

export function publicRiichiEvent(event: RiichiEvent): PublicRiichiEvent | null {
  switch (event.type) {
    case 'hand.wallBuilt':
    case 'hand.dealt':
      return { type: event.type };
    case 'seat.drew':
      return { type: event.type, seat: event.seat };
    case 'seat.actionRejected':
      return { type: event.type, seat: event.seat, action: event.action };
    case 'seat.furiten':
      return null;
    default:
      return event;
  }
}
