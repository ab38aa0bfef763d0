// Shared by the host's variant tests: a database in a fresh temporary folder, a host on it, its log, and a log's derived events replayed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { Host, type HostOptions } from '../../host/session/host.js';
import { isSourceEvent, type LogEvent, type LoggedEvent, type SourceEvent } from '../../host/session/log-events.js';
import { variantEntry } from '../../host/families/registry.js';
import type { SessionPlay } from '../../host/families/family.js';
import { coreInputOf } from '../../host/session/operator-overrides.js';
import { MinefieldCore } from '../../families/minefield/core.js';

/** A `table.sqlite` path in a new temporary folder, removed after each test of the calling file. */
export function temporaryDatabases(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return path.join(dir, 'table.sqlite');
  };
}

/** A host on the database at `dbPath`, playing at `pace`; throws if it cannot open. */
export function openHost(dbPath: string, pace: HostOptions['pace']): Host {
  const opened = Host.open({ dbPath, pace });
  if (!opened.ok) throw new Error(opened.message);
  return opened.value;
}

/** Session `sessionId`'s log as stored; throws if it cannot be read. */
export function logOf(host: Host, sessionId: number): readonly LoggedEvent[] {
  const read = host.log.read(sessionId);
  if (!read.ok) throw new Error(read.message);
  return read.value;
}

/** A host result's refusal code, or null when it succeeded. */
export const codeOf = (result: { ok: boolean; code?: string }): string | null =>
  result.ok ? null : result.code!;

/** Re-runs the logged source events through a fresh core of the variant: its derived events, in order. */
export function replayDerived(
  variant: string,
  preset: string,
  records: readonly { seq: number; atMs: number; event: LogEvent }[],
  play?: SessionPlay,
): unknown[] {
  const core = variantEntry(variant)!.createCore({ startAtMs: records[0]!.atMs }, preset, play);
  const derived: unknown[] = [];
  for (const record of records)
    if (isSourceEvent(record.event))
      derived.push(...core.step(record.seq, record.atMs, coreInputOf(record.event as SourceEvent)).derived);
  core.stop();
  return derived;
}

/** The running session's core when it plays Minefield (tests compare its machine with the folded view). */
export function minefieldCoreOf(host: Host): MinefieldCore | null {
  const core = host.variantCore;
  return core instanceof MinefieldCore ? core : null;
}
