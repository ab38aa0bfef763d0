// The operator console: pick the table, variant, preset and players; start, pause, end; watch the table and link; resolve faults; correct misreads; operator overrides; the log; the LAN scoreboard.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  type DisplayInfo,
  type IpcReply,
  type LanStatus,
  type PlayerSummary,
  type PublicState,
  type ResultOf,
  type ScoreboardPlacement as ScoreboardPlacementInfo,
  type SerialPortInfo,
  type TableTarget,
  type VariantId,
  type VariantInfo,
} from '../../contract/ipc-contract.js';
import type { Seat } from '../../table/table-events.js';
import { formatTiles, parseTiles, type Tile } from '../../rules/tiles.js';
import { isDesktop, mahjongApi } from '../api/api.js';
import { QrCode } from '../components/QrCode.js';
import { CONSOLE_PANELS } from '../families/index.js';
import '../styles/console.css';
import { ScreenLink } from '../router.js';
import { Sparkline } from '../components/Sparkline.js';
import { usePublicState } from '../state/usePublicState.js';

const WIND = ['East', 'South', 'West', 'North'] as const;
const SIMULATOR = 'simulator';
/** The Table box's entry for a port typed by hand (one the listing did not find, or no listing at all). */
const OTHER_PORT = 'other';
const RTT_SAMPLES = 60;

interface Notice {
  readonly kind: 'ok' | 'error';
  readonly text: string;
}

/** A table read the host says a correction can still change (operator.correctableReads). */
export type CorrectableRead = ResultOf<'operator.correctableReads'>['reads'][number];

/** How the console lists a correctable read: its event, what it was, whose, and what the sensors saw ('?': unread). */
export function readLabel(read: CorrectableRead): string {
  const seen = read.tiles.map((t) => (t === null ? '?' : formatTiles([t]))).join('');
  return `#${read.seq} ${read.kind} of ${WIND[read.seat]}: ${seen}`;
}

const describe = (reply: IpcReply<unknown>, done: string): Notice =>
  reply.ok ? { kind: 'ok', text: done } : { kind: 'error', text: `${reply.code}: ${reply.message}` };

const portLabel = (port: SerialPortInfo): string =>
  [
    port.path,
    port.manufacturer,
    port.vendorId !== null ? `VID ${port.vendorId}` : null,
    port.productId !== null ? `PID ${port.productId}` : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');

/** The LAN address as the QR code carries it: with the token, so a phone needs nothing else. */
export function lanAddress(status: Extract<LanStatus, { enabled: true }>): string {
  const url = new URL(status.url);
  if (!url.searchParams.has('token')) url.searchParams.set('token', status.token);
  return url.toString();
}

export function Console() {
  const api = mahjongApi();
  const state = usePublicState();
  const [ports, setPorts] = useState<SerialPortInfo[]>([]);
  const [portsNote, setPortsNote] = useState<string | null>(null);
  const [otherPort, setOtherPort] = useState('');
  const [players, setPlayers] = useState<PlayerSummary[]>([]);
  const [table, setTable] = useState<string>(SIMULATOR);
  // The variants the host runs, from its family registry (variants.list); the first is offered first.
  const [variants, setVariants] = useState<VariantInfo[]>([]);
  const [variant, setVariant] = useState<VariantId>('');
  const [preset, setPreset] = useState<string>('');
  // Play options (issue 7): a hands-per-game cut and the tag-team option, where the variant offers them.
  const [handsPerGame, setHandsPerGame] = useState('');
  const [tagTeam, setTagTeam] = useState(false);
  const [seating, setSeating] = useState<Partial<Record<Seat, number>>>({});
  const [newName, setNewName] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [endArmed, setEndArmed] = useState(false);
  const [lan, setLan] = useState<LanStatus>({ enabled: false });
  const [rtt, setRtt] = useState<number[]>([]);
  const [misread, setMisread] = useState({ eventSeq: '', tiles: '', note: '' });

  const refresh = useCallback(async () => {
    const [portReply, playerReply, lanReply, variantReply] = await Promise.all([
      api.table.listPorts(),
      api.players.list(),
      api.lan.status(),
      api.variants.list(),
    ]);
    // A page that cannot reach the host says why above the console (AccessProblem): no second banner here.
    const shown = (reply: IpcReply<unknown>) => !reply.ok && reply.code !== 'host_unavailable';
    if (portReply.ok) {
      setPorts(portReply.value.ports);
      setPortsNote(portReply.value.note ?? null);
    } else if (shown(portReply)) setNotice(describe(portReply, ''));
    if (playerReply.ok) setPlayers(playerReply.value.players);
    else if (shown(playerReply)) setNotice(describe(playerReply, ''));
    if (variantReply.ok) {
      const offered = variantReply.value.variants;
      setVariants(offered);
      // The first variant and its default preset until the operator picks (kept when it still exists).
      setVariant((now) => (offered.some((v) => v.id === now) ? now : offered[0]!.id));
      setPreset((now) => (now !== '' ? now : offered[0]!.presets[0]!));
    } else if (shown(variantReply)) setNotice(describe(variantReply, ''));
    // The switch as it really is (after a reload, the LAN may well be on).
    if (lanReply.ok) setLan(lanReply.value);
  }, [api]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  // The RTT sparkline keeps the last samples the host reported (one per push that carries a new value).
  const lastRtt = state?.table.link?.rttMs.last ?? null;
  const seq = state?.seq ?? 0;
  useEffect(() => {
    if (lastRtt !== null) setRtt((now) => [...now, lastRtt].slice(-RTT_SAMPLES));
  }, [lastRtt, seq]);

  // The reads a correction can still change, as the host knows them (refetched as the log grows).
  const [reads, setReads] = useState<CorrectableRead[]>([]);
  const sessionId = state?.session?.id ?? null;
  const eventSeq = state?.eventSeq ?? 0;
  useEffect(() => {
    if (sessionId === null || eventSeq === 0) return;
    let live = true;
    void api.operator.correctableReads().then((reply) => {
      if (live && reply.ok) setReads(reply.value.reads.slice(0, 8));
    });
    return () => {
      live = false;
    };
  }, [api, sessionId, eventSeq]);

  const info = variants.find((v) => v.id === variant) ?? null;
  const seats: readonly Seat[] = info?.tableSeats ?? [];
  const session = state?.session ?? null;
  const running = session !== null && session.status !== 'ended';
  // The table the host drives (or drove last): a host on a real table's port offers that port first, so
  // End then Start never moves a club's table onto the simulator by default.
  const hostTarget = state?.table.target ?? null;
  const hostPort = hostTarget?.kind === 'serial' ? hostTarget.path : null;
  const [tableChosen, setTableChosen] = useState(false);
  useEffect(() => {
    if (!tableChosen && hostPort !== null) setTable(hostPort);
  }, [hostPort, tableChosen]);
  const portOptions =
    hostPort !== null && !ports.some((p) => p.path === hostPort) ? [bare(hostPort), ...ports] : ports;

  const start = useCallback(async () => {
    const chosen = seats.map((seat) => ({ seat, playerId: seating[seat] }));
    const missing = chosen.filter((s) => s.playerId === undefined).map((s) => WIND[s.seat]);
    if (missing.length > 0)
      return setNotice({ kind: 'error', text: `choose a player for ${missing.join(', ')}` });
    const typed = otherPort.trim();
    if (table === OTHER_PORT && typed === '')
      return setNotice({ kind: 'error', text: "type the table's port (e.g. /dev/ttyUSB0 or COM3)" });
    const target: TableTarget =
      table === SIMULATOR
        ? { kind: 'simulator' }
        : { kind: 'serial', path: table === OTHER_PORT ? typed : table };
    const hands = handsPerGame.trim() === '' ? undefined : Number(handsPerGame);
    if (hands !== undefined && (!Number.isInteger(hands) || hands < 1))
      return setNotice({
        kind: 'error',
        text: `hands per game must be a whole number ≥ 1, not "${handsPerGame}"`,
      });
    const reply = await api.session.start({
      variant,
      preset,
      table: target,
      seats: chosen.map((s) => ({ seat: s.seat, playerId: s.playerId! })),
      ...(hands === undefined || info?.handsPerGame == null ? {} : { handsPerGame: hands }),
      ...(tagTeam && info?.tagTeam === true ? { tagTeam: true } : {}),
    });
    setNotice(describe(reply, reply.ok ? `session ${reply.value.sessionId} started` : ''));
  }, [api, handsPerGame, info, otherPort, preset, seating, seats, table, tagTeam, variant]);

  const pauseOrResume = useCallback(async () => {
    if (session === null) return;
    const reply = session.status === 'paused' ? await api.session.resume() : await api.session.pause();
    setNotice(describe(reply, session.status === 'paused' ? 'resumed' : 'paused'));
  }, [api, session]);

  // After a game over the host holds the next game for the operator (issue 12): the screens keep the result.
  const nextGame = useCallback(async () => {
    const reply = await api.session.nextGame();
    setNotice(describe(reply, reply.ok ? `game ${reply.value.game} started` : ''));
  }, [api]);

  const end = useCallback(async () => {
    if (!endArmed) return setEndArmed(true);
    setEndArmed(false);
    const reply = await api.session.end();
    setNotice(describe(reply, 'session ended'));
  }, [api, endArmed]);

  // Shortcuts: Alt+S start, Alt+P pause/resume, Alt+E end (twice: the first press arms it).
  const keys = useRef({ start, pauseOrResume, end });
  keys.current = { start, pauseOrResume, end };
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const key = event.key.toLowerCase();
      const action =
        key === 's'
          ? keys.current.start
          : key === 'p'
            ? keys.current.pauseOrResume
            : key === 'e'
              ? keys.current.end
              : null;
      if (action === null) return;
      event.preventDefault();
      void action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (!endArmed) return;
    const timer = setTimeout(() => setEndArmed(false), 4000);
    return () => clearTimeout(timer);
  }, [endArmed]);

  const createPlayer = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const reply = await api.players.create({ name: newName });
    setNotice(describe(reply, reply.ok ? `player ${reply.value.name} added` : ''));
    if (reply.ok) {
      setNewName('');
      setPlayers((now) => [...now, reply.value]);
      const free = seats.find((seat) => seating[seat] === undefined);
      if (free !== undefined) setSeating((now) => ({ ...now, [free]: reply.value.id }));
    }
  };

  const clearFault = async (): Promise<void> => {
    const fault = state?.table.fault;
    const refusal = state?.table.refusal;
    // A stage command the table refused is cleared like a fault, by its code (the stage is tried again).
    if ((fault === null || fault === undefined) && refusal) {
      const cleared = await api.operator.clearFault({ code: refusal.code });
      setNotice(describe(cleared, `refusal of ${refusal.command} cleared`));
      return;
    }
    if (fault === null || fault === undefined) return;
    setNotice(describe(await api.operator.clearFault({ code: fault.code }), `fault ${fault.code} cleared`));
  };

  const correctMisread = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const tiles = parseTiles(misread.tiles, { allowExtraCopies: true });
    if (!tiles.ok) return setNotice({ kind: 'error', text: `tiles: ${tiles.message}` });
    const reply = await api.operator.correctMisread({
      eventSeq: Number(misread.eventSeq),
      tiles: tiles.value,
      note: misread.note,
    });
    // The host answers ok only when the game took the correction; a refusal says why, and the read stands.
    setNotice(
      describe(
        reply,
        reply.ok
          ? `correction logged as event ${reply.value.correctionSeq}: the game took ${formatTiles(tiles.value)}`
          : '',
      ),
    );
    if (reply.ok) setMisread({ eventSeq: '', tiles: '', note: '' });
  };

  const toggleLan = async (): Promise<void> => {
    const reply = await api.lan.setEnabled({ enabled: !lan.enabled });
    if (reply.ok) setLan(reply.value);
    setNotice(describe(reply, reply.ok && reply.value.enabled ? 'LAN scoreboard on' : 'LAN scoreboard off'));
  };

  const takenBy = useMemo(
    () => new Map(Object.entries(seating).map(([seat, id]) => [id, Number(seat)])),
    [seating],
  );

  return (
    <main className="console">
      <header className="console-head">
        <h1>Table console</h1>
        <SessionBadge state={state} />
        <div className="actions">
          <button
            type="button"
            className="primary"
            onClick={() => void start()}
            disabled={running}
            data-testid="start"
          >
            Start <kbd>Alt+S</kbd>
          </button>
          <button type="button" onClick={() => void pauseOrResume()} disabled={!running} data-testid="pause">
            {session?.status === 'paused' ? 'Resume' : 'Pause'} <kbd>Alt+P</kbd>
          </button>
          <button
            type="button"
            className={endArmed ? 'danger armed' : 'danger'}
            onClick={() => void end()}
            disabled={!running}
            data-testid="end"
          >
            {endArmed ? 'Press again to end' : 'End'} <kbd>Alt+E</kbd>
          </button>
          {session?.awaitingNextGame === true ? (
            <button type="button" className="primary" onClick={() => void nextGame()} data-testid="next-game">
              Next game
            </button>
          ) : null}
        </div>

        <nav className="screen-links" aria-label="Screens">
          {/* The page's token goes along: the host's WebSocket asks for it. */}
          <a href={`/scoreboard${window.location.search}`} target="_blank" rel="noreferrer">
            Scoreboard
          </a>
          <ScreenLink to="replay">Replay</ScreenLink>
          <ScreenLink to="standings">Standings</ScreenLink>
        </nav>
      </header>
      {notice !== null ? (
        <p
          className={`notice notice-${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid="notice"
        >
          {notice.text}
        </p>
      ) : null}
      <div className="console-grid">
        <div className="console-col">
          <section className="panel setup" aria-labelledby="setup-title">
            <h2 id="setup-title">New session</h2>
            <label>
              Table
              <select
                value={table}
                onChange={(e) => {
                  setTable(e.target.value);
                  setTableChosen(true);
                }}
                disabled={running}
                data-testid="table"
              >
                {portOptions.map((port) => (
                  <option key={port.path} value={port.path}>
                    {portLabel(port)}
                    {port.path === hostPort ? ' (this host’s table)' : ''}
                  </option>
                ))}
                <option value={SIMULATOR}>Simulator (built in, bots play)</option>
                <option value={OTHER_PORT}>Other port…</option>
              </select>
            </label>
            {table === OTHER_PORT ? (
              <label>
                Port
                <input
                  value={otherPort}
                  placeholder="/dev/ttyUSB0 or COM3"
                  disabled={running}
                  onChange={(e) => setOtherPort(e.target.value)}
                  data-testid="port-path"
                />
              </label>
            ) : null}
            <button type="button" className="small" onClick={() => void refresh()}>
              Rescan ports
            </button>
            {portsNote !== null ? (
              <p className="hint" data-testid="ports-note">
                {portsNote}
              </p>
            ) : null}
            <NowRunning state={state} />
            <label>
              Variant
              <select
                value={variant}
                disabled={running}
                data-testid="variant"
                onChange={(e) => {
                  const next = variants.find((v) => v.id === e.target.value);
                  if (next === undefined) return;
                  setVariant(next.id);
                  setPreset(next.presets[0]!);
                  setSeating({});
                }}
              >
                {variants.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Rule preset
              <input
                value={preset}
                list="presets"
                disabled={running}
                onChange={(e) => setPreset(e.target.value)}
                data-testid="preset"
              />
              <datalist id="presets">
                {(info?.presets ?? []).map((p) => (
                  <option key={p} value={p} />
                ))}
              </datalist>
            </label>
            {info?.handsPerGame != null ? (
              <label>
                Hands per game
                <input
                  inputMode="numeric"
                  value={handsPerGame}
                  disabled={running}
                  placeholder={
                    info.handsPerGame.default === null
                      ? "the game's own end"
                      : `${info.handsPerGame.default} (the variant's own cut)`
                  }
                  onChange={(e) => setHandsPerGame(e.target.value)}
                  data-testid="hands-per-game"
                />
              </label>
            ) : null}
            {info?.tagTeam === true ? (
              <label>
                <input
                  type="checkbox"
                  checked={tagTeam}
                  disabled={running}
                  onChange={(e) => setTagTeam(e.target.checked)}
                  data-testid="tag-team"
                />{' '}
                Tag-team: 8 players, partners swap every ten discards
              </label>
            ) : null}
            <fieldset className="seating" disabled={running}>
              <legend>Players</legend>
              {seats.map((seat) => (
                <label key={seat}>
                  {WIND[seat]} (seat {seat})
                  <select
                    data-testid={`seat-${seat}`}
                    value={seating[seat] ?? ''}
                    onChange={(e) =>
                      setSeating((now) => ({
                        ...now,
                        [seat]: e.target.value === '' ? undefined : Number(e.target.value),
                      }))
                    }
                  >
                    <option value="">— choose —</option>
                    {players.map((p) => (
                      <option
                        key={p.id}
                        value={p.id}
                        disabled={takenBy.has(p.id) && takenBy.get(p.id) !== seat}
                      >
                        {p.name}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </fieldset>
            <form className="new-player" onSubmit={(e) => void createPlayer(e)}>
              <label>
                New player
                <input
                  value={newName}
                  onChange={(e) => setNewName(e.target.value)}
                  maxLength={64}
                  data-testid="new-player"
                />
              </label>
              <button type="submit" disabled={newName.trim() === ''}>
                Add
              </button>
            </form>
          </section>
          {/* Each family's panels (renderer/families/), each drawing itself only when the state concerns it. */}
          {CONSOLE_PANELS.map((Panel, i) => (
            <Panel key={i} state={state} onNotice={setNotice} />
          ))}
        </div>
        <div className="console-col">
          <TablePanel state={state} rtt={rtt} onClearFault={() => void clearFault()} />
          <section className="panel correction" aria-labelledby="misread-title">
            <h2 id="misread-title">Correct a misread</h2>
            <form onSubmit={(e) => void correctMisread(e)}>
              <label>
                Event #
                <input
                  inputMode="numeric"
                  value={misread.eventSeq}
                  onChange={(e) => setMisread({ ...misread, eventSeq: e.target.value })}
                  data-testid="misread-seq"
                />
              </label>
              <label>
                Tiles really there
                <input
                  value={misread.tiles}
                  placeholder="e.g. 5m or 123p"
                  onChange={(e) => setMisread({ ...misread, tiles: e.target.value })}
                  data-testid="misread-tiles"
                />
              </label>
              <label>
                Note (audited)
                <input
                  value={misread.note}
                  onChange={(e) => setMisread({ ...misread, note: e.target.value })}
                  data-testid="misread-note"
                />
              </label>
              <button
                type="submit"
                disabled={
                  misread.eventSeq === '' || misread.tiles.trim() === '' || misread.note.trim() === ''
                }
                data-testid="misread-submit"
              >
                Log correction
              </button>
            </form>
            <p className="hint" data-testid="reads-hint">
              {reads.length === 0
                ? 'Every read of the hand in play was taken by the game: nothing waits for a correction.'
                : 'Reads the game could not take yet (unread tiles, refused hands): pick one, enter what is on the table.'}
            </p>
            <ul className="reads" data-testid="reads">
              {reads.map((read) => (
                <li key={read.seq}>
                  <button
                    type="button"
                    className="read"
                    data-seq={read.seq}
                    onClick={() =>
                      setMisread((now) => ({
                        ...now,
                        eventSeq: String(read.seq),
                        // An unread tile is for the operator to read off the table.
                        tiles: read.tiles.includes(null) ? '' : formatTiles(read.tiles as Tile[]),
                      }))
                    }
                  >
                    {readLabel(read)}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="console-col">
          {isDesktop() ? <ScoreboardPlacement /> : null}
          <section className="panel lan" aria-labelledby="lan-title">
            <h2 id="lan-title">LAN scoreboard</h2>
            <button
              type="button"
              onClick={() => void toggleLan()}
              aria-pressed={lan.enabled}
              data-testid="lan"
            >
              {lan.enabled ? 'Turn off' : 'Turn on'}
            </button>
            {lan.enabled ? (
              <div className="lan-on">
                <QrCode text={lanAddress(lan)} size={200} />
                <p className="lan-url" data-testid="lan-url">
                  {lanAddress(lan)}
                </p>
                <p>
                  Token: <code>{lan.token}</code>
                </p>
              </div>
            ) : (
              <p className="hint">
                {isDesktop()
                  ? 'Off: only this PC shows the scoreboard.'
                  : 'Turn on to show the scoreboard token now in force and its QR code; turning it off disconnects every LAN scoreboard.'}
              </p>
            )}
          </section>
          <section className="panel log" aria-labelledby="log-title">
            <h2 id="log-title">Log</h2>
            <ol className="log-lines" data-testid="log">
              {(state?.log ?? [])
                .slice()
                .reverse()
                .map((line) => (
                  <li key={line.seq}>
                    <button
                      type="button"
                      className="log-line"
                      onClick={() => setMisread((now) => ({ ...now, eventSeq: String(line.seq) }))}
                      title="use this event for a correction"
                    >
                      <span className="log-seq">#{line.seq}</span>
                      <span className="log-time">{new Date(line.atMs).toLocaleTimeString()}</span>

                      <span className="log-text">
                        <span className="log-type">{line.type}</span>
                        {line.text}
                      </span>
                    </button>
                  </li>
                ))}
            </ol>
          </section>
        </div>
      </div>
    </main>
  );
}

/** Where the scoreboard window sits (desktop app only): the shell remembers the choice; "automatic" forgets it. */
function ScoreboardPlacement() {
  const api = mahjongApi();
  const [displays, setDisplays] = useState<DisplayInfo[]>([]);
  const [placed, setPlaced] = useState<ScoreboardPlacementInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void api.scoreboard
      .listDisplays()
      .then((reply) => (reply.ok ? setDisplays(reply.value.displays) : setProblem(reply.message)));
  }, [api]);
  const place = async (displayId: number | null): Promise<void> => {
    const reply = await api.scoreboard.placement({ displayId });
    if (reply.ok) setPlaced(reply.value);
    else setProblem(`${reply.code}: ${reply.message}`);
  };
  return (
    <section className="panel placement" aria-labelledby="placement-title">
      <h2 id="placement-title">Scoreboard screen</h2>
      <label>
        Display
        <select
          value={placed?.reason === 'remembered' ? String(placed.displayId) : ''}
          onChange={(e) => void place(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">Automatic (second display if there is one)</option>
          {displays.map((d) => (
            <option key={d.id} value={d.id}>
              {d.label || `Display ${d.id}`} · {d.bounds.width}×{d.bounds.height}
              {d.primary ? ' (primary)' : ''}
            </option>
          ))}
        </select>
      </label>
      {placed !== null ? (
        <p className="hint">
          On display {placed.displayId} ({placed.reason}).
        </p>
      ) : null}
      {problem !== null ? <p className="notice notice-error">{problem}</p> : null}
    </section>
  );
}

const bare = (path: string): SerialPortInfo => ({
  path,
  manufacturer: null,
  vendorId: null,
  productId: null,
  serialNumber: null,
});

/** What the host runs now (or ran last), in the New session form: a new session must not surprise anyone. */
function NowRunning({ state }: { state: PublicState | null }) {
  const session = state?.session ?? null;
  if (session === null) return null;
  const target = state?.table.target ?? null;
  const where =
    target === null ? 'no table' : target.kind === 'simulator' ? 'the built-in simulator' : target.path;
  return (
    <p className="hint now-running" data-testid="now-running">
      {session.status === 'ended' ? 'Last' : 'Now'}: session {session.id} · {session.variant} /{' '}
      {session.preset} on {where} · {session.status}
    </p>
  );
}

function SessionBadge({ state }: { state: PublicState | null }) {
  if (state === null) return <span className="badge muted">connecting…</span>;
  if (state.session === null)
    return (
      <span className="badge muted" data-testid="session">
        no session
      </span>
    );
  return (
    <span
      className={`badge status-${state.session.status}`}
      data-testid="session"
      data-status={state.session.status}
    >
      Session {state.session.id} · {state.session.variant} / {state.session.preset} · {state.session.status}
    </span>
  );
}

function TablePanel({
  state,
  rtt,
  onClearFault,
}: {
  state: PublicState | null;
  rtt: number[];
  onClearFault: () => void;
}) {
  const table = state?.table ?? null;
  const link = table?.link ?? null;
  return (
    <section className="panel table-state" aria-labelledby="table-title">
      <h2 id="table-title">Table and link</h2>
      <dl className="facts">
        <dt>Table</dt>
        <dd>
          {table?.target === null || table === null
            ? '—'
            : table.target.kind === 'simulator'
              ? 'Simulator'
              : table.target.path}
        </dd>
        <dt>Phase</dt>
        <dd data-testid="table-phase">
          {state?.session?.status === 'ended' ? 'session ended' : (table?.phase ?? '—')}
        </dd>
        <dt>Link</dt>
        <dd className={`link-${link?.state ?? 'none'}`} data-testid="link-state">
          {state?.session?.status === 'ended' ? 'closed (no session)' : (link?.state ?? '—')}
        </dd>
        <dt>Handshake</dt>
        <dd>
          {link === null
            ? '—'
            : `protocol ${link.protocol ?? '?'} · firmware ${link.firmware ?? '?'} · boot ${link.bootId ?? '?'}`}
        </dd>
      </dl>
      {table?.fault !== null && table?.fault !== undefined ? (
        <div className="fault" role="alert" data-testid="fault">
          <strong>Fault: {table.fault.code}</strong> at {table.fault.stage}
          {table.fault.recoverable ? '' : ' (not recoverable: needs a technician)'}
          <button type="button" className="primary" onClick={onClearFault} data-testid="clear-fault">
            Resolve fault
          </button>
        </div>
      ) : null}
      {table?.unreachable && state?.session?.status !== 'ended' ? (
        <div className="fault" role="alert" data-testid="unreachable">
          <strong>{table.unreachable.code === 'no_answer' ? 'No table answering' : 'Table port cannot be opened'}</strong>{' '}
          {table.unreachable.message}
        </div>
      ) : null}
      {table?.unsupported ? (
        <div className="fault" role="alert" data-testid="unsupported">
          <strong>Table not suitable</strong> {table.unsupported.message}
        </div>
      ) : null}
      {table?.refusal ? (
        <div className="fault" role="alert" data-testid="refusal">
          <strong>
            Table refused {table.refusal.command}: {table.refusal.code}
          </strong>{' '}
          (look at the table, then try the stage again)
          <button type="button" className="primary" onClick={onClearFault} data-testid="clear-refusal">
            Try again
          </button>
        </div>
      ) : null}
      {table?.reconcile ? (
        <div className="fault" role="alert" data-testid="reconcile">
          <strong>
            Table and host disagree at{' '}
            {state?.seats.find((s) => s.seat === table.reconcile!.seat)?.name ||
              `seat ${table.reconcile.seat}`}
            : {table.reconcile.code}
          </strong>{' '}
          ({table.reconcile.message}). Check: {table.reconcile.check}.
        </div>
      ) : null}
      <Sparkline values={rtt} label="RTT" unit=" ms" />
      {link !== null ? (
        <table className="counters">
          <tbody>
            <tr>
              <th>RTT p50 / p99</th>
              <td>
                {link.rttMs.p50?.toFixed(1) ?? '—'} / {link.rttMs.p99?.toFixed(1) ?? '—'} ms
              </td>
            </tr>
            <tr>
              <th>Frames sent / received</th>
              <td>
                {link.framesSent} / {link.framesReceived}
              </td>
            </tr>
            <tr className={link.resends > 0 ? 'warn' : ''}>
              <th>Resends</th>
              <td data-testid="resends">{link.resends}</td>
            </tr>
            <tr className={link.crcErrors > 0 ? 'warn' : ''}>
              <th>CRC errors</th>
              <td data-testid="crc-errors">{link.crcErrors}</td>
            </tr>
            <tr>
              <th>Bad frames / duplicates</th>
              <td>
                {link.badFrames} / {link.duplicates}
              </td>
            </tr>
            <tr>
              <th>Reconnects / reboots</th>
              <td>
                {link.reconnects} / {link.reboots}
              </td>
            </tr>
          </tbody>
        </table>
      ) : null}
      {link !== null && link.lastFaults.length > 0 ? (
        <ul className="last-faults">
          {link.lastFaults.slice(-5).map((fault, i) => (
            <li key={i}>
              {new Date(fault.at).toLocaleTimeString()} {fault.code} at {fault.stage}
            </li>
          ))}
        </ul>
      ) : null}
      {table?.sensors != null ? (
        <p className="sensors" data-testid="sensors">
          Sensors: lid {table.sensors.lid} · tiles in pit {table.sensors.tilesInPit} · motor{' '}
          {table.sensors.motorTempC} °C
        </p>
      ) : null}
    </section>
  );
}
