// Makes test/golden/fixtures/host.sqlite.gz: real host sessions of every variant on the built-in simulator, an import and a session left open.
//
// Run ONLY to make the database of a version on purpose (`npx tsx test/golden/make-database.ts`): the point of the
// fixture is that it was written by older code, so a later version proves it still opens and reads the same. After
// making it, regenerate its expectations with `MJ_UPDATE_GOLDEN=1 npx vitest run test/golden`.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Host, type SeatRequest, type SessionRequest } from '../../host/session/host.js';
import { importTenhou6File } from '../../families/riichi/import.js';
import { addPlayer } from '../../host/storage/index.js';
import { DATABASE_FIXTURE } from './golden-files.js';

/** A whole session of bots per variant and preset, each game cut after two hands to keep the file small. */
const SESSIONS: readonly (Omit<SessionRequest, 'target' | 'seed'> & { seed: number; named?: boolean })[] = [
  { variant: 'riichi', preset: 'club', seed: 11, handsPerGame: 2, named: true },
  { variant: 'riichi', preset: 'tenhou', seed: 12, handsPerGame: 2 },
  { variant: 'riichi', preset: 'tournament', seed: 13, handsPerGame: 2 },
  { variant: 'sanma', preset: 'sanma', seed: 14, handsPerGame: 2 },
  { variant: 'mangan', preset: 'mangan', seed: 15, handsPerGame: 2 },
  { variant: 'mangan', preset: 'mangan', seed: 16, handsPerGame: 2, tagTeam: true },
  { variant: 'clear', preset: 'clear', seed: 17, handsPerGame: 2 },
  { variant: 'tenpai-race', preset: 'tenpai-race', seed: 18, handsPerGame: 2 },
];
/** Minefield takes no hands limit: its session is ended by the operator once this many events are logged. */
const MINEFIELD_EVENTS = 300;
/** The session left open (the host closed without ending it), as a crashed host leaves it: resumed by the test. */
const OPEN_AFTER_EVENTS = 150;
const PACE = { thinkMs: 0, motorMs: 1 };
const IMPORTED = path.resolve(
  import.meta.dirname,
  '../../../shared/data/tenhou6/mjx-2010081709gm-00a9-0000-fe3371ad.json',
);

/** The built-in simulator, shuffling from the session's own seed (what the host picks when none is given). */
const simulator = (seed: number): SessionRequest['target'] => ({ kind: 'simulator', seed });

function open(dbPath: string, maxGames?: number): Host {
  const opened = Host.open({ dbPath, pace: PACE, ...(maxGames === undefined ? {} : { maxGames }) });
  if (!opened.ok) throw new Error(opened.message);
  return opened.value;
}

async function start(host: Host, request: SessionRequest): Promise<number> {
  const started = await host.startSession(request);
  if (!started.ok) throw new Error(`${request.variant}: ${started.message}`);
  return started.value;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'golden-db-'));
  const dbPath = path.join(dir, 'table.sqlite');
  try {
    let host = open(dbPath, 1);
    // Named club players at the first session, so the standings have someone to rank.
    const players: SeatRequest[] = (['Aki', 'Ben', 'Chie', 'Dai'] as const).map((name, seat) => {
      const added = addPlayer(host.db, name, 1_700_000_000_000);
      if (!added.ok) throw new Error(added.message);
      return { seat: seat as 0 | 1 | 2 | 3, playerId: added.value.id, name, bot: true };
    });
    for (const { named, ...request } of SESSIONS) {
      await start(host, {
        ...request,
        ...(named === true ? { seats: players } : {}),
        target: simulator(request.seed),
      });
      await host.whenSessionEnded();
      if (host.fault !== null) throw new Error(`${request.variant}: ${host.fault}`);
      process.stderr.write(`made ${request.variant}/${request.preset}\n`);
    }
    await host.close();

    host = open(dbPath);
    await start(host, { variant: 'minefield', seed: 19, target: simulator(19) });
    await host.waitFor((state) => state.eventSeq >= MINEFIELD_EVENTS, 120_000);
    const ended = await host.endSession('operator');
    if (!ended.ok) throw new Error(ended.message);
    const imported = importTenhou6File(host.db, IMPORTED, 1_700_000_000_000);
    if (!imported.ok) throw new Error(imported.message);
    await start(host, { variant: 'riichi', preset: 'club', seed: 20, target: simulator(20) });
    await host.waitFor((state) => state.eventSeq >= OPEN_AFTER_EVENTS, 120_000);
    await host.close();

    // One file, no WAL beside it: copied after the close checkpointed it.
    const copy = path.join(dir, 'copy.sqlite');
    copyFileSync(dbPath, copy);
    writeFileSync(DATABASE_FIXTURE, gzipSync(readFileSync(copy), { level: 9 }));
    process.stderr.write(`wrote ${DATABASE_FIXTURE}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
