// The table's copy of the kan dora indicators (PROTOCOL.md FLIP_DORA, revision 1.2): the machine reveals each at its
// moment (riichi.md 3.5) and the table is asked to turn the next, one flip at a time, so it is never refused as busy.
import type { TableEvent } from '../../../table/table-events.js';
import type { HandModel } from './hand-state.js';

/**
 * How many kan dora indicators the table shows, whether a flip is under way, and whether the table refused one (a
 * table before revision 1.2: the hand goes on from the wall model, which knows the indicators anyway).
 */
export interface KanDoraFlips {
  readonly shown: number;
  readonly asked: boolean;
  readonly refused: boolean;
}

/** A fresh hand: the table shows no kan dora yet. */
export const NO_KAN_DORA: KanDoraFlips = { shown: 0, asked: false, refused: false };

/**
 * What the table says about its kan dora indicators: a flip asked for is done (DORA_FLIPPED), refused, or
 * abandoned (a fault at the dora stage, a reboot: the link drops queued commands); a snapshot says how many show.
 */
export function kanDoraHeard(k: KanDoraFlips, event: TableEvent): KanDoraFlips {
  switch (event.type) {
    case 'table.doraFlipped':
      // The hand's first indicator arrives while nothing was asked (the count was just reset for the hand).
      return { ...k, shown: k.asked ? k.shown + 1 : k.shown, asked: false };
    case 'table.commandRejected':
      if (event.command !== 'flipDora' || !k.asked) return k;
      // busy and faultLatched pass; anything else is a table that cannot flip kan dora (before revision 1.2).
      return { ...k, asked: false, refused: k.refused || (event.code !== 'busy' && event.code !== 'faultLatched') };
    case 'table.fault':
      return event.fault.stage === 'dora' ? { ...k, asked: false } : k;
    case 'link.rebooted':
      return { ...k, asked: false };
    case 'table.state':
      return { ...k, shown: event.snapshot.kanDora?.length ?? 0 };
    default:
      return k;
  }
}

/** Whether the table should turn the next kan dora now: it shows fewer than the hand revealed, and none is under way. */
export function kanDoraToFlip(k: KanDoraFlips, hand: HandModel): boolean {
  if (k.asked || k.refused) return false;
  if (hand.phase.kind === 'dealing' || hand.phase.kind === 'over') return false;
  return k.shown < hand.indicatorsShown - 1;
}
