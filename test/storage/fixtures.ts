// Shared test helpers for storage: temporary folders, a small event vocabulary with a zod schema, file snapshots.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { openDatabase, type OpenedDatabase } from '../../host/storage/index.js';

/** A stand-in vocabulary: storage must work for any tagged union, so the tests use their own. */
export const TestEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('test.tick'), n: z.number().int(), text: z.string() }),
  z.object({
    type: z.literal('seat.noted'),
    seat: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    note: z.string(),
  }),
]);
export type TestEvent = z.infer<typeof TestEventSchema>;
export const validateTestEvent = (value: unknown) => TestEventSchema.safeParse(value);

/** The event the crash child appends as `seq`: derived from seq alone so any stored row can be checked. */
export const tickFor = (seq: number): TestEvent => ({
  type: 'test.tick',
  n: seq,
  text: 'x'.repeat(seq % 97),
});
export const atMsFor = (seq: number): number => 1_700_000_000_000 + seq * 250;

export function makeTempDir(label: string): string {
  return mkdtempSync(path.join(tmpdir(), `mahjong-storage-${label}-`));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Opens or fails the test with the error's code and message. */
export function mustOpen(file: string): OpenedDatabase {
  const opened = openDatabase({ path: file, nowMs: () => 1_700_000_000_000 });
  if (!opened.ok) throw new Error(`${opened.code}: ${opened.message}`);
  return opened.value;
}

/** The bytes of a file and of its sidecars, to prove a refused file was left untouched. */
export function fileState(file: string): Record<string, string | null> {
  const state: Record<string, string | null> = {};
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    state[suffix || 'main'] = existsSync(file + suffix)
      ? readFileSync(file + suffix).toString('base64')
      : null;
  }
  return state;
}
