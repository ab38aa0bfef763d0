// Variant game records tallied from riichi-family events (a table run's log, an in-process game's steps): Mangan's burns, Clear's conditions, agari-yame, tag-team swaps.
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import { RiichiGameTally } from '../../families/riichi/machines/simulation.js';
import {
  VARIANT_SETUP,
  type RiichiVariant,
  type VariantGameRecord,
} from '../../families/riichi/machines/variant-simulation.js';
import type { Seat } from '../../rules/payments.js';
import type { ClearCondition } from '../../rules/variants/clear.js';
import type { TagTeamPlayer } from '../../rules/variants/mangan.js';
import { tournamentGameResult } from '../../rules/variants/tournament.js';

/** How a tag-team game was decided, as its log says (`seatEmpty` only in logs from before G6 was ruled). */
export type TagTeamDecision = Extract<RiichiEvent, { type: 'tagTeam.gameDecided' }>['reason'];

/** Mangan's tag-team option (V4.3): partner swaps, and how the game was decided with the eight players' places. */
export interface TagTeamRecord {
  /** Swaps after ten discards (G5). */
  readonly substitutions: number;
  /** Players at 0 or fewer when the game was decided (G6: they play on; the fifth ends the game); 0 until then. */
  readonly playersOut: number;
  readonly reason: TagTeamDecision | null;
  readonly ranking:
    readonly { readonly player: TagTeamPlayer; readonly rank: number; readonly points: number }[] | null;
}

/** Counts the tag-team events of one game. */
export class TagTeamTally {
  substitutions = 0;
  playersOut = 0;
  reason: TagTeamDecision | null = null;
  ranking: TagTeamRecord['ranking'] = null;

  add(event: RiichiEvent): void {
    if (event.type === 'seat.substituted') this.substitutions++;
    if (event.type === 'tagTeam.gameDecided') {
      this.reason = event.reason;
      this.playersOut = event.ranking.filter((r) => r.points <= 0).length;
      this.ranking = event.ranking.map((r) => ({ ...r, player: r.player as TagTeamPlayer }));
    }
  }

  record(): TagTeamRecord {
    return {
      substitutions: this.substitutions,
      playersOut: this.playersOut,
      reason: this.reason,
      ranking: this.ranking,
    };
  }
}

/** One game of a variant, event by event: the riichi tally plus what the variant adds (as `playVariantGame` records). */
export class VariantGameTally {
  readonly riichi: RiichiGameTally;
  readonly tagTeam = new TagTeamTally();
  private burned = 0;
  private offered = 0;
  private taken = 0;
  private decided: string | null = null;
  private cleared: Record<'A' | 'B', readonly ClearCondition[]> = { A: [], B: [] };

  constructor(
    readonly variant: RiichiVariant,
    firstDealer: Seat,
  ) {
    const players = VARIANT_SETUP[variant].options.players as 2 | 3 | 4;
    this.riichi = new RiichiGameTally(players, firstDealer);
  }

  add(event: RiichiEvent): void {
    this.riichi.add(event);
    this.tagTeam.add(event);
    switch (event.type) {
      case 'hand.pointsBurned':
        this.burned += event.total;
        return;
      case 'game.agariYameOffered':
        this.offered++;
        return;
      case 'seat.agariYameDecided':
        if (event.stop) this.taken++;
        return;
      case 'team.conditionCleared':
        this.cleared = { ...this.cleared, [event.team]: [...event.cleared] };
        return;
      case 'clear.gameDecided':
        this.cleared = { A: [...event.cleared.A], B: [...event.cleared.B] };
        this.decided =
          event.result === 'teamWins' ? `team ${event.team} (${event.reason})` : 'tie: Tenpai Race';
        return;
      default:
    }
  }

  /** The record so far (`startPoints` stand when no hand has ended). */
  record(seed: number, startPoints: readonly number[]): VariantGameRecord {
    const record = this.riichi.record(seed, startPoints);
    return {
      ...record,
      variant: this.variant,
      burned: this.burned,
      clear: VARIANT_SETUP[this.variant].machine.clearMahjong
        ? { cleared: this.cleared, decided: this.decided }
        : null,
      agariYame: { offered: this.offered, taken: this.taken },
      tournament:
        this.variant === 'tournament' && record.ended
          ? tournamentGameResult(record.points as [number, number, number, number], record.firstDealer)
              .results
          : null,
    };
  }
}

/** A variant game's record with its tag-team part (null unless the option was on). */
export type VariantRunRecord = VariantGameRecord & { readonly tagTeam: TagTeamRecord | null };

/**
 * Game records of a variant from events holding whole games one after another (a table run's derived events):
 * each `game.started` opens a record. Every record carries the run's seed.
 */
export function variantRecordsFromEvents(
  variant: RiichiVariant,
  events: Iterable<RiichiEvent>,
  seed: number,
  tagTeam = false,
): VariantRunRecord[] {
  const { options } = VARIANT_SETUP[variant];
  const start = Array.from({ length: options.players }, () => options.startingPoints);
  const records: VariantRunRecord[] = [];
  let tally: VariantGameTally | null = null;
  const close = (t: VariantGameTally) =>
    records.push({ ...t.record(seed, start), tagTeam: tagTeam ? t.tagTeam.record() : null });
  for (const event of events) {
    if (event.type === 'game.started') {
      if (tally !== null) close(tally);
      tally = new VariantGameTally(variant, event.firstDealer);
    }
    tally?.add(event);
  }
  if (tally !== null) close(tally);
  return records;
}
