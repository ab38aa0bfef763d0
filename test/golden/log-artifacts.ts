// What the host derives from a session's log, as golden artifacts: every export, the public and replay folds, the replay's steps.
import { initialPublicModel } from '../../host/view/public-model.js';
import { applyReplay, stepsOf, type ReplayModel } from '../../host/replay/replay-model.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import type { Session } from '../../host/storage/index.js';
import { variantEntry } from '../../host/families/registry.js';
import type { HostResult } from '../../host/errors.js';
import { canonicalJson, jsonLines, stateHash, type Artifacts } from './golden-files.js';

/**
 * An exporter's answer as text: its content, its refusal (code and message), or what it threw: a throw is locked as
 * it stands, so a fix shows as a changed artifact (README.md).
 */
export function exported<T>(run: () => HostResult<T>, text: (value: T) => string): string {
  try {
    const result = run();
    return result.ok ? text(result.value) : canonicalJson({ refused: result.code, message: result.message });
  } catch (error) {
    return canonicalJson({ thrown: (error as Error).message });
  }
}

/** The variant's exports of a session (host/variants.ts `exports`): CSV, mjai and, where it applies, tenhou.net/6 per game. */
export function exportArtifacts(session: Session, records: readonly LoggedEvent[]): Artifacts {
  const exports = variantEntry(session.variant)!.exports;
  return {
    'export.csv': exported(
      () => exports.csv(session, records),
      (text) => text,
    ),
    'export.mjai.jsonl': exported(
      () => exports.mjai(session, records),
      (text) => text,
    ),
    ...(exports.tenhou === undefined
      ? {}
      : {
          'export.tenhou6.json': exported(
            () => exports.tenhou!(session, records),
            (games) => games.map((g) => `game ${g.game}, ${g.hands} hands\n${g.content}`).join('\n'),
          ),
        }),
  };
}

/**
 * The replay viewer's pure folds over the whole log (replay-model.ts): the public model the live screens showed and
 * every seat's concealed tiles, as a hash after each event (the first differing seq is where a fold changed) and
 * the final model whole; and the step lines the viewer lists, each naming its players.
 */
export function foldArtifacts(session: Session, records: readonly LoggedEvent[]): Artifacts {
  const entry = variantEntry(session.variant)!;
  let model: ReplayModel = { public: initialPublicModel(session.id), hands: null };
  const hashes: string[] = [];
  for (const record of records) {
    model = applyReplay(model, record, entry.replay.hands, entry.tableSeats);
    hashes.push(`${record.seq} ${record.event.type} ${stateHash(model)}`);
  }
  const { steps } = stepsOf(
    records,
    initialPublicModel(session.id),
    (record) => record.event,
    entry.replay.line,
    () => entry.tableSeats,
  );
  return {
    'fold.hashes.txt': hashes.join('\n'),
    'fold.final.json': canonicalJson(model, 1),
    'replay.steps.jsonl': jsonLines(steps),
  };
}
