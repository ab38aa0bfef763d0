// Real recorded sessions for the replay viewer's tests: every variant played by bots on the built-in simulator, a voided and an unfinished hand, and a tenhou.net/6 import, in one SQLite file.
import path from 'node:path';
import type { PublicState, RiichiView } from '../../contract/ipc-contract.js';
import { Host, type SeatRequest } from '../../host/session/host.js';
import { importTenhou6File } from '../../families/riichi/import.js';
import { riichiViewOf } from '../../contract/ipc-contract.js';

export const TENHOU_FILE = path.resolve(
  import.meta.dirname,
  '../../../shared/data/tenhou6/mjx-2010091009gm-00a9-0000-83af2648_tw_2.json',
);

/** Club players' names, by table seat: the replay must show them, never seat numbers. */
export const PLAYER_NAMES = ['Akiko Tanaka', 'Bernard Okonkwo', 'Chen Wei', 'Dolores Fitz'] as const;

export interface ReplaySessions {
  readonly dbPath: string;
  /** Session ids by what they hold. */
  readonly ids: {
    readonly minefield: number;
    readonly riichi: number;
    readonly sanma: number;
    readonly mangan: number;
    readonly clear: number;
    readonly tenpaiRace: number;
    readonly tournament: number;
    readonly imported: number;
  };
}

const PACE = { thinkMs: 0, motorMs: 1 };

function seatsOf(tableSeats: readonly (0 | 1 | 2 | 3)[]): SeatRequest[] {
  return tableSeats.map((seat) => ({ seat, playerId: null, name: PLAYER_NAMES[seat], bot: true }));
}

function open(dbPath: string): Host {
  const opened = Host.open({ dbPath, pace: PACE, maxGames: 1 });
  if (!opened.ok) throw new Error(opened.message);
  return opened.value;
}

const riichiPlaying = (s: PublicState): RiichiView | null => {
  const v = riichiViewOf(s);
  return v !== null && v.phase === 'playing' ? v : null;
};

/** A riichi-family session of `hands` hands per game, played to its end. */
async function playRiichi(
  dbPath: string,
  variant: string,
  seats: readonly (0 | 1 | 2 | 3)[],
  options: { preset?: string; hands: number; seed: number },
): Promise<number> {
  const host = open(dbPath);
  const started = await host.startSession({
    variant,
    ...(options.preset === undefined ? {} : { preset: options.preset }),
    target: { kind: 'simulator', seed: options.seed },
    seed: options.seed,
    seats: seatsOf(seats),
    handsPerGame: options.hands,
  });
  if (!started.ok) throw new Error(started.message);
  await host.whenSessionEnded();
  await host.close();
  return started.value;
}

/**
 * Riichi with a voided hand and an unfinished one: the first host stops mid-hand as if killed (the built-in
 * simulator holding the tiles dies with it), the next resumes the session and voids that hand (host.handVoided),
 * plays on, and the operator ends the session in the middle of the hand dealt after.
 */
async function playRiichiCut(dbPath: string, seed: number): Promise<number> {
  const first = open(dbPath);
  const started = await first.startSession({
    variant: 'riichi',
    target: { kind: 'simulator', seed },
    seed,
    seats: seatsOf([0, 1, 2, 3]),
  });
  if (!started.ok) throw new Error(started.message);
  // The second hand, some discards in.
  await first.waitFor((s) => {
    const v = riichiPlaying(s);
    return v !== null && v.handNumber >= 2 && v.seats.reduce((n, x) => n + x.pond.length, 0) >= 6;
  }, 120_000);
  await first.close();
  const second = open(dbPath);
  const resumed = await second.resumeOpenSession();
  if (!resumed.ok || resumed.value !== started.value)
    throw new Error(`not resumed: ${JSON.stringify(resumed)}`);
  const voidedAt = second.publicState().eventSeq;
  await second.waitFor((s) => {
    const v = riichiPlaying(s);
    return s.eventSeq > voidedAt && v !== null && v.seats.reduce((n, x) => n + x.pond.length, 0) >= 5;
  }, 120_000);
  const ended = await second.endSession();
  if (!ended.ok) throw new Error(ended.message);
  await second.close();
  return started.value;
}

/** Minefield until it has both a win and a draw, then ended by the operator in the middle of the next hand. */
async function playMinefield(dbPath: string, seed: number): Promise<number> {
  const host = open(dbPath);
  const started = await host.startSession({
    variant: 'minefield',
    target: { kind: 'simulator', seed },
    seed,
    seats: seatsOf([0, 2]),
  });
  if (!started.ok) throw new Error(started.message);
  const seen = { won: false, drawn: false };
  await host.waitFor((s) => {
    const v = s.view?.variant === 'minefield' ? s.view : null;
    if (v?.lastResult?.kind === 'won') seen.won = true;
    if (v?.lastResult?.kind === 'drawn') seen.drawn = true;
    return (
      (seen.won && seen.drawn && v?.phase === 'awaitingDiscard' && v.discards[0].length >= 3) ||
      s.session?.status === 'ended'
    );
  }, 240_000);
  if (host.publicState().session?.status !== 'ended') {
    const ended = await host.endSession();
    if (!ended.ok) throw new Error(ended.message);
  }
  await host.close();
  return started.value;
}

export async function recordReplaySessions(dir: string): Promise<ReplaySessions> {
  const dbPath = path.join(dir, 'replay.sqlite');
  const minefield = await playMinefield(dbPath, 3);
  const riichi = await playRiichiCut(dbPath, 5);
  const sanma = await playRiichi(dbPath, 'sanma', [0, 1, 2], { hands: 2, seed: 6 });
  const mangan = await playRiichi(dbPath, 'mangan', [0, 1, 2, 3], { hands: 2, seed: 7 });
  const clear = await playRiichi(dbPath, 'clear', [0, 1, 2, 3], { hands: 2, seed: 8 });
  const tenpaiRace = await playRiichi(dbPath, 'tenpai-race', [0, 2], { hands: 2, seed: 9 });
  const tournament = await playRiichi(dbPath, 'riichi', [0, 1, 2, 3], {
    preset: 'tournament',
    hands: 2,
    seed: 10,
  });
  const host = open(dbPath);
  const imported = importTenhou6File(host.db, TENHOU_FILE, Date.now());
  await host.close();
  if (!imported.ok) throw new Error(imported.message);
  return {
    dbPath,
    ids: {
      minefield,
      riichi,
      sanma,
      mangan,
      clear,
      tenpaiRace,
      tournament,
      imported: imported.value.sessionId,
    },
  };
}
