// The club's standings (issue 12): per variant, for all games, one session or a date range; places drawn as bars; players renamed and merged (audited).
import { useCallback, useEffect, useState } from 'react';
import {
  VARIANTS,
  type PlayerSummary,
  type SessionSummary,
  type StandingsReportResult,
  type VariantId,
} from '../../contract/ipc-contract.js';
import { mahjongApi } from '../api/api.js';
import { ScreenLink } from '../router.js';
import '../styles/standings.css';

const VARIANT_NAMES: Readonly<Record<string, string>> = {
  riichi: 'Riichi',
  sanma: 'Sanma',
  minefield: 'Minefield',
  'tenpai-race': 'Tenpai Race',
  mangan: 'Mangan Mahjong',
  clear: 'Clear Mahjong',
};

const PLACE_LABELS = ['1st', '2nd', '3rd', '4th'] as const;

/** A date input's day as local midnight (ms); `nextDay` gives the end of that day, for an inclusive "until". */
function dayStart(value: string, nextDay = false): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m === null) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (nextDay ? 1 : 0)).getTime();
}

const points = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** How a player's games split into places: one coloured segment per place, widths by count. */
function PlacesBar({ placements, games }: { readonly placements: readonly number[]; readonly games: number }) {
  return (
    <div className="places-bar" role="img" aria-label={placements.map((n, i) => `${n} × ${PLACE_LABELS[i]}`).join(', ')}>
      {placements.map((n, i) =>
        n === 0 ? null : (
          <span key={i} className={`place place-${i + 1}`} style={{ flexGrow: n }} title={`${n} × ${PLACE_LABELS[i]}`}>
            {n / games >= 0.15 ? n : ''}
          </span>
        ),
      )}
    </div>
  );
}

/**
 * The score as a bar. `centred` (some score below zero): from a zero line in the middle, right when positive, left
 * when negative; otherwise from the left edge.
 */
function ScoreBar({ score, extent, centred }: { readonly score: number; readonly extent: number; readonly centred: boolean }) {
  const share = extent === 0 ? 0 : Math.min(1, Math.abs(score) / extent);
  return (
    <div className={centred ? 'score-bar centred' : 'score-bar'}>
      <span
        className={score >= 0 ? 'score-fill up' : 'score-fill down'}
        style={{ width: `${share * (centred ? 50 : 100)}%` }}
      />
    </div>
  );
}

function PlayerAdmin({ players, onChanged }: { readonly players: readonly PlayerSummary[]; readonly onChanged: () => void }) {
  const api = mahjongApi();
  const [operator, setOperator] = useState('');
  const [playerId, setPlayerId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [intoId, setIntoId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const ready = operator.trim().length > 0 && playerId !== null;
  const rename = async (): Promise<void> => {
    if (!ready) return;
    const reply = await api.players.rename({ playerId: playerId!, name, operator });
    setOutcome(reply.ok ? { ok: true, text: `renamed to ${reply.value.name}` } : { ok: false, text: `${reply.code}: ${reply.message}` });
    if (reply.ok) onChanged();
  };
  const merge = async (): Promise<void> => {
    if (!ready || intoId === null) return;
    const reply = await api.players.merge({ fromId: playerId!, intoId, operator });
    setOutcome(reply.ok ? { ok: true, text: `merged into ${reply.value.name}` } : { ok: false, text: `${reply.code}: ${reply.message}` });
    if (reply.ok) onChanged();
  };
  return (
    <details className="player-admin">
      <summary>Players: rename or merge</summary>
      <div className="admin-row">
        <label>
          Operator
          <input value={operator} onChange={(e) => setOperator(e.target.value)} placeholder="your name" maxLength={64} />
        </label>
        <label>
          Player
          <select value={playerId ?? ''} onChange={(e) => setPlayerId(e.target.value === '' ? null : Number(e.target.value))}>
            <option value="">choose…</option>
            {players.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="admin-row">
        <label>
          New name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={64} />
        </label>
        <button type="button" disabled={!ready || name.trim() === ''} onClick={() => void rename()}>
          Rename
        </button>
      </div>
      <div className="admin-row">
        <label>
          Merge into
          <select value={intoId ?? ''} onChange={(e) => setIntoId(e.target.value === '' ? null : Number(e.target.value))}>
            <option value="">choose…</option>
            {players
              .filter((p) => p.id !== playerId)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
          </select>
        </label>
        <button type="button" disabled={!ready || intoId === null} onClick={() => void merge()}>
          Merge
        </button>
      </div>
      {outcome !== null && <p className={outcome.ok ? 'admin-ok' : 'admin-problem'}>{outcome.text}</p>}
    </details>
  );
}

export function Standings() {
  const api = mahjongApi();
  const [sessions, setSessions] = useState<SessionSummary[]>([]);
  const [players, setPlayers] = useState<PlayerSummary[]>([]);
  const [variant, setVariant] = useState<VariantId | ''>('');
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [since, setSince] = useState('');
  const [until, setUntil] = useState('');
  const [scoring, setScoring] = useState<'points' | 'tournament'>('points');
  const [report, setReport] = useState<StandingsReportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);

  useEffect(() => {
    void api.replay.listSessions().then((reply) => {
      if (reply.ok) setSessions(reply.value.sessions);
    });
    void api.players.list().then((reply) => {
      if (reply.ok) setPlayers(reply.value.players);
    });
  }, [api, revision]);

  const load = useCallback(() => {
    const sinceMs = dayStart(since);
    const untilMs = dayStart(until, true);
    void api.standings
      .report({
        ...(variant === '' ? {} : { variant }),
        ...(sessionId === null ? {} : { sessionId }),
        ...(sinceMs === undefined ? {} : { sinceMs }),
        ...(untilMs === undefined ? {} : { untilMs }),
        scoring,
      })
      .then((reply) => {
        if (!reply.ok) return setProblem(`${reply.code}: ${reply.message}`);
        setProblem(null);
        setReport(reply.value);
      });
  }, [api, variant, sessionId, since, until, scoring]);
  useEffect(load, [load, revision]);

  return (
    <main className="standings">
      <header className="standings-head">
        <h1>Standings</h1>
        <nav className="screen-links">
          <ScreenLink to="console">Console</ScreenLink>
          <ScreenLink to="replay">Replay</ScreenLink>
        </nav>
      </header>
      <form className="standings-filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Variant
          <select value={variant} onChange={(e) => setVariant(e.target.value as VariantId | '')}>
            <option value="">all</option>
            {VARIANTS.map((v) => (
              <option key={v} value={v}>
                {VARIANT_NAMES[v] ?? v}
              </option>
            ))}
          </select>
        </label>
        <label>
          Session
          <select value={sessionId ?? ''} onChange={(e) => setSessionId(e.target.value === '' ? null : Number(e.target.value))}>
            <option value="">all</option>
            {sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {`#${s.id} ${VARIANT_NAMES[s.variant] ?? s.variant}, ${new Date(s.startedAtMs).toLocaleDateString()}`}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={since} onChange={(e) => setSince(e.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
        </label>
        <label>
          Scoring
          <select value={scoring} onChange={(e) => setScoring(e.target.value as 'points' | 'tournament')}>
            <option value="points">final points</option>
            <option value="tournament">tournament (uma, oka)</option>
          </select>
        </label>
      </form>
      {problem !== null && (
        <p className="standings-problem" role="alert">
          {problem}
        </p>
      )}
      {report !== null && report.variants.length === 0 && <p className="standings-empty">No finished game matches.</p>}
      {report?.variants.map((v) => {
        const extent = Math.max(0, ...v.standings.map((s) => Math.abs(s.score)));
        // Final points are never below zero in most games: the bar then starts at the left edge.
        const signed = v.standings.some((s) => s.score < 0);
        return (
          <section key={v.variant} className="standings-variant" aria-label={`${VARIANT_NAMES[v.variant] ?? v.variant} standings`}>
            <h2>
              {VARIANT_NAMES[v.variant] ?? v.variant}
              <small>
                {` ${v.games} game${v.games === 1 ? '' : 's'}`}
                {v.cutGames > 0 ? ` · ${v.cutGames} cut by the session's end (counted as they stood)` : ''}
                {v.emptyGames > 0 ? ` · ${v.emptyGames} closed before any hand (not counted)` : ''}
              </small>
            </h2>
            {v.standings.length === 0 ? (
              <p className="standings-empty">Only guests and bots played: nobody to rank.</p>
            ) : (
              <table className="standings-table">
                <thead>
                  <tr>
                    <th className="num">#</th>
                    <th>Player</th>
                    <th className="num games">Games</th>
                    <th className="num">Points</th>
                    {scoring === 'tournament' && <th className="num">Score</th>}
                    <th className="bar-col" aria-label="score bar" />
                    <th>Places</th>
                    <th className="num">Avg place</th>
                  </tr>
                </thead>
                <tbody>
                  {v.standings.map((s) => (
                    <tr key={s.playerId}>
                      <td className="num rank">{s.rank}</td>
                      <td className="name">{s.name}</td>
                      <td className="num games">{s.games}</td>
                      <td className="num">{points(s.totalPoints)}</td>
                      {scoring === 'tournament' && <td className="num">{points(s.score)}</td>}
                      <td className="bar-col">
                        <ScoreBar score={s.score} extent={extent} centred={signed} />
                      </td>
                      <td>
                        <PlacesBar placements={s.placements} games={s.games} />
                      </td>
                      <td className="num">{s.averagePlacement.toFixed(2)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
      {report !== null && report.unfinished.length > 0 && (
        <section className="standings-unfinished">
          <h2>Not counted</h2>
          <ul>
            {report.unfinished.map((g) => (
              <li key={g.gameId}>
                {`Game ${g.gameId} of session ${g.sessionId} (${VARIANT_NAMES[g.variant] ?? g.variant}) was never closed: its session ended mid-game.`}
              </li>
            ))}
          </ul>
        </section>
      )}
      <PlayerAdmin players={players} onChanged={() => setRevision((r) => r + 1)} />
    </main>
  );
}
