// The replay viewer: pick a session, game and hand; step through its events (arrow keys, mouse wheel); a timeline of key events; export.
//
// Each step asks the host for the public state after that event (`replay.open`), computed by the same
// `apply` as live play, and draws it with the scoreboard's own board, so a replay shows what was shown.
// After the hand, its events come whole from the host (all hands open), and their tiles are drawn here.
import { useCallback, useEffect, useMemo, useRef, useState, type WheelEvent } from 'react';
import {
  EXPORT_FORMATS,
  riichiViewOf,
  type ExportFormat,
  type HandSummary,
  type PublicState,
  type ReplayEvent,
  type SessionSummary,
} from '../../electron/ipc-contract.js';
import { mahjongApi } from '../api/api.js';
import { TileRow } from '../components/TileFace.js';
import { ScreenLink } from '../router.js';
import { tileListsOf } from '../state/tile-lists.js';
import { MinefieldBoard } from './Scoreboard.js';
import { RiichiBoard } from './scoreboard/RiichiBoard.js';

/** The kinds drawn as markers on the timeline (discards and the rest are steps, not markers). */
const KEY_KINDS: ReadonlySet<ReplayEvent['kind']> = new Set([
  'hand',
  'riichi',
  'call',
  'win',
  'draw',
  'fault',
  'device',
  'operator',
]);

/**
 * A kind's label on the timeline. The operator's entries read "operator Noriko …" already: their label says
 * they are audited instead of repeating "operator".
 */
export const kindLabel = (kind: ReplayEvent['kind']): string => (kind === 'operator' ? 'audited' : kind);

/** ` · seat N` when a logged event names its seat (device events say only their type). */
function seatOf(event: unknown): string {
  const seat = (event as { seat?: unknown } | null)?.seat;
  return typeof seat === 'number' ? ` · seat ${seat}` : '';
}

function download(fileName: string, mediaType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function Replay() {
  const api = mahjongApi();
  const [sessions, setSessions] = useState<SessionSummary[]>([]);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [hands, setHands] = useState<HandSummary[]>([]);
  const [handIndex, setHandIndex] = useState<number | null>(null);
  const [events, setEvents] = useState<ReplayEvent[]>([]);
  const [cursor, setCursor] = useState(0);
  const [shown, setShown] = useState<PublicState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const wheelRest = useRef(0);

  useEffect(() => {
    void api.replay.listSessions().then((reply) => {
      if (!reply.ok) return setProblem(`${reply.code}: ${reply.message}`);
      setSessions(reply.value.sessions);
      if (reply.value.sessions[0] !== undefined) setSessionId(reply.value.sessions[0].id);
    });
  }, [api]);

  useEffect(() => {
    if (sessionId === null) return;
    setHands([]);
    setHandIndex(null);
    void api.replay.listHands({ sessionId }).then((reply) => {
      if (!reply.ok) return setProblem(`${reply.code}: ${reply.message}`);
      setHands(reply.value.hands);
      if (reply.value.hands.length > 0) setHandIndex(0);
    });
  }, [api, sessionId]);

  const hand = handIndex === null ? null : (hands[handIndex] ?? null);
  useEffect(() => {
    if (sessionId === null || hand === null) return;
    setEvents([]);
    void api.replay
      .events({ sessionId, fromSeq: hand.firstSeq, limit: Math.min(5000, hand.lastSeq - hand.firstSeq + 1) })
      .then((reply) => {
        if (!reply.ok) return setProblem(`${reply.code}: ${reply.message}`);
        setEvents(reply.value.events.filter((e) => e.seq <= hand.lastSeq));
        setCursor(0);
      });
  }, [api, sessionId, hand]);

  const current = events[cursor] ?? null;
  useEffect(() => {
    if (sessionId === null || current === null) return;
    let live = true;
    void api.replay.open({ sessionId, seq: current.seq }).then((reply) => {
      if (!live) return;
      if (!reply.ok) return setProblem(`${reply.code}: ${reply.message}`);
      setProblem(null);
      setShown(reply.value.state);
    });
    return () => {
      live = false;
    };
  }, [api, sessionId, current]);

  // The table's own device events are many (every sensed tile): on the timeline always, in the list on request.
  const [showDevice, setShowDevice] = useState(false);
  const isKey = useCallback(
    (kind: ReplayEvent['kind']) => KEY_KINDS.has(kind) && (kind !== 'device' || showDevice),
    [showDevice],
  );

  const step = useCallback(
    (by: number) => setCursor((now) => Math.max(0, Math.min(events.length - 1, now + by))),
    [events.length],
  );
  const jumpKey = useCallback(
    (direction: 1 | -1) =>
      setCursor((now) => {
        for (let i = now + direction; i >= 0 && i < events.length; i += direction)
          if (isKey(events[i]!.kind)) return i;
        return now;
      }),
    [events, isKey],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (target !== null && (target.tagName === 'SELECT' || target.tagName === 'INPUT')) return;
      const moves: Record<string, () => void> = {
        ArrowRight: () => step(1),
        ArrowLeft: () => step(-1),
        ArrowDown: () => jumpKey(1),
        ArrowUp: () => jumpKey(-1),
        PageDown: () => setHandIndex((i) => (i === null ? i : Math.min(hands.length - 1, i + 1))),
        PageUp: () => setHandIndex((i) => (i === null ? i : Math.max(0, i - 1))),
        Home: () => setCursor(0),
        End: () => setCursor(Math.max(0, events.length - 1)),
      };
      const move = moves[event.key];
      if (move === undefined) return;
      event.preventDefault();
      move();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, jumpKey, hands.length, events.length]);

  const onWheel = (event: WheelEvent): void => {
    // One step per notch (~100 px of delta), whatever the device's delta size.
    wheelRest.current += event.deltaY;
    const steps = Math.trunc(wheelRest.current / 100);
    if (steps !== 0) {
      wheelRest.current -= steps * 100;
      step(steps);
    }
  };

  const exportAs = async (format: ExportFormat): Promise<void> => {
    if (sessionId === null) return;
    // tenhou.net/6 holds one game per file: the game of the hand on show (sessions number their games in order).
    const game = format === 'tenhou' && hand !== null ? games.indexOf(hand.gameId) + 1 : 0;
    const reply = await api.export.session({ sessionId, format, ...(game > 0 ? { game } : {}) });
    if (!reply.ok) return setProblem(`${reply.code}: ${reply.message}`);
    download(reply.value.fileName, reply.value.mediaType, reply.value.content);
  };

  const games = useMemo(() => [...new Set(hands.map((h) => h.gameId))], [hands]);
  // The tiles the log holds up to the cursor (hands set, walls, corrections), newest first; discards are in the ponds.
  const openTiles = useMemo(
    () =>
      events
        .slice(0, cursor + 1)
        .filter((e) => e.kind !== 'discard')
        .flatMap((e) =>
          tileListsOf(e.event).map((list) => ({
            ...list,
            label: `#${e.seq} ${e.text}${seatOf(e.event)}${list.label === 'tiles' || list.label === 'hand' ? '' : ` · ${list.label}`}`,
          })),
        )
        .reverse()
        .slice(0, 8),
    [events, cursor],
  );

  return (
    <main className="replay" onWheel={onWheel}>
      <header className="replay-head">
        <h1>Replay</h1>
        <label>
          Session
          <select
            value={sessionId ?? ''}
            onChange={(e) => setSessionId(Number(e.target.value))}
            data-testid="replay-session"
          >
            {sessions.map((s) => (
              <option key={s.id} value={s.id}>
                #{s.id} {s.variant}/{s.preset} · {new Date(s.startedAtMs).toLocaleString()} · {s.hands} hands
              </option>
            ))}
          </select>
        </label>
        <label>
          Hand
          <select
            value={handIndex ?? ''}
            onChange={(e) => setHandIndex(Number(e.target.value))}
            data-testid="replay-hand"
          >
            {hands.map((h, i) => (
              <option key={`${h.gameId}-${h.number}`} value={i}>
                {games.length > 1 ? `game ${games.indexOf(h.gameId) + 1}, ` : ''}hand {h.number}: {h.result}
              </option>
            ))}
          </select>
        </label>
        <div className="exports">
          {EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              onClick={() => void exportAs(format)}
              disabled={sessionId === null}
            >
              Export {format}
            </button>
          ))}
        </div>
        <ScreenLink to="console">Console</ScreenLink>
      </header>
      {problem !== null ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      {sessions.length === 0 ? <p className="big-message">No recorded sessions yet.</p> : null}
      <nav className="timeline" aria-label="Timeline">
        <div className="timeline-track">
          {events.map((e, i) => (
            <button
              key={e.seq}
              type="button"
              className={`tick kind-${e.kind}${KEY_KINDS.has(e.kind) ? ' key' : ''}${i === cursor ? ' current' : ''}`}
              title={`#${e.seq} ${e.text}`}
              aria-label={`event ${e.seq}: ${e.text}`}
              aria-current={i === cursor ? 'step' : undefined}
              onClick={() => setCursor(i)}
            />
          ))}
        </div>
        <p className="step-line" data-testid="replay-step" data-seq={current?.seq ?? ''}>
          {current === null
            ? 'No events'
            : `Event ${cursor + 1} of ${events.length} · #${current.seq} · ${kindLabel(current.kind)} · ${current.text}`}
          <span className="hint"> (← → step · ↑ ↓ key events · PgUp PgDn hands · wheel)</span>
        </p>
      </nav>
      <div className="replay-body">
        <div className="replay-board" data-testid="replay-board" data-event-seq={shown?.eventSeq ?? ''}>
          {shown !== null && riichiViewOf(shown) !== null ? (
            <RiichiBoard state={shown} view={riichiViewOf(shown)!} />
          ) : shown !== null && shown.view !== null && shown.view.variant === 'minefield' ? (
            <MinefieldBoard state={shown} view={shown.view} history={null} />
          ) : (
            <p className="big-message">{current === null ? 'Pick a hand' : 'Loading…'}</p>
          )}
        </div>
        <aside className="replay-side">
          <h2>Key events</h2>
          <label className="device-toggle">
            <input type="checkbox" checked={showDevice} onChange={(e) => setShowDevice(e.target.checked)} />{' '}
            table device events
          </label>
          <ol className="key-events">
            {events.map((e, i) =>
              isKey(e.kind) ? (
                <li key={e.seq}>
                  <button
                    type="button"
                    className={i === cursor ? 'current' : ''}
                    onClick={() => setCursor(i)}
                  >
                    <span className={`kind kind-${e.kind}`}>{kindLabel(e.kind)}</span> {e.text}
                  </button>
                </li>
              ) : null,
            )}
          </ol>
          {openTiles.length > 0 ? (
            <div className="open-tiles" data-region="replay-open">
              <h2>Open tiles</h2>
              {openTiles.map((list) => (
                <div key={list.label} className="open-list">
                  <span className="fact-label">{list.label}</span>
                  <TileRow tiles={list.tiles} size={48} />
                </div>
              ))}
            </div>
          ) : null}
        </aside>
      </div>
    </main>
  );
}
