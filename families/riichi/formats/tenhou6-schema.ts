// The shape of a tenhou.net/6 JSON file as zod schemas: structure only; tiles, calls and turn order are checked after.
import { z } from 'zod';
import type { FormatError } from './game-record.js';

/** The newest log version this importer reads (tenhou's mjlog `ver`; files without `ver` are taken as this). */
export const SUPPORTED_VERSION = '2.3';

/** A draw or discard entry: a tile code, 60 (tsumogiri), 0 (after an open kan), or a call / riichi string. */
const entry = z.union([z.int(), z.string()]);
const tileCodes = z.array(z.int());

export const roundSchema = z.tuple([
  z.tuple([z.int().min(0), z.int().min(0), z.int().min(0)]),
  z.array(z.number()).length(4),
  tileCodes.min(1),
  tileCodes,
  tileCodes,
  z.array(entry),
  z.array(entry),
  tileCodes,
  z.array(entry),
  z.array(entry),
  tileCodes,
  z.array(entry),
  z.array(entry),
  tileCodes,
  z.array(entry),
  z.array(entry),
  z.array(z.unknown()).min(1),
]);

export type RawRound = z.infer<typeof roundSchema>;

export const gameSchema = z.strictObject({
  title: z.array(z.string()),
  name: z.array(z.string()).length(4),
  rule: z.strictObject({
    disp: z.string(),
    aka: z.int().min(0).max(1).optional(),
    aka51: z.int().min(0).max(1).optional(),
    aka52: z.int().min(0).max(2).optional(),
    aka53: z.int().min(0).max(1).optional(),
  }),
  log: z.array(z.unknown()),
  ver: z.string().optional(),
  ref: z.string().optional(),
  sc: z.array(z.number()).optional(),
  ratingc: z.string().optional(),
  lobby: z.int().optional(),
  dan: z.array(z.string()).optional(),
  rate: z.array(z.number()).optional(),
  sx: z.array(z.string()).optional(),
});

export type RawGame = z.infer<typeof gameSchema>;

const ROUND_FIELDS = ['header [round, honba, sticks]', 'start scores', 'dora indicators', 'ura indicators'];

/** Names a position inside one round array: 5 → "seat 0 draws", 16 → "result". */
export function roundFieldName(index: number): string {
  if (index < 4) return ROUND_FIELDS[index]!;
  if (index >= 16) return 'result';
  const seat = Math.floor((index - 4) / 3);
  return `seat ${seat} ${['deal', 'draws', 'discards'][(index - 4) % 3]}`;
}

/** One zod issue as `where: what`, with the path written the way the file reads (`log[2] … [5]`). */
export function describeIssue(
  prefix: string,
  issue: z.core.$ZodIssue,
  namer?: (index: number) => string,
): string {
  const path = issue.path;
  let where = prefix;
  path.forEach((part, i) => {
    if (i === 0 && namer && typeof part === 'number') where += ` ${namer(part)}`;
    else where += typeof part === 'number' ? `[${part}]` : `${where ? '.' : ''}${String(part)}`;
  });
  return `${where || 'the file'}: ${issue.message}`;
}

/** Makes the error for a place in one round: the caller's prefix names the round (`log[3] East 4-1, …`). */
export type Fail = (message: string, code?: 'bad_log' | 'bad_tile') => FormatError;
