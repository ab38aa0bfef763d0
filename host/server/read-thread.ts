// The read worker's thread (read-worker.ts): heavy reads on its own read-only connection, so the host's event loop, which runs the table link, never waits for them.
import { parentPort, workerData } from 'node:worker_threads';
import type { IpcReply } from '../../contract/ipc-contract.js';
import { createEventLog, openReadOnlyDatabase } from '../storage/index.js';
import type { LogEvent } from '../session/log-events.js';
import { validateLogEvent } from '../families/log-vocabulary.js';
import { createHeavyReadHandlers } from './heavy-read-handlers.js';
import type { ReadRequest, ReadThreadMessage } from './read-worker.js';

const port = parentPort!;
const post = (message: ReadThreadMessage): void => port.postMessage(message);
const opened = (() => {
  try {
    return openReadOnlyDatabase((workerData as { dbPath: string }).dbPath);
  } catch (error) {
    // better-sqlite3 throws a TypeError for a folder that does not exist.
    return { ok: false as const, code: 'db_unreadable', message: (error as Error).message };
  }
})();
if (!opened.ok) post({ kind: 'failed', message: `${opened.code}: ${opened.message}` });
else {
  const db = opened.value;
  // Nothing else runs on this thread: a large page is read whole, with no pause between its slices.
  const handlers = createHeavyReadHandlers(db, createEventLog<LogEvent>(db, validateLogEvent), async () => {});
  port.on('message', (request: ReadRequest) => {
    const handler = handlers[request.channel] as (payload: unknown) => Promise<IpcReply<unknown>>;
    handler(request.payload)
      .catch((error: Error): IpcReply<unknown> => ({ ok: false, code: 'host_threw', message: `${request.channel}: ${error.message}` }))
      .then((reply) => post({ kind: 'reply', id: request.id, json: JSON.stringify(reply) }));
  });
  post({ kind: 'ready' });
}
