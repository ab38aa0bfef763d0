// Each seat's points at the end of every hand, gathered from the public states a screen has seen.
//
// No game logic: the points are the host's; this only remembers them by hand number. Points at the start
// of hand n are the points at the end of hand n-1, so a screen that joins mid-hand still gets a point.
import type { MinefieldView } from '../../../contract/ipc-contract.js';

/** hand number → points of Minefield seats 0 and 1 after that hand (0 = the starting points). */
export type PointsHistory = ReadonlyMap<number, readonly number[]>;

const FINISHED: ReadonlySet<MinefieldView['phase']> = new Set(['won', 'drawn', 'over']);

export function recordPoints(history: PointsHistory, view: MinefieldView): PointsHistory {
  const key = FINISHED.has(view.phase) ? view.handNumber : view.handNumber - 1;
  const known = history.get(key);
  if (known !== undefined && known.every((value, i) => value === view.points[i])) return history;
  const next = new Map(history);
  next.set(key, [...view.points]);
  return next;
}

/** The hand numbers in order and, per seat, the points after each of them. */
export function seriesOf(history: PointsHistory, seats: number): { hands: number[]; series: number[][] } {
  const hands = [...history.keys()].sort((a, b) => a - b);
  return {
    hands,
    series: Array.from({ length: seats }, (_, seat) => hands.map((key) => history.get(key)![seat] ?? 0)),
  };
}
