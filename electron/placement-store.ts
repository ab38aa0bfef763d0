// Reads and writes the operator's scoreboard display choice as a small JSON file in Electron's userData folder.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const PLACEMENT_FILE = 'scoreboard-display.json';

const storedSchema = z.object({ version: z.literal(1), displayId: z.number().int().nullable() });

export type LoadedChoice =
  | { readonly ok: true; readonly displayId: number | null }
  /** A file that cannot be read as a choice: the caller falls back to automatic placement and logs why. */
  | { readonly ok: false; readonly code: 'unreadable_choice'; readonly message: string };

/** The remembered display id; a missing file means no choice yet (null). */
export async function loadRememberedDisplay(file: string): Promise<LoadedChoice> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, displayId: null };
    return { ok: false, code: 'unreadable_choice', message: `${file}: ${(error as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, code: 'unreadable_choice', message: `${file}: not JSON` };
  }
  const parsed = storedSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      code: 'unreadable_choice',
      message: `${file}: not a display choice (${parsed.error.issues[0]?.message ?? 'bad shape'})`,
    };
  return { ok: true, displayId: parsed.data.displayId };
}

/** Stores the choice; written to a temporary file and renamed, so a crash never leaves half a file. */
export async function saveRememberedDisplay(file: string, displayId: number | null): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ version: 1, displayId })}\n`, 'utf8');
  await rename(temporary, file);
}
