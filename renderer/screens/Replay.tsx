// The replay viewer: pick a session and a hand, step through it (arrow keys, buttons, wheel) with every hand open, and read its key events.
//
// Each step asks the host for the public state after that event (`replay.open`), computed by the same `apply` as
// live play, and draws it with the scoreboard's own board; once a hand is over the host adds every seat's
// concealed tiles (its full-information fold), drawn open and sorted on the board. The steps and their lines,
// which name the players, are the host's (`replay.timeline`): draws and discards are steps, and the key events
// (calls, riichi, kans, wins, draws, chombo, operator entries) are listed beside the board.
import { useCallback, useEffect, useMemo, useRef, useState, type WheelEvent } from 'react';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type HandSummary,
  type PublicState,
  type ReplayHand,
  type ReplayStep,
  type SessionSummary,
} from '../../contract/ipc-contract.js';
import type { Seat } from '../../table/table-events.js';
import { mahjongApi } from '../api/api.js';
import { ScreenLink } from '../router.js';
import { HandResult, HandStatusNote } from './replay/HandResult.js';
import { OpenHand } from './replay/OpenHand.js';
import { KeyEvents, StepBar } from './replay/Timeline.js';
import { NoBoard } from './scoreboard/NoBoard.js';
import { screensOf } from '../families/index.js';
import '../styles/replay.css';

export { kindLabel } from './replay/Timeline.js';

/** Where the viewer is: a hand of the list and a step of it (`last`: its last step, once its steps are in). */
interface Position {
  readonly hand: number;
  readonly step: number | 'last';
}

/** A state the host replayed, with the open hands when the hand is over. */
interface Shown {
  readonly seq: number;
  readonly state: PublicState;
  readonly hands: readonly ReplayHand[] | null;
}

function download(fileName: string, mediaType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A hand as the picker names it: its game (when the session has several), its name, how it ended. */
function handTitle(hand: HandSummary, games: number): string {
  const game = games > 1 && hand.game !== undefined ? `Game ${hand.game} · ` : '';
  return `${game}${hand.label ?? `Hand ${hand.number}`} — ${hand.result}`;
}

export function Replay() {
  const api = mahjongApi();
  const [sessions, setSessions] = useState<SessionSummary[]>([]);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [hands, setHands] = useState<HandSummary[]>([]);
  /** The session `hands` belong to (they arrive after a session is picked). */
  const [handsOf, setHandsOf] = useState<number | null>(null);
  const [lastSeq, setLastSeq] = useState(0);
  const [position, setPosition] = useState<Position | null>(null);
  const [steps, setSteps] = useState<{ readonly hand: number; readonly list: readonly ReplayStep[] } | null>(
    null,
  );
  const [shown, setShown] = useState<Shown | null>(null);
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
    let live = true;
    setHands([]);
    setHandsOf(null);
    setPosition(null);
    setSteps(null);
    setShown(null);
    void api.replay.listHands({ sessionId }).then((reply) => {
      if (!live) return;
      if (!reply.ok) return setProblem(`${reply.code}: ${reply.message}`);
      setHands(reply.value.hands);
      setHandsOf(sessionId);
      setLastSeq(reply.value.lastSeq);
      if (reply.value.hands.length > 0) setPosition({ hand: 0, step: 0 });
    });
    return () => {
      live = false;
    };
  }, [api, sessionId]);

  // A hand's steps run from its start to the next hand's (a win's burn and the game's end come after its result).
  const handIndex = position?.hand ?? null;
  useEffect(() => {
    if (sessionId === null || handIndex === null) return;
    const hand = hands[handIndex];
    if (hand === undefined) return;
    let live = true;
    const next = hands[handIndex + 1];
    const toSeq = Math.min(
      hand.firstSeq + 4999,
      Math.max(hand.lastSeq, next === undefined ? lastSeq : next.firstSeq - 1),
    );
    void api.replay.timeline({ sessionId, fromSeq: hand.firstSeq, toSeq }).then((reply) => {
      if (!live) return;
      if (!reply.ok) return setProblem(`${reply.code}: ${reply.message}`);
      setSteps({ hand: handIndex, list: reply.value.steps });
    });
    return () => {
      live = false;
    };
  }, [api, sessionId, hands, handIndex, lastSeq]);

  const list = steps !== null && steps.hand === handIndex ? steps.list : null;
  const stepIndex =
    list === null || position === null
      ? 0
      : position.step === 'last'
        ? Math.max(0, list.length - 1)
        : Math.min(position.step, Math.max(0, list.length - 1));
  const current = list?.[stepIndex] ?? null;

  useEffect(() => {
    if (sessionId === null || current === null) return;
    let live = true;
    void api.replay.open({ sessionId, seq: current.seq }).then((reply) => {
      if (!live) return;
      if (!reply.ok) return setProblem(`${reply.code}: ${reply.message}`);
      setProblem(null);
      setShown({ seq: current.seq, state: reply.value.state, hands: reply.value.hands ?? null });
    });
    return () => {
      live = false;
    };
  }, [api, sessionId, current]);

  /** One step forward or back; past either end of a hand into the next or the previous one. */
  const move = useCallback(
    (by: -1 | 1) => {
      if (position === null || list === null) return;
      const at = stepIndex + by;
      if (at >= 0 && at < list.length) return setPosition({ hand: position.hand, step: at });
      const hand = position.hand + by;
      if (hand >= 0 && hand < hands.length) setPosition({ hand, step: by > 0 ? 0 : 'last' });
    },
    [position, list, stepIndex, hands.length],
  );
  const toHand = useCallback(
    (by: -1 | 1) =>
      setPosition((now) => {
        if (now === null) return now;
        const hand = Math.max(0, Math.min(hands.length - 1, now.hand + by));
        return { hand, step: 0 };
      }),
    [hands.length],
  );
  /** To the next (previous) key event of the hand. */
  const toKey = useCallback(
    (by: -1 | 1) => {
      if (position === null || list === null) return;
      for (let i = stepIndex + by; i >= 0 && i < list.length; i += by)
        if (list[i]!.key) return setPosition({ hand: position.hand, step: i });
    },
    [position, list, stepIndex],
  );
  const toStep = useCallback(
    (step: number | 'last') => setPosition((now) => (now === null ? now : { hand: now.hand, step })),
    [],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (target !== null && (target.tagName === 'SELECT' || target.tagName === 'INPUT')) return;
      const moves: Record<string, () => void> = {
        ArrowRight: () => (event.shiftKey ? toHand(1) : move(1)),
        ArrowLeft: () => (event.shiftKey ? toHand(-1) : move(-1)),
        ArrowDown: () => toKey(1),
        ArrowUp: () => toKey(-1),
        PageDown: () => toHand(1),
        PageUp: () => toHand(-1),
        Home: () => toStep(0),
        End: () => toStep('last'),
      };
      const run = moves[event.key];
      if (run === undefined) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move, toHand, toKey, toStep]);

  const onWheel = (event: WheelEvent): void => {
    // One step per notch (~100 px of delta), whatever the device's delta size.
    wheelRest.current += event.deltaY;
    const notches = Math.trunc(wheelRest.current / 100);
    if (notches === 0) return;
    wheelRest.current -= notches * 100;
    move(notches > 0 ? 1 : -1);
  };

  const exportAs = async (format: ExportFormat): Promise<void> => {
    if (sessionId === null) return;
    // tenhou.net/6 holds one game per file: the game of the hand on show (its number in the session).
    const game = format === 'tenhou' && hand !== null ? (hand.game ?? 0) : 0;
    const reply = await api.export.session({ sessionId, format, ...(game > 0 ? { game } : {}) });
    if (!reply.ok) return setProblem(`${reply.code}: ${reply.message}`);
    download(reply.value.fileName, reply.value.mediaType, reply.value.content);
  };

  const games = useMemo(() => new Set(hands.map((h) => h.game ?? h.gameId)).size, [hands]);
  const hand = handIndex === null ? null : (hands[handIndex] ?? null);
  const state = shown?.state ?? null;
  const family = state === null ? null : screensOf(state);
  const open = useMemo(() => new Map((shown?.hands ?? []).map((h) => [h.seat, h])), [shown]);
  const handOf =
    shown?.hands === null || shown?.hands === undefined
      ? undefined
      : (seat: Seat) => {
          const h = open.get(seat);
          return h === undefined ? null : <OpenHand hand={h} />;
        };

  return (
    <main className="replay" onWheel={onWheel} data-session={sessionId ?? ''} data-hands-of={handsOf ?? ''}>
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
                {s.endedAtMs === null ? ' · live' : ''}
              </option>
            ))}
          </select>
        </label>
        <label>
          Hand
          <select
            value={handIndex ?? ''}
            onChange={(e) => setPosition({ hand: Number(e.target.value), step: 0 })}
            data-testid="replay-hand"
          >
            {hands.map((h, i) => (
              <option key={h.firstSeq} value={i}>
                {handTitle(h, games)}
              </option>
            ))}
          </select>
        </label>
        <div className="exports" role="group" aria-label="Export the session">
          <span className="fact-label">Export</span>
          {EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              aria-label={`Export ${format}`}
              onClick={() => void exportAs(format)}
              disabled={sessionId === null}
            >
              {format}
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
      <div className="replay-body">
        <section className="replay-stage">
          <StepBar
            steps={list ?? []}
            index={stepIndex}
            label={hand === null ? 'No hand' : (hand.label ?? `Hand ${hand.number}`)}
            onStep={toStep}
            onMove={move}
            onHand={toHand}
          />
          <div
            className="replay-board"
            data-testid="replay-board"
            data-event-seq={state?.eventSeq ?? ''}
            data-open={shown?.hands != null ? 'yes' : 'no'}
          >
            {state !== null && family !== null ? (
              <family.Board state={state} live={false} handOf={handOf} />
            ) : state?.view != null ? (
              <NoBoard variant={state.view.variant} />
            ) : (
              <p className="big-message">{current === null ? 'Pick a hand' : 'Loading…'}</p>
            )}
            {hand !== null ? <HandStatusNote hand={hand} /> : null}
            {state !== null && hand !== null && shown !== null ? (
              <HandResult state={state} hand={hand} seq={shown.seq} />
            ) : null}
          </div>
        </section>
        <aside className="replay-side">
          <h2>Key events</h2>
          <KeyEvents steps={list ?? []} index={stepIndex} onStep={toStep} />
        </aside>
      </div>
    </main>
  );
}
