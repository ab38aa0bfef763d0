// Physical actions at the table (what players do), and scenario files: JSONL scripts of those actions.
import { z } from 'zod';
import { parseTile, parseTiles, type Tile } from '../../rules/tiles.js';
import {
  LidStateSchema,
  ReplacementReasonSchema,
  SeatButtonSchema,
  SeatSchema,
  SticksSchema,
  TablePhaseSchema,
  type LidState,
  type ReplacementReason,
  type Seat,
  type SeatButton,
  type Sticks,
  type TablePhase,
} from '../../table/table-events.js';

/**
 * One thing a person does at the table. The table senses it and reports the matching event:
 * draw → table.tileDrawn (the next live-wall tile; with `from: 'dead'` the next replacement tile from the dead
 * wall, after a kan or a North set aside; `from: 'tail'` the next from the tail, in the Chinese family's modes;
 * a replacement is table.replacementDrawn with its reason when the host switched protocol 2 on), discard →
 * table.tileDiscarded, meld → table.meldLaid, setAside → table.bonusSetAside (a bonus tile from the hand),
 * reveal → table.handRevealed (the seat's whole hand), placeHand → table.handPlaced (Minefield: 13 tiles from
 * the seat's own wall), press → table.buttonPressed, sticks → table.sticksChanged (the tray's new counts),
 * lid → table.lidChanged.
 */
export type PhysicalAction =
  /** `reason`: why a replacement is taken (default: the seat's last kan, North or bonus tile set aside). */
  | {
      readonly do: 'draw';
      readonly seat: Seat;
      readonly from?: 'live' | 'dead' | 'tail';
      readonly reason?: ReplacementReason;
    }
  | { readonly do: 'setAside'; readonly seat: Seat; readonly tile: Tile }
  | { readonly do: 'discard'; readonly seat: Seat; readonly tile: Tile }
  /** `tiles` come from the hand, except that with `claimFrom` the last discard of that seat is one of them. */
  | { readonly do: 'meld'; readonly seat: Seat; readonly tiles: readonly Tile[]; readonly claimFrom?: Seat }
  | { readonly do: 'reveal'; readonly seat: Seat }
  | { readonly do: 'placeHand'; readonly seat: Seat; readonly tiles: readonly Tile[] }
  | { readonly do: 'press'; readonly seat: Seat; readonly button: SeatButton }
  | { readonly do: 'sticks'; readonly seat: Seat; readonly sticks: Sticks }
  | { readonly do: 'lid'; readonly lid: LidState };

/**
 * A scenario step: an action, or a wait until the table reaches a phase (`{"waitFor":"handsDealt"}`), and how
 * long after the previous step it happens (ms, default 0).
 */
export type ScenarioStep =
  | { readonly after: number; readonly action: PhysicalAction }
  | { readonly after: number; readonly waitFor: TablePhase };

/** A tile in compact notation (`"5m"`), checked by the tile parser. */
export const tileText = z.string().transform((text, ctx) => {
  const tile = parseTile(text);
  if (!tile.ok) {
    ctx.addIssue({ code: 'custom', message: tile.message });
    return z.NEVER;
  }
  return tile.value;
});
const tilesText = z.string().transform((text, ctx) => {
  const tiles = parseTiles(text);
  if (!tiles.ok) {
    ctx.addIssue({ code: 'custom', message: tiles.message });
    return z.NEVER;
  }
  return tiles.value;
});
const after = z.number().min(0).default(0);

/** A scenario line as written in the file: tiles in compact notation (`"tile":"5m"`, `"tiles":"123m"`). */
export const ScenarioLineSchema = z.discriminatedUnion('do', [
  z.object({
    after,
    do: z.literal('draw'),
    seat: SeatSchema,
    from: z.enum(['live', 'dead', 'tail']).optional(),
    reason: ReplacementReasonSchema.optional(),
  }),
  z.object({ after, do: z.literal('setAside'), seat: SeatSchema, tile: tileText }),
  z.object({ after, do: z.literal('discard'), seat: SeatSchema, tile: tileText }),
  z.object({
    after,
    do: z.literal('meld'),
    seat: SeatSchema,
    tiles: tilesText,
    claimFrom: SeatSchema.optional(),
  }),
  z.object({ after, do: z.literal('reveal'), seat: SeatSchema }),
  z.object({ after, do: z.literal('placeHand'), seat: SeatSchema, tiles: tilesText }),
  z.object({ after, do: z.literal('press'), seat: SeatSchema, button: SeatButtonSchema }),
  z.object({ after, do: z.literal('sticks'), seat: SeatSchema, sticks: SticksSchema }),
  z.object({ after, do: z.literal('lid'), lid: LidStateSchema }),
]);

const WaitLineSchema = z.object({ after, waitFor: TablePhaseSchema }).strict();

export type ScenarioResult =
  { ok: true; steps: ScenarioStep[] } | { ok: false; code: 'bad_scenario'; message: string };

/** Parses a JSONL scenario: one step per line; blank lines and lines starting with `#` or `//` are skipped. */
export function parseScenario(text: string): ScenarioResult {
  const steps: ScenarioStep[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('//')) continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      return {
        ok: false,
        code: 'bad_scenario',
        message: `line ${i + 1}: not JSON (${(error as Error).message})`,
      };
    }
    const wait = WaitLineSchema.safeParse(json);
    if (wait.success) {
      steps.push({ after: wait.data.after, waitFor: wait.data.waitFor });
      continue;
    }
    const parsed = ScenarioLineSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return {
        ok: false,
        code: 'bad_scenario',
        message: `line ${i + 1}: ${issue.path.join('.') || 'step'}: ${issue.message}`,
      };
    }
    const { after: delay, ...action } = parsed.data;
    steps.push({ after: delay, action: action as PhysicalAction });
  }
  return { ok: true, steps };
}
