// One summary per tenhou.net/6 log: refused with a code, or replayed and scored against what it recorded.
import { checkGame } from './score-check.js';
import { parseTenhou6 } from './tenhou6.js';

export type Tenhou6Report =
  | { readonly ok: false; readonly code: string; readonly message: string }
  | {
      readonly ok: true;
      readonly rounds: number;
      readonly events: number;
      readonly wins: number;
      readonly winsAgreeing: number;
      readonly wonRounds: number;
      readonly wonRoundsPaidAsRecorded: number;
      readonly exhaustiveDraws: number;
      readonly exhaustiveDrawsAgreeing: number;
      /** Each difference between rules/ and the record, naming round, seat and field. */
      readonly disagreements: readonly string[];
    };

/** Reads a log strictly, replays it and scores every win with rules/ (tenhou preset). */
export function tenhou6Report(text: string): Tenhou6Report {
  const parsed = parseTenhou6(text);
  if (!parsed.ok) return parsed;
  const record = parsed.value;
  const check = checkGame(record);
  const winDiffs = check.wins
    .filter((w) => w.differences.length > 0)
    .map((w) => `${w.where}: ${w.differences.join('; ')}`);
  return {
    ok: true,
    rounds: record.rounds.length,
    events: record.rounds.reduce((n, r) => n + r.events.length, 0),
    wins: check.wins.length,
    winsAgreeing: check.wins.length - winDiffs.length,
    wonRounds: check.paymentsChecked,
    wonRoundsPaidAsRecorded: check.paymentsChecked - check.paymentDifferences.length,
    exhaustiveDraws: check.exhaustiveDraws,
    exhaustiveDrawsAgreeing: check.exhaustiveDraws - check.drawDifferences.length,
    disagreements: [...winDiffs, ...check.paymentDifferences, ...check.drawDifferences],
  };
}
