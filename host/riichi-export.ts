// tenhou.net/6 export of a played riichi session: the session's latest game from its log, via host/formats/riichi-record.ts.
import { ok } from '../rules/result.js';
import { presetOf } from '../rules/options.js';
import type { RiichiEvent } from '../machines/riichi/events.js';
import { riichiGameRecord } from './formats/riichi-record.js';
import { exportTenhou6Text } from './formats/tenhou6-export.js';
import { hostFail, type HostResult } from './errors.js';
import { isSourceEvent, type LoggedEvent } from './log-events.js';
import type { Session } from './storage/index.js';

/**
 * A tenhou.net/6 file holds one game, so a session of several games exports its latest one that has a finished
 * hand (a game still in play exports the hands finished so far). Players are named as the session seated them.
 */
export function riichiSessionTenhou6(
  session: Session,
  records: readonly LoggedEvent[],
): HostResult<{ readonly game: number; readonly content: string }> {
  const rules = presetOf(session.preset);
  if (!rules.ok) return hostFail('export_unsupported', `session ${session.id}: ${rules.message}`);
  let names: string[] = [];
  const games: RiichiEvent[][] = [];
  for (const { event } of records) {
    if (event.type === 'host.sessionOpened') names = event.seats.map((s) => s.name ?? `seat ${s.seat}`);
    if (isSourceEvent(event) || event.type.startsWith('host.')) continue;
    const riichi = event as unknown as RiichiEvent;
    if (riichi.type === 'game.started') games.push([]);
    games.at(-1)?.push(riichi);
  }
  const finished = (game: readonly RiichiEvent[]) =>
    game.some((e) => e.type === 'hand.won' || e.type === 'hand.exhaustiveDraw' || e.type === 'hand.abortiveDraw');
  const index = games.findLastIndex(finished);
  if (index < 0) return hostFail('export_unsupported', `session ${session.id} has no finished hand to export yet`);
  const record = riichiGameRecord(games[index]!, {
    players: names,
    title: [`session ${session.id}`, `game ${index + 1}`],
    options: rules.value,
  });
  if (!record.ok) return hostFail('export_unsupported', `session ${session.id}: ${record.message}`);
  const text = exportTenhou6Text(record.value);
  if (!text.ok) return hostFail('export_unsupported', `session ${session.id}: ${text.message}`);
  return ok({ game: index + 1, content: text.value });
}
