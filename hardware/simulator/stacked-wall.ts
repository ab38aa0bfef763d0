// A stacked wall as text (`simulate --stack FILE`): {"dice":[3,4],"live":["1m","1m",null,...],"replacements":["5s"]}, tiles in compact notation, null for a tile left shuffled.
import { z } from 'zod';
import { tileText } from './actions.js';
import type { StackedWall } from './table-model.js';

const die = z.number().int().min(1).max(6);
const StackedWallSchema = z
  .object({
    dice: z.tuple([die, die]),
    live: z.array(tileText.nullable()).optional(),
    replacements: z.array(tileText.nullable()).optional(),
  })
  .strict();

export type StackedWallResult =
  | { readonly ok: true; readonly value: StackedWall }
  | { readonly ok: false; readonly code: 'bad_stack'; readonly message: string };

/** Parses a stacked wall file; a bad one gives `bad_stack` saying where. */
export function parseStackedWall(text: string): StackedWallResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, code: 'bad_stack', message: `not JSON (${(error as Error).message})` };
  }
  const parsed = StackedWallSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      ok: false,
      code: 'bad_stack',
      message: `${issue.path.join('.') || 'the file'}: ${issue.message}`,
    };
  }
  return { ok: true, value: parsed.data };
}
