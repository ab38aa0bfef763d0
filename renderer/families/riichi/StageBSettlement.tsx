// The console's Tenpai Race Stage B result (issue 7): shown only while a Stage B waits for it; the winner, the points each player moves (summing to 0), audited with the operator's name and reason.
import { useState, type FormEvent } from 'react';
import {
  riichiViewOf,
  stageBAwaitingResult,
  type PublicState,
  type RiichiView,
} from '../../../contract/ipc-contract.js';
import type { Seat } from '../../../table/table-events.js';
import { mahjongApi } from '../../api/api.js';
import type { OverrideNotice } from '../../screens/console/override-notice.js';

const WIND = ['East', 'South', 'West', 'North'] as const;

/** An entered points figure: a whole number with an optional sign, or null while it is not one. */
const pointsOf = (text: string): number | null =>
  /^[-+]?\d+$/.test(text.trim()) ? Number(text.trim()) : null;

const signed = (n: number): string => (n > 0 ? `+${n}` : `${n}`);

/** The form, for the hand whose Stage B waits (the key resets it for the next one). */
function SettlementForm({
  state,
  view,
  operator,
  onNotice,
}: {
  readonly state: PublicState;
  readonly view: RiichiView;
  readonly operator: string;
  readonly onNotice: (notice: OverrideNotice) => void;
}) {
  const api = mahjongApi();
  const race = view.tenpaiRace!;
  const players = view.seats.map((s) => s.seat);
  const [winner, setWinner] = useState<string>('');
  const [points, setPoints] = useState<Readonly<Record<number, string>>>({});
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const nameOf = (seat: Seat): string =>
    `${state.seats.find((s) => s.seat === seat)?.name ?? `seat ${seat}`} (${WIND[seat]})`;
  const role = (seat: Seat): string =>
    seat === race.attacker ? 'attacker' : seat === race.defender ? 'defender' : '';
  const deltas = players.map((seat) => ({ seat, points: pointsOf(points[seat] ?? '') }));
  const complete = deltas.every((d) => d.points !== null);
  const sum = deltas.reduce((n, d) => n + (d.points ?? 0), 0);
  // Points are conserved in Stage B (no sticks on the table): checked here before anything is sent.
  const balanced = complete && sum === 0;
  const ready = balanced && operator !== '' && winner !== '' && reason.trim() !== '' && !sending;

  const send = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!ready) return;
    setSending(true);
    const reply = await api.operator.settleStageB({
      winner: winner === 'none' ? null : (Number(winner) as Seat),
      deltas: deltas.map((d) => ({ seat: d.seat, points: d.points! })),
      operator,
      reason: reason.trim(),
    });
    setSending(false);
    onNotice(
      reply.ok
        ? { kind: 'ok', text: `Stage B settled: audited as event ${reply.value.eventSeq}` }
        : { kind: 'error', text: `${reply.code}: ${reply.message}` },
    );
  };

  return (
    <form
      className="override-form stage-b-form"
      aria-label="Stage B result"
      onSubmit={(e) => void send(e)}
      data-testid="stage-b-form"
    >
      <h3>Stage B result (Tenpai Race)</h3>
      <p className="stage-b-hint">
        Enter how the players resolved Stage B by the club&apos;s rules: the points each moves must sum to 0.
      </p>
      <table className="stage-b-players">
        <tbody>
          {players.map((seat) => {
            const entered = pointsOf(points[seat] ?? '');
            const now = view.seats.find((s) => s.seat === seat)!.points;
            return (
              <tr key={seat} data-seat={seat}>
                <th scope="row">
                  {nameOf(seat)} <span className="stage-b-role">{role(seat)}</span>
                </th>
                <td data-testid={`stage-b-points-now-${seat}`}>{now.toLocaleString('en')}</td>
                <td>
                  <input
                    inputMode="numeric"
                    value={points[seat] ?? ''}
                    placeholder="±points"
                    aria-label={`Points moved by ${nameOf(seat)}`}
                    onChange={(e) => setPoints({ ...points, [seat]: e.target.value })}
                    data-testid={`stage-b-delta-${seat}`}
                  />
                </td>
                <td className="stage-b-after">
                  {entered === null ? '' : `→ ${(now + entered).toLocaleString('en')}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p
        className={`stage-b-sum ${balanced ? 'notice-ok' : 'notice-error'}`}
        role="status"
        data-testid="stage-b-sum"
      >
        {complete ? `Sum ${signed(sum)}${sum === 0 ? ' ✓' : ': must be 0'}` : 'Enter both players’ points'}
      </p>
      <div className="override-row">
        <select
          value={winner}
          onChange={(e) => setWinner(e.target.value)}
          aria-label="Winner"
          data-testid="stage-b-winner"
        >
          <option value="">— winner —</option>
          {players.map((seat) => (
            <option key={seat} value={seat}>
              {nameOf(seat)} won
            </option>
          ))}
          <option value="none">Nobody won</option>
        </select>
      </div>
      <input
        value={reason}
        maxLength={500}
        placeholder="why (e.g. the attacker drew his winning tile)"
        onChange={(e) => setReason(e.target.value)}
        aria-label="Reason"
        data-testid="stage-b-reason"
      />
      <button type="submit" disabled={!ready} data-testid="stage-b-submit">
        Record Stage B result
      </button>
    </form>
  );
}

/** The Stage B result form, or nothing when no Stage B waits for its result. */
export function StageBSettlement({
  state,
  operator,
  onNotice,
}: {
  readonly state: PublicState | null;
  readonly operator: string;
  readonly onNotice: (notice: OverrideNotice) => void;
}) {
  const view = state === null ? null : riichiViewOf(state);
  if (state === null || view === null || !stageBAwaitingResult(view)) return null;
  const race = view.tenpaiRace!;
  return (
    <SettlementForm
      key={`${view.handNumber}:${view.honba}:${race.attacker}`}
      state={state}
      view={view}
      operator={operator}
      onNotice={onNotice}
    />
  );
}
