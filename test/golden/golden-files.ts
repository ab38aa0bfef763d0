// Golden fixtures of the behaviour lock (issue 14): named text artifacts in one gzipped JSON file each, compared line by line.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { canonicalJson as sortedJson } from '../../host/session/same-event.js';

export const FIXTURES = path.join(import.meta.dirname, 'fixtures');
/** The SQLite database written by real host sessions of an older version (make-database.ts). */
export const DATABASE_FIXTURE = path.join(FIXTURES, 'host.sqlite.gz');

/** Set only to record an intended behaviour change (README.md): the goldens are rewritten instead of checked. */
export const UPDATING = process.env['MJ_UPDATE_GOLDEN'] === '1';

/** Artifact name (`log.jsonl`, `export.csv`...) to its exact text. */
export type Artifacts = Readonly<Record<string, string>>;

export function readArtifacts(file: string): Artifacts | null {
  if (!existsSync(file)) return null;
  return JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as Artifacts;
}

export function writeArtifacts(file: string, artifacts: Artifacts): void {
  mkdirSync(path.dirname(file), { recursive: true });
  // Fixed gzip level and no mtime in the header (Node writes none): the same artifacts give the same bytes.
  writeFileSync(file, gzipSync(JSON.stringify(artifacts, null, 1) + '\n', { level: 9 }));
}

/**
 * Every difference between the golden artifacts and the ones made now, each said as its first differing line
 * (line number, golden and current text): empty when they are the same. A missing fixture is one difference.
 */
export function differences(name: string, golden: Artifacts | null, current: Artifacts): string[] {
  if (golden === null) return [`${name}: no golden fixture; record it with MJ_UPDATE_GOLDEN=1 (README.md)`];
  const out: string[] = [];
  for (const key of new Set([...Object.keys(golden), ...Object.keys(current)])) {
    const want = golden[key];
    const got = current[key];
    if (want === got) continue;
    if (want === undefined || got === undefined) {
      out.push(`${name} ${key}: ${want === undefined ? 'new artifact, not in the golden' : 'missing now'}`);
      continue;
    }
    const a = want.split('\n');
    const b = got.split('\n');
    let line = 0;
    while (line < a.length && line < b.length && a[line] === b[line]) line++;
    const [wantLine, gotLine] = [a[line], b[line]];
    let column = 0;
    while (
      wantLine !== undefined &&
      gotLine !== undefined &&
      column < wantLine.length &&
      wantLine[column] === gotLine[column]
    )
      column++;
    // A long line (a whole event) is shown from a little before the column where it first differs.
    const from = Math.max(0, column - 120);
    const show = (text: string | undefined) =>
      text === undefined
        ? '(end of text)'
        : `${from > 0 ? '...' : ''}${text.slice(from, from + 300)}${text.length > from + 300 ? '...' : ''}`;
    out.push(
      `${name} ${key}: first difference at line ${line + 1}, column ${column + 1} (golden ${a.length} lines, now ${b.length})\n` +
        `  golden: ${show(wantLine)}\n  now:    ${show(gotLine)}`,
    );
  }
  return out;
}

/** Checks `current` against the fixture `file`, or rewrites it when UPDATING; returns the differences found. */
export function checkGolden(file: string, current: Artifacts): string[] {
  if (UPDATING) {
    writeArtifacts(file, current);
    return [];
  }
  return differences(path.relative(FIXTURES, file), readArtifacts(file), current);
}

/**
 * JSON with object keys sorted (same-event.ts, as recovery compares events), for values whose meaning, not their
 * bytes, is locked (views, summaries, steps): a restructuring may build an object's fields in another order without
 * changing what it says. `indent`: one value per line, so a difference is reported at the field that differs.
 */
export function canonicalJson(value: unknown, indent?: number): string {
  const text = sortedJson(value);
  return indent === undefined ? text : JSON.stringify(JSON.parse(text), null, indent);
}

/** A short hash of a state (its canonical JSON), enough to say at which event two folds first part. */
export const stateHash = (value: unknown): string =>
  createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 16);

/** Values as JSON lines: one per line, so a difference is reported at the value that differs. */
export const jsonLines = (values: readonly unknown[]): string =>
  values.map((v) => canonicalJson(v)).join('\n');
