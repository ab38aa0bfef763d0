// The console's operator overrides (issue 7): enter a press the table missed, declare a chombo or a dead hand, settle Tenpai Race's Stage B; each audited with the operator's name and reason.
import { useState, type FormEvent } from 'react';
import {
  CHOMBO_TRIGGERS,
  type ChomboTriggerId,
  type IpcReply,
  type PublicState,
} from '../../../contract/ipc-contract.js';
import { SEAT_BUTTONS, type Seat, type SeatButton } from '../../../table/table-events.js';
import { chomboEndsHandAtOnce } from '../../../rules/variants/tournament.js';
import { mahjongApi } from '../../api/api.js';
import './console-overrides.css';
import { StageBSettlement } from './StageBSettlement.js';
import type { OverrideNotice } from '../../screens/console/override-notice.js';

const WIND = ['East', 'South', 'West', 'North'] as const;

const TRIGGER_LABEL: Readonly<Record<ChomboTriggerId, string>> = {
  wallRevealed: 'Wall revealed (play cannot fairly go on)',
  handRevealed: "Revealed another player's tile",
  falseWinShown: 'False win, hand shown',
  furitenRonShown: 'Furiten ron, hand shown',
  riichiNotTenpai: 'Riichi while not tenpai (counts at a draw)',
  illegalKanAfterRiichi: 'Illegal kan after riichi (counts at a draw)',
};

/** What confirming does (variants.md V6.2): the two riichi triggers wait for the hand's end. */
const chomboEffect = (trigger: ChomboTriggerId): string =>
  chomboEndsHandAtOnce(trigger)
    ? 'the hand ends, the offender pays, the hand is replayed.'
    : 'play goes on; if the hand ends in a draw, the offender pays and the hand is replayed (a win cancels it).';

const noticeOf = (reply: IpcReply<{ eventSeq: number }>, done: string): OverrideNotice =>
  reply.ok
    ? { kind: 'ok', text: `${done}: audited as event ${reply.value.eventSeq}` }
    : { kind: 'error', text: `${reply.code}: ${reply.message}` };

/** What a confirmation waits for: the override that ends or changes the hand, described for the operator. */
type Pending =
  | { readonly kind: 'chombo'; readonly seat: Seat; readonly trigger: ChomboTriggerId }
  | { readonly kind: 'dead'; readonly seat: Seat; readonly reason: string };

export function OperatorOverrides({
  state,
  onNotice,
}: {
  readonly state: PublicState | null;
  readonly onNotice: (notice: OverrideNotice) => void;
}) {
  const api = mahjongApi();
  const [operator, setOperator] = useState('');
  const [press, setPress] = useState<{ seat: string; button: SeatButton; reason: string }>({
    seat: '',
    button: 'ron',
    reason: '',
  });
  const [chombo, setChombo] = useState<{ seat: string; trigger: ChomboTriggerId }>({
    seat: '',
    trigger: 'wallRevealed',
  });
  const [dead, setDead] = useState({ seat: '', reason: '' });
  const [pending, setPending] = useState<Pending | null>(null);
  // The last answer, also shown in the panel itself: the console's notice line may be scrolled out of sight.
  const [last, setLast] = useState<OverrideNotice | null>(null);
  const tell = (notice: OverrideNotice): void => {
    setLast(notice);
    onNotice(notice);
  };
  const seats = state?.seats ?? [];
  const running = state?.session != null && state.session.status !== 'ended';
  const name = operator.trim();
  const seatLabel = (seat: Seat): string =>
    `${WIND[seat]} · ${seats.find((s) => s.seat === seat)?.name ?? `seat ${seat}`}`;

  const enterPress = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const seat = Number(press.seat) as Seat;
    const reply = await api.operator.enterButtonPress({
      seat,
      button: press.button,
      operator: name,
      reason: press.reason,
    });
    tell(noticeOf(reply, `${press.button} press entered for ${seatLabel(seat)}`));
    if (reply.ok) setPress((now) => ({ ...now, reason: '' }));
  };

  const confirm = async (): Promise<void> => {
    if (pending === null) return;
    setPending(null);
    if (pending.kind === 'chombo') {
      const reply = await api.operator.declareChombo({
        seat: pending.seat,
        trigger: pending.trigger,
        operator: name,
      });
      tell(noticeOf(reply, `chombo declared on ${seatLabel(pending.seat)}`));
    } else {
      const reply = await api.operator.declareDeadHand({
        seat: pending.seat,
        operator: name,
        reason: pending.reason,
      });
      tell(noticeOf(reply, `${seatLabel(pending.seat)}'s hand declared dead`));
      if (reply.ok) setDead({ seat: '', reason: '' });
    }
  };

  const seatOptions = (
    <>
      <option value="">— seat —</option>
      {seats.map((s) => (
        <option key={s.seat} value={s.seat}>
          {seatLabel(s.seat)}
        </option>
      ))}
    </>
  );

  return (
    <section className="panel overrides" aria-labelledby="overrides-title">
      <h2 id="overrides-title">Operator overrides</h2>
      <label>
        Operator (audited)
        <input
          value={operator}
          maxLength={64}
          placeholder="your name"
          onChange={(e) => setOperator(e.target.value)}
          data-testid="override-operator"
        />
      </label>
      <StageBSettlement state={state} operator={name} onNotice={tell} />
      <form className="override-form" onSubmit={(e) => void enterPress(e)} aria-label="Missed button press">
        <h3>Missed button press</h3>
        <div className="override-row">
          <select
            value={press.seat}
            onChange={(e) => setPress({ ...press, seat: e.target.value })}
            aria-label="Seat"
            data-testid="press-seat"
          >
            {seatOptions}
          </select>
          <select
            value={press.button}
            onChange={(e) => setPress({ ...press, button: e.target.value as SeatButton })}
            aria-label="Button"
            data-testid="press-button"
          >
            {SEAT_BUTTONS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </div>
        <input
          value={press.reason}
          maxLength={500}
          placeholder="why (e.g. the table did not sense the press)"
          onChange={(e) => setPress({ ...press, reason: e.target.value })}
          aria-label="Reason"
          data-testid="press-reason"
        />
        <button
          type="submit"
          disabled={!running || name === '' || press.seat === '' || press.reason.trim() === ''}
          data-testid="press-submit"
        >
          Enter press
        </button>
      </form>
      <form
        className="override-form"
        aria-label="Chombo"
        onSubmit={(e) => {
          e.preventDefault();
          setPending({ kind: 'chombo', seat: Number(chombo.seat) as Seat, trigger: chombo.trigger });
        }}
      >
        <h3>Chombo (tournament)</h3>
        <div className="override-row">
          <select
            value={chombo.seat}
            onChange={(e) => setChombo({ ...chombo, seat: e.target.value })}
            aria-label="Seat"
            data-testid="chombo-seat"
          >
            {seatOptions}
          </select>
          <select
            value={chombo.trigger}
            onChange={(e) => setChombo({ ...chombo, trigger: e.target.value as ChomboTriggerId })}
            aria-label="Why"
            data-testid="chombo-trigger"
          >
            {CHOMBO_TRIGGERS.map((t) => (
              <option key={t} value={t}>
                {TRIGGER_LABEL[t]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="danger"
          disabled={!running || name === '' || chombo.seat === '' || pending !== null}
          data-testid="chombo-submit"
        >
          Declare chombo…
        </button>
      </form>
      <form
        className="override-form"
        aria-label="Dead hand"
        onSubmit={(e) => {
          e.preventDefault();
          setPending({ kind: 'dead', seat: Number(dead.seat) as Seat, reason: dead.reason });
        }}
      >
        <h3>Dead hand</h3>
        <div className="override-row">
          <select
            value={dead.seat}
            onChange={(e) => setDead({ ...dead, seat: e.target.value })}
            aria-label="Seat"
            data-testid="dead-seat"
          >
            {seatOptions}
          </select>
          <input
            value={dead.reason}
            maxLength={500}
            placeholder="why (e.g. wrong tile count)"
            onChange={(e) => setDead({ ...dead, reason: e.target.value })}
            aria-label="Reason"
            data-testid="dead-reason"
          />
        </div>
        <button
          type="submit"
          className="danger"
          disabled={
            !running || name === '' || dead.seat === '' || dead.reason.trim() === '' || pending !== null
          }
          data-testid="dead-submit"
        >
          Declare dead hand…
        </button>
      </form>
      {last !== null ? (
        <p className={`override-result notice-${last.kind}`} role="status" data-testid="override-result">
          {last.text}
        </p>
      ) : null}
      {pending !== null ? (
        <div
          className="override-confirm"
          role="alertdialog"
          aria-modal="true"
          aria-label="Confirm override"
          data-testid="override-confirm"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setPending(null);
          }}
        >
          <p>
            {pending.kind === 'chombo'
              ? `Chombo on ${seatLabel(pending.seat)} (${TRIGGER_LABEL[pending.trigger]}): ${chomboEffect(pending.trigger)}`
              : `Dead hand for ${seatLabel(pending.seat)} (${pending.reason}): only draws and discards for the rest of the hand.`}
          </p>
          <div className="actions">
            <button
              type="button"
              className="danger"
              onClick={() => void confirm()}
              data-testid="override-confirm-yes"
            >
              Confirm
            </button>
            {/* Cancel has the focus: a stray Enter must not end a hand. */}
            <button
              type="button"
              autoFocus
              onClick={() => setPending(null)}
              data-testid="override-confirm-no"
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
