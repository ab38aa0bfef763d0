// A seeded tournament game through the real riichi game machine with an operator's riichi chombo in each hand that has a riichi (screen and view tests).
import { createActor, SimulatedClock } from 'xstate';
import { createRiichiBot } from '../families/riichi/bots/riichi-bot.js';
import type { RiichiEvent, RiichiInput, RiichiOutcome } from '../families/riichi/machines/events.js';
import { riichiGameMachine } from '../families/riichi/machines/game.js';
import { nextInput } from '../families/riichi/machines/simulation.js';
import { botTakesAgariYame, VARIANT_SETUP } from '../families/riichi/machines/variant-simulation.js';
import { createRng, deriveSeed } from '../table/rng.js';
import type { Seat as RiichiSeat } from '../rules/payments.js';

/**
 * A tournament game (V6) through the real game machine in which the operator enters a riichi chombo for the first
 * seat to declare riichi in each hand, right after its riichi is accepted; the dealer's agari-yame is answered
 * by the bots' rule, as in families/riichi/machines/variant-simulation.ts.
 */
export function tournamentWithChombos(seed: number, maxHands: number): RiichiEvent[] {
  const { options, machine } = VARIANT_SETUP.tournament;
  const rng = createRng(seed);
  const bots = [0, 1, 2, 3].map((s) => createRiichiBot({ seed: deriveSeed(seed, s + 1) }));
  const actor = createActor(riichiGameMachine, {
    input: { ...machine, options, firstDealer: rng.int(4) as RiichiSeat },
    clock: new SimulatedClock(),
  });
  const events: RiichiEvent[] = [];
  let hands = 0;
  let chomboThisHand = false;
  let riichiSeat: RiichiSeat | null = null;
  actor.on('*', (event: RiichiOutcome) => {
    events.push(event);
    if (event.type === 'hand.started') {
      hands++;
      chomboThisHand = false;
    }
    if (event.type === 'seat.riichiAccepted' && !chomboThisHand) riichiSeat = event.seat;
  });
  actor.start();
  for (;;) {
    const snapshot = actor.getSnapshot();
    if (hands > maxHands || snapshot.status === 'done') break;
    let input: RiichiInput | null;
    if (riichiSeat !== null) {
      input = {
        type: 'operator.chomboDeclared',
        seat: riichiSeat,
        reason: 'riichiNotTenpai',
        operator: 'Mika',
      };
      riichiSeat = null;
      chomboThisHand = true;
    } else if (snapshot.value === 'askingAgariYame') {
      const { dealer } = snapshot.context.progress;
      input = {
        type: 'seat.agariYameDecided',
        seat: dealer,
        stop: botTakesAgariYame(snapshot.context.hand.points, dealer),
      };
    } else input = nextInput(snapshot, rng, bots);
    if (input === null) break;
    events.push(input);
    actor.send(input);
  }
  actor.stop();
  return events;
}
