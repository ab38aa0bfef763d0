// Crash-test child: appends events to the open session as fast as it can, printing each committed seq, until killed.
// Run: node --import tsx test/storage/append-child.ts FILE
import {
  createEventLog,
  openDatabase,
  openSessions,
  saveSnapshot,
  startSession,
} from '../../host/storage/index.js';
import { atMsFor, tickFor, validateTestEvent } from './fixtures.js';

const file = process.argv[2];
if (file === undefined) {
  process.stderr.write('usage: append-child.ts FILE\n');
  process.exit(2);
}
const opened = openDatabase({ path: file });
if (!opened.ok) {
  process.stderr.write(`${opened.code}: ${opened.message}\n`);
  process.exit(3);
}
const { db } = opened.value;
const session =
  openSessions(db)[0] ??
  startSession(db, { variant: 'riichi', preset: 'tenhou', tableId: 'crash-test', startedAtMs: atMsFor(0) });
const log = createEventLog(db, validateTestEvent, 'test');
let last = log.lastSeq(session.id);
process.stdout.write(`ready ${last}\n`);
for (;;) {
  const next = last + 1;
  // Mix single appends with batches, and now and then a snapshot, so a kill can land in any kind of write.
  const count = next % 7 === 0 ? 5 : 1;
  const entries = Array.from({ length: count }, (_, i) => ({
    atMs: atMsFor(next + i),
    event: tickFor(next + i),
  }));
  const appended =
    count === 1 ? log.append(session.id, next, entries[0]!) : log.appendBatch(session.id, next, entries);
  if (!appended.ok) {
    process.stderr.write(`${appended.code}: ${appended.message}\n`);
    process.exit(4);
  }
  last += count;
  if (last % 50 < count)
    saveSnapshot(db, {
      sessionId: session.id,
      seq: last,
      machineVersion: 'crash-test',
      savedAtMs: atMsFor(last),
      state: { seq: last },
    });
  // Written only after the commit returned: every acknowledged seq must survive the kill.
  process.stdout.write(`${last}\n`);
}
