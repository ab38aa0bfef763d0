// Issue 5 formats: tenhou.net/6 import → export round trip, refused files leave storage untouched, mjai and CSV of Minefield.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEventLog, listSessions, openDatabase } from '../../host/storage/index.js';
import type { LogEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import { importTenhou6File } from '../../families/riichi/import.js';
import { exportSession } from '../../host/reports/export.js';
import { parseTenhou6 } from '../../families/riichi/formats/index.js';
import { writeMinefieldSession } from './fixtures/write-session.js';

const DATA = '/work/shared/data/tenhou6';
const dir = mkdtempSync(path.join(tmpdir(), 'host-formats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function freshDb(name: string) {
  const opened = openDatabase({ path: path.join(dir, name) });
  if (!opened.ok) throw new Error(opened.message);
  return { db: opened.value.db, log: createEventLog<LogEvent>(opened.value.db, validateLogEvent) };
}

describe('tenhou.net/6 import and export (issue 5)', () => {
  it('export after import gives the same game, for every importable sample file', () => {
    const { db, log } = freshDb('roundtrip.sqlite');
    const files = readdirSync(DATA)
      .filter((f) => f.endsWith('.json'))
      .slice(0, 40);
    let imported = 0;
    for (const file of files) {
      const original = parseTenhou6(readFileSync(path.join(DATA, file), 'utf8'));
      const stored = importTenhou6File(db, path.join(DATA, file), 1_700_000_000_000);
      expect(stored.ok).toBe(original.ok);
      if (!stored.ok || !original.ok) continue;
      imported++;
      const exported = exportSession(db, log, stored.value.sessionId, 'tenhou');
      if (!exported.ok) throw new Error(exported.message);
      const again = parseTenhou6(exported.value.content);
      if (!again.ok) throw new Error(again.message);
      expect(again.value.rounds).toEqual(original.value.rounds);
      expect(again.value.players).toEqual(original.value.players);
    }
    expect(imported).toBeGreaterThan(20);
    db.close();
  });

  it('refuses a truncated, a corrupt and a newer-version file with a clear message, storing nothing', () => {
    const { db } = freshDb('refused.sqlite');
    const sample = readFileSync(
      path.join(
        DATA,
        readdirSync(DATA).find((f) => f.endsWith('.json'))!,
      ),
      'utf8',
    );
    const truncated = path.join(dir, 'truncated.json');
    writeFileSync(truncated, sample.slice(0, Math.floor(sample.length / 2)));
    const corrupt = path.join(dir, 'corrupt.json');
    writeFileSync(corrupt, JSON.stringify({ ...JSON.parse(sample), log: [[1, 2, 3]] }));
    const newer = path.join(dir, 'newer.json');
    writeFileSync(newer, JSON.stringify({ ...JSON.parse(sample), ver: '9.0' }));
    const a = importTenhou6File(db, truncated, 1);
    const b = importTenhou6File(db, corrupt, 1);
    const c = importTenhou6File(db, newer, 1);
    expect(a.ok ? null : a.code).toBe('import_corrupt');
    expect(a.ok ? '' : a.message).toMatch(/truncated\.json was not imported \(bad_json\)/);
    expect(b.ok ? null : b.code).toBe('import_corrupt');
    expect(c.ok ? null : c.code).toBe('import_newer_version');
    expect(listSessions(db)).toHaveLength(0);
    expect(db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(0);
    db.close();
  });
});

describe('Minefield session exports (issue 5)', () => {
  const { db, log } = freshDb('minefield.sqlite');
  const written = writeMinefieldSession(db, 40, 99);
  const read = log.read(written.sessionId);
  if (!read.ok) throw new Error(read.message);
  const wins = read.value.filter((r) => r.event.type === 'hand.won').length;
  const draws = read.value.filter((r) => r.event.type === 'hand.drawn').length;

  it('mjai JSON Lines: one start_kyoku per hand, a hora per win, a ryukyoku per draw, every line JSON', () => {
    const file = exportSession(db, log, written.sessionId, 'mjai');
    if (!file.ok) throw new Error(file.message);
    const lines = file.value.content
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; tehais?: string[][] });
    expect(lines.filter((l) => l.type === 'start_kyoku')).toHaveLength(written.hands);
    expect(lines.filter((l) => l.type === 'hora')).toHaveLength(wins);
    expect(lines.filter((l) => l.type === 'ryukyoku')).toHaveLength(draws);
    for (const start of lines.filter((l) => l.type === 'start_kyoku'))
      for (const hand of start.tehais!) expect(hand).toHaveLength(13);
  });

  it('CSV of results: a row per hand with its result and the points after it', () => {
    const file = exportSession(db, log, undefined, 'csv');
    if (!file.ok) throw new Error(file.message);
    const rows = file.value.content.trim().split('\n');
    expect(rows[0]).toMatch(/^session,game,hand,dealer_seat/);
    expect(rows.filter((r) => r.split(',')[5] === 'won')).toHaveLength(wins);
    expect(rows.filter((r) => r.split(',')[5] === 'drawn')).toHaveLength(draws);
  });

  it('tenhou.net/6 of a Minefield session is refused with a clear message', () => {
    const file = exportSession(db, log, written.sessionId, 'tenhou');
    expect(file.ok ? null : file.code).toBe('export_unsupported');
    expect(file.ok ? '' : file.message).toMatch(/riichi-family.*minefield.*mjai or csv/);
  });
});
