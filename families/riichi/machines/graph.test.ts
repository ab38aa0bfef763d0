// Graph coverage of the riichi hand machine with @xstate/graph: every state and transition from scripted walls (4-player club rules and Sanma).
import { describe, expect, it } from 'vitest';
import { makeRules, type RuleOptions } from '../../../rules/options.js';
import type { Seat } from '../../../rules/payments.js';
import { SANMA } from '../../../rules/variants/sanma.js';
import { TENPAI_RACE } from '../../../rules/variants/tenpai-race.js';
import { startGame } from '../../../rules/game-flow.js';
import { tileKind, tileOfText as t, type Tile } from '../../../rules/tiles.js';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type TraversalOptions } from '@xstate/graph';
import { createActor, SimulatedClock } from 'xstate';
import type { RiichiInput } from './events.js';
import { riichiHandMachine } from './hand.js';
import { claimWindow, legalClaims, legalTurnActions, tsumoCompletes } from './model.js';
import type { RiichiHandSnapshot } from './scripted-table.js';
import { drawInputFor } from './table-inputs.js';
import { layWall, type Layout } from './wall.js';

const CLUB = makeRules('club');
const TOURNAMENT = makeRules('tournament');
const AFTER = (delay: string, state: string) =>
  ({ type: `xstate.after.${delay}.riichiHand.${state}` }) as unknown as RiichiInput;

/** One wall per rule path; the traversal plays each with the policy below. */
const SCENARIOS: readonly Omit<Layout, 'options' | 'dealer'>[] = [
  // Seat 1 waits on 2p / 8s (tanyao); seat 2 holds 44z 99m (complete on 4z without a yaku).
  {
    hands: ['147m369p147s1235z8s', '234m22456p567s88s', '123m456p567s4z4z9m9m', '369m17p258s66677z'],
    indicators: '7z',
    draws: '4z2p',
  },
  // Calls: seat 1 can chi 3m, seat 3 can pon or kan 3m... (33m) and pon 6z.
  // After the chi (and discarding 5p) seat 1 waits on 5p/8p with no yaku; it draws 8p.
  {
    hands: ['147m369p147s1234z3m', '24m567p234s56799s', '258m258p369s5567z', '33m3m17p258s666z77z'],
    indicators: '1z',
    draws: '9m9m9m8p',
  },
  // Nine terminals for the dealer; four winds if everyone lets East go.
  {
    hands: ['19m19p19s2345z5m6m7m1z', '234m22456p567s88s', '258m258p369s5567z', '369m17p258s66677z'],
    indicators: '7z',
    draws: '1z1z1z',
  },
  // The dealer makes four closed kans; seat 1 holds 2222s 333z: a fifth kan (club: abort), open or closed.
  {
    hands: ['1111m9999m1111p99p', '2222s345s678s333z', '258m258p369s5567z', '368m27p358s66677z'],
    indicators: '7z',
    replacements: '9p9p4z3z',
  },
  // Four kans by two players.
  {
    hands: ['1111m9999m2345s7z7z', '1111p9999p678s1z2z'],
    indicators: '7z',
    draws: '3z',
    replacements: '5z5z6z6z',
  },
  // Four riichi.
  {
    hands: ['234m22456p567s88s1z', '345m33567p678s99s', '678m44789p234s11s', '123m55123p345s66s'],
    indicators: '7z',
    draws: '1z2z3z',
  },
  // Chankan: seat 3 pons 8s and adds the fourth; seat 1 waits on 5s/8s.
  {
    hands: [
      '147m369p147s1234z8s',
      '234m22p456p345s67s',
      '1z1z2z2z3z3z4z5z5z6z7z9m9m',
      '88s5m6m6m7m7m8p8p9p9p3s9s',
    ],
    indicators: '7z2z',
    replacements: '9p',
    draws: '1p1p1p8s',
  },
  // Seat 3 (shanpon 99s/55s, no yaku on 9s) passes the dealer's 9s, then tries to ron seat 1's 9s: furiten.
  { hands: ['147m369p147s1234z9s', '', '', '234m456p678p99s55s'], indicators: '7z', draws: '9s' },
  // Three seats wait on 5s: two rons abort when the third could win (club `abortIfThirdCanWin`).
  {
    hands: ['147m369p147s1234z5s', '234m22p456p34s678s', '345m678m33p567p46s', '234p456m678m44p55s'],
    indicators: '7z',
  },
];
/** Straight to the end of the wall: the exhaustive draw. */
const LONG: typeof SCENARIOS = [SCENARIOS[0]!];
const SANMA_SCENARIOS: readonly Omit<Layout, 'options' | 'dealer'>[] = [
  {
    hands: ['123p456p789s1155s4z', '5z5z5z123456789p4z', '9m9m1p4p5p9p4s8s9s6z7z7z1z'],
    indicators: '7z',
    replacements: '1s',
  },
];

/** Tenpai Race Stage A (2 players): seat 1 waits on 2p / 8s, closed (ron, tsumo and riichi refused); 18 discards each. */
const RACE_SCENARIOS: readonly Omit<Layout, 'options' | 'dealer'>[] = [
  { hands: ['147m369p147s1234z8s', '234m22456p567s88s'], indicators: '7z', draws: '2p' },
];

/**
 * Tenpai Race Stage B (tenpai-race.ts): the dealer holds the other 2p and 8s, so seat 1 (waiting on them) starts
 * Stage B after discarding 5z and the prototype runs the wall out; in the second wall his first Stage B draw is 8s.
 */
const RACE_STAGE_B: readonly Omit<Layout, 'options' | 'dealer'>[] = [
  { hands: ['147m2239p88s1234z5z', '234m22456p567s88s'], indicators: '7z', draws: '5z' },
  { hands: ['147m369p147s1234z5z', '234m22456p567s88s'], indicators: '7z', draws: '5z8s' },
];
const PROTOTYPE = makeRules(TENPAI_RACE, { tenpaiRaceStageB: true });

const progressOf = (snapshot: RiichiHandSnapshot) =>
  snapshot.context.hand.ponds.reduce((n, p) => n + p.length, 0);

function eventsFor(options: RuleOptions, scenarios: typeof SCENARIOS) {
  const walls = scenarios.map((s) => layWall({ options, dealer: 0, ...s }));
  return (snapshot: RiichiHandSnapshot): RiichiInput[] => {
    const hand = snapshot.context.hand;
    // Probes (refused inputs, deadlines) on the first discards only, alternatives (riichi, kans, calls) on the
    // first six; the traversal stops at the sixth (`stopWhen`), the exhaustive draw has its own straight run.
    const progress = progressOf(snapshot);
    const probing = progress <= 1;
    const early = progress < 6;
    const phase = hand.phase;
    switch (phase.kind) {
      case 'dealing':
        return [
          ...walls.map((w) => ({ type: 'hand.wallBuilt' as const, live: w.live, dead: w.dead })),
          { type: 'hand.wallBuilt', live: walls[0]!.live.slice(1), dead: walls[0]!.dead },
        ];
      case 'drawing': {
        const seat = phase.seat;
        const draw = drawInputFor(hand)!;
        const probes: RiichiInput[] = probing
          ? [
              {
                type: 'seat.drew',
                seat: ((seat + 1) % hand.players) as Seat,
                tile: (draw as { tile: Tile }).tile,
              },
              {
                type: 'seat.drew',
                seat,
                tile: (draw as { tile: Tile }).tile === t('1z') ? t('2z') : t('1z'),
              },
              { type: 'seat.tsumoDeclared', seat },
              // Tenpai Race's Stage B entry from the seat to draw (not right after its own discard; 4 players: no such thing).
              { type: 'seat.stageBStarted', seat },
              AFTER('drawLimit', 'drawing'),
            ]
          : [];
        return [draw, ...probes];
      }
      case 'turn': {
        const seat = phase.seat;
        const legal = legalTurnActions(hand, seat);
        const drawn = hand.drawn[seat];
        const main = drawn !== null && legal.discards.includes(drawn) ? drawn : legal.discards[0]!;
        const events: RiichiInput[] = [{ type: 'seat.discarded', seat, tile: main, riichi: false }];
        // A complete hand may also be declared without a yaku (refused).
        if (legal.tsumo || tsumoCompletes(hand, seat)) events.push({ type: 'seat.tsumoDeclared', seat });
        if (!early) return events;
        if (legal.riichiDiscards.length > 0)
          events.push({
            type: 'seat.discarded',
            seat,
            tile: legal.riichiDiscards.includes(main) ? main : legal.riichiDiscards[0]!,
            riichi: true,
          });
        for (const tile of legal.closedKans) events.push({ type: 'seat.closedKanDeclared', seat, tile });
        for (const tile of legal.addedKans) events.push({ type: 'seat.addedKanDeclared', seat, tile });
        if (legal.north) events.push({ type: 'seat.northDeclared', seat });
        if (legal.nineTerminals) events.push({ type: 'seat.nineTerminalsDeclared', seat });
        for (const k of hand.kuikae) {
          const forbidden = hand.concealed[seat]!.find((x) => tileKind(x) === k);
          if (forbidden !== undefined)
            events.push({ type: 'seat.discarded', seat, tile: forbidden, riichi: false });
        }
        if (hand.riichi[seat] !== 'none')
          events.push({
            type: 'seat.discarded',
            seat,
            tile: hand.concealed[seat]!.find((x) => x !== drawn)!,
            riichi: false,
          });
        // V6.2 item 1: a riichi chombo for a seat in riichi is remembered (tournament), refused elsewhere.
        if (hand.riichi[seat] !== 'none')
          events.push({
            type: 'operator.chomboDeclared',
            seat,
            reason: 'riichiNotTenpai',
            operator: 'graph',
          });
        if (!probing) return events;
        const other = ((seat + 1) % hand.players) as Seat;
        const notHeld = [t('1m'), t('9s'), t('5z')].find((x) => !hand.concealed[seat]!.includes(x))!;
        const held = hand.concealed[seat]!;
        const nonRiichi = held.find((x) => !legal.riichiDiscards.includes(x)) ?? held[0]!;
        events.push(
          { type: 'seat.discarded', seat: other, tile: main, riichi: false },
          { type: 'seat.discarded', seat, tile: notHeld, riichi: false },
          { type: 'seat.discarded', seat, tile: nonRiichi, riichi: true },
          { type: 'seat.tsumoDeclared', seat },
          { type: 'seat.tsumoDeclared', seat: other },
          { type: 'seat.closedKanDeclared', seat, tile: held[0]! },
          { type: 'seat.closedKanDeclared', seat: other, tile: held[0]! },
          { type: 'seat.addedKanDeclared', seat, tile: held[0]! },
          { type: 'seat.addedKanDeclared', seat: other, tile: held[0]! },
          { type: 'seat.northDeclared', seat },
          { type: 'seat.northDeclared', seat: other },
          { type: 'seat.nineTerminalsDeclared', seat },
          { type: 'seat.nineTerminalsDeclared', seat: other },
          { type: 'seat.ronDeclared', seat: other },
          { type: 'hand.wallBuilt', live: walls[0]!.live, dead: walls[0]!.dead },

          AFTER('discardLimit', 'turn'),
        );
        // Operator overrides (variants.md V6.2, V6.3) at the first turn: a chombo, a dead hand for the next seat.
        if (progress === 0)
          events.push(
            { type: 'operator.chomboDeclared', seat, reason: 'wallRevealed', operator: 'graph' },
            { type: 'operator.deadHandDeclared', seat: other, reason: 'graph', operator: 'graph' },
            // Tenpai Race: no Stage B on one's turn (4 players: not in the variant); no Stage B result to settle.
            { type: 'seat.stageBStarted', seat },
            { type: 'operator.stageBSettled', winner: null, deltas: [], operator: 'graph' },
          );
        return events;
      }
      case 'claiming': {
        const w = claimWindow(hand)!;
        const events: RiichiInput[] = [];
        for (const seat of w.eligible) {
          if (w.responses[seat] !== null) continue;
          const legal = legalClaims(hand, seat, w.offer);
          events.push({ type: 'seat.passed', seat });
          if (legal.ron) events.push({ type: 'seat.ronDeclared', seat });
          if (legal.pon[0]) events.push({ type: 'seat.ponDeclared', seat, tiles: [...legal.pon[0]] });
          if (legal.openKan[0])
            events.push({ type: 'seat.openKanDeclared', seat, tiles: [...legal.openKan[0]] });
          if (legal.chi[0]) events.push({ type: 'seat.chiDeclared', seat, tiles: [...legal.chi[0]] });
        }
        if (!early)
          return [
            ...events.filter((e) => e.type === 'seat.passed').slice(0, 1),
            ...events.filter((e) => e.type === 'seat.ronDeclared'),
          ];
        // A ron from anyone not offered one is refused (not a win, furiten, no yaku, already answered).
        if (progress <= 2)
          for (let s = 0; s < hand.players; s++)
            if (!events.some((e) => e.type === 'seat.ronDeclared' && e.seat === s))
              events.push({ type: 'seat.ronDeclared', seat: s as Seat });
        if (!probing) return events;
        for (let s = 0; s < hand.players; s++) {
          const seat = s as Seat;
          if (w.responses[seat] !== null) {
            events.push(
              { type: 'seat.passed', seat },
              { type: 'seat.ponDeclared', seat, tiles: [w.offer.tile, w.offer.tile] },
              { type: 'seat.chiDeclared', seat, tiles: [w.offer.tile, w.offer.tile] },
              { type: 'seat.openKanDeclared', seat, tiles: [w.offer.tile, w.offer.tile, w.offer.tile] },
            );
          } else if (!w.eligible.includes(seat)) {
            events.push(
              { type: 'seat.passed', seat },
              { type: 'seat.ponDeclared', seat, tiles: [w.offer.tile, w.offer.tile] },
              { type: 'seat.chiDeclared', seat, tiles: [w.offer.tile, w.offer.tile] },
              { type: 'seat.openKanDeclared', seat, tiles: [w.offer.tile, w.offer.tile, w.offer.tile] },
            );
          }
        }
        events.push(AFTER('claimLimit', 'claiming'), {
          type: 'seat.discarded',
          seat: w.offer.from as Seat,
          tile: w.offer.tile,
          riichi: false,
        });
        return events;
      }
      default:
        return [];
    }
  };
}

/**
 * Tenpai Race on top of `eventsFor`: the discarder's Stage B entry right after each early discard, a riichi on the
 * 36th discard, and in Stage B the operator's entries (each refusal and a valid one), the defender's guesses (a
 * miss always; the defender's refusals and a find on the first guess), the attacker's draw (probes on the first).
 */
function raceEventsFor(options: RuleOptions, scenarios: typeof SCENARIOS) {
  const base = eventsFor(options, scenarios);
  return (snapshot: RiichiHandSnapshot): RiichiInput[] => {
    const hand = snapshot.context.hand;
    const phase = hand.phase;
    const progress = progressOf(snapshot);
    if (phase.kind === 'drawing' && !phase.replacement && progress <= 3)
      return [...base(snapshot), { type: 'seat.stageBStarted', seat: ((phase.seat + 1) % 2) as Seat }];
    if (phase.kind === 'turn' && progress === 35) {
      const riichi = legalTurnActions(hand, phase.seat).riichiDiscards[0];
      const events = base(snapshot);
      if (riichi !== undefined)
        events.push({ type: 'seat.discarded', seat: phase.seat, tile: riichi, riichi: true });
      return events;
    }
    if (phase.kind !== 'stageB') return base(snapshot);
    const sb = hand.stageB!;
    const deltas = (toAttacker: number) =>
      sb.attacker === 0 ? [toAttacker, -toAttacker] : [-toAttacker, toAttacker];
    const settle = (winner: Seat | null, d: number[]): RiichiInput => ({
      type: 'operator.stageBSettled',
      winner,
      deltas: d,
      operator: 'graph',
    });
    switch (phase.step) {
      case 'settling':
        return [
          { type: 'seat.stageBStarted', seat: sb.attacker },
          settle(sb.attacker, [0]),
          settle(sb.attacker, [1000, 0]),
          settle(sb.attacker, deltas(20000)),
          settle(sb.attacker, deltas(-1000)),
          settle(sb.attacker, deltas(1000)),
        ];
      case 'guessing': {
        const misses: number[] = [];
        for (let k = 0; misses.length < 2; k++) if (!sb.waits.includes(k as never)) misses.push(k);
        const guess = (seat: Seat, kinds: [number, number]): RiichiInput => ({
          type: 'seat.stageBGuessed',
          seat,
          kinds,
        });
        const events = [guess(sb.defender, [misses[0]!, misses[1]!])];
        if (sb.guesses.length === 0)
          events.push(
            guess(sb.attacker, [misses[0]!, misses[1]!]),
            guess(sb.defender, [misses[0]!, misses[0]!]),
            guess(sb.defender, [sb.waits[0]!, misses[0]!]),
            { type: 'seat.stageBStarted', seat: sb.attacker },
          );
        return events;
      }
      case 'attackerDrawing': {
        const draw = drawInputFor(hand)! as Extract<RiichiInput, { type: 'seat.drew' }>;
        const events: RiichiInput[] = [draw];
        if (sb.shown.length === 0)
          events.push(
            { type: 'seat.drew', seat: sb.defender, tile: draw.tile },
            { type: 'seat.drew', seat: sb.attacker, tile: draw.tile === t('1z') ? t('2z') : t('1z') },
            { type: 'seat.stageBStarted', seat: sb.attacker },
          );
        return events;
      }
    }
  };
}

type Transition = {
  readonly source: { readonly id: string };
  readonly eventType: string;
  readonly guard?: unknown;
  readonly target?: readonly { readonly id: string }[];
};
type Options = TraversalOptions<RiichiHandSnapshot, RiichiInput, { options: RuleOptions }>;

/**
 * The states and transitions (objects, so that identical-looking guarded branches stay apart) that the
 * traversal reaches: each adjacency edge is replayed with an inspector recording every microstep, as
 * test/machines/graph-coverage.ts does; runs with different inputs are then united.
 */
function covered(
  options: RuleOptions,
  traversal: Omit<Options, 'input'>,
  reached: Set<string>,
  taken: Set<unknown>,
): number {
  const input = { options, progress: startGame(options, 0) };
  const inspect = (event: { type: string }) => {
    if (event.type !== '@xstate.microstep') return;
    const step = event as unknown as { _transitions: unknown[]; snapshot: { _nodes: { id: string }[] } };
    for (const tr of step._transitions) taken.add(tr);
    for (const node of step.snapshot._nodes) reached.add(node.id);
  };
  for (const path of getShortestPaths(riichiHandMachine as never, { ...traversal, input } as never)) {
    for (const node of (path.state as unknown as { _nodes: { id: string }[] })._nodes) reached.add(node.id);
  }
  const adjacency = getAdjacencyMap(
    riichiHandMachine as never,
    { ...traversal, input } as never,
  ) as unknown as Record<
    string,
    { state: { status?: string }; transitions: Record<string, { event: RiichiInput }> }
  >;
  let edges = 0;
  for (const { state, transitions } of Object.values(adjacency)) {
    if (state.status === 'done') continue;
    for (const { event } of Object.values(transitions)) {
      edges++;
      const actor = createActor(riichiHandMachine, {
        snapshot: state as never,
        input,
        clock: new SimulatedClock(),
        inspect,
      });
      actor.start();
      actor.send(event);
      actor.stop();
    }
  }
  return edges;
}

const serializeState = (s: RiichiHandSnapshot): string => {
  const h = s.context.hand;
  const w = claimWindow(h);
  return JSON.stringify([
    s.value,
    h.concealed,
    h.melds.map((m) => m.length),
    h.ponds.map((p) => p.length),
    h.riichi,
    h.furiten,
    h.norths,
    h.live.length,
    w?.responses ?? null,
    h.end?.kind ?? null,
    s.context.deadHands,
    s.context.pendingChombos,
    h.stageB === null ? null : [h.stageB.byRiichi, h.stageB.guesses.length, h.stageB.shown.length],
  ]);
};

describe('riichi hand machine graph', () => {
  it('reaches every state and takes every transition (refusals, deadlines, every call path, every end)', () => {
    const started = performance.now();
    const stopWhen = (s: RiichiHandSnapshot) => progressOf(s) >= 6;
    const reached = new Set<string>();
    const taken = new Set<unknown>();
    let edges = covered(
      CLUB,
      { events: eventsFor(CLUB, SCENARIOS), serializeState, stopWhen },
      reached,
      taken,
    );
    edges += covered(
      SANMA,
      { events: eventsFor(SANMA, SANMA_SCENARIOS), serializeState, stopWhen },
      reached,
      taken,
    );
    edges += covered(CLUB, { events: eventsFor(CLUB, LONG), serializeState }, reached, taken);
    // The tournament preset pays chombo: the operator's chombo ends the hand.
    edges += covered(
      TOURNAMENT,
      { events: eventsFor(TOURNAMENT, LONG), serializeState, stopWhen },
      reached,
      taken,
    );
    edges += covered(
      TENPAI_RACE,
      { events: raceEventsFor(TENPAI_RACE, RACE_SCENARIOS), serializeState },
      reached,
      taken,
    );
    // Stage B with the operator (default) and with the prototype; Stage A itself stops after four discards.
    const stageAShort = (s: RiichiHandSnapshot) => s.context.hand.stageB === null && progressOf(s) >= 4;
    for (const options of [TENPAI_RACE, PROTOTYPE])
      edges += covered(
        options,
        { events: raceEventsFor(options, RACE_STAGE_B), serializeState, stopWhen: stageAShort },
        reached,
        taken,
      );
    const nodes = getStateNodes(riichiHandMachine).filter((n) => n.type !== 'history');
    const transitions = nodes.flatMap((n) => [
      ...[...n.transitions.values()].flat(),
      ...(n.always ?? []),
    ]) as unknown as Transition[];
    const describe = (tr: Transition) =>
      `${tr.source.id} --${tr.eventType}${typeof tr.guard === 'string' ? ` [${tr.guard}]` : ''}--> ${(tr.target ?? []).map((n) => n.id).join(',') || '(self)'}`;
    expect(nodes.map((n) => n.id).filter((id) => !reached.has(id))).toEqual([]);
    expect(transitions.filter((tr) => !taken.has(tr)).map(describe)).toEqual([]);
    expect(transitions.length).toBeGreaterThan(50);
    console.log(
      `graph: ${transitions.length} transitions, ${edges} edges replayed in ${(performance.now() - started).toFixed(0)} ms`,
    );
  });
});
