// The tournament's chombo triggers (variants.md V6.2 item 1 and T3), one list for the rules, the operator's log event
// and the screen contract. The first four end the hand at once; the two riichi ones are checked only when the hand
// ends in a draw and then replace the draw's settlement (tournament.ts).
export const CHOMBO_TRIGGERS = [
  'wallRevealed',
  'handRevealed',
  'falseWinShown',
  'furitenRonShown',
  'riichiNotTenpai',
  'illegalKanAfterRiichi',
] as const;
export type ChomboTrigger = (typeof CHOMBO_TRIGGERS)[number];
