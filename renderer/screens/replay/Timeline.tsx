// The replay viewer's timeline: the step bar (buttons, the current step's line, a tick per step) and the key-event list.
import type { ReplayStep } from '../../../contract/ipc-contract.js';
import type { Tile } from '../../../rules/tiles.js';
import { TileFace } from '../../components/TileFace.js';

/**
 * A kind's label on the timeline. The operator's entries read "Operator Noriko …" already: their label says
 * they are audited instead of repeating "operator".
 */
export const kindLabel = (kind: ReplayStep['kind']): string => (kind === 'operator' ? 'audited' : kind);

function StepTiles({ tiles }: { readonly tiles: readonly number[] | undefined }) {
  if (tiles === undefined || tiles.length === 0) return null;
  return (
    <span className="rp-step-tiles">
      {tiles.map((t, i) => (
        <TileFace key={i} tile={t as Tile} size={28} />
      ))}
    </span>
  );
}

export interface StepBarProps {
  readonly steps: readonly ReplayStep[];
  readonly index: number;
  readonly label: string;
  readonly onStep: (index: number) => void;
  readonly onMove: (by: -1 | 1) => void;
  readonly onHand: (by: -1 | 1) => void;
}

/** Buttons for the keyboard's moves, the current step (`Event 3 of 120 · …`) and one tick per step, key steps tall. */
export function StepBar({ steps, index, label, onStep, onMove, onHand }: StepBarProps) {
  const current = steps[index] ?? null;
  return (
    <nav className="timeline" aria-label="Timeline">
      <div className="rp-controls">
        <button
          type="button"
          onClick={() => onHand(-1)}
          title="Previous hand (PgUp)"
          aria-label="Previous hand"
        >
          «
        </button>
        <button type="button" onClick={() => onMove(-1)} title="Step back (←)" aria-label="Step back">
          ◀
        </button>
        <button type="button" onClick={() => onMove(1)} title="Step (→)" aria-label="Step">
          ▶
        </button>
        <button type="button" onClick={() => onHand(1)} title="Next hand (PgDn)" aria-label="Next hand">
          »
        </button>
        <span className="rp-hand-label">{label}</span>
        <p className="step-line" data-testid="replay-step" data-seq={current?.seq ?? ''}>
          {current === null ? (
            'No steps'
          ) : (
            <>
              {`Event ${index + 1} of ${steps.length} · `}
              {current.key ? (
                <span className={`kind kind-${current.kind}`}>{kindLabel(current.kind)} </span>
              ) : null}
              {current.text}
              <StepTiles tiles={current.tiles} />
            </>
          )}
        </p>
      </div>
      <div className="timeline-track">
        {steps.map((s, i) => (
          <button
            key={s.seq}
            type="button"
            className={`tick kind-${s.kind}${s.key ? ' key' : ''}${i === index ? ' current' : ''}`}
            title={`#${s.seq} ${s.text}`}
            aria-label={`step ${i + 1}: ${s.text}`}
            aria-current={i === index ? 'step' : undefined}
            onClick={() => onStep(i)}
          />
        ))}
      </div>
      <p className="hint">← → step · ↑ ↓ key events · PgUp PgDn hands · Home End · wheel</p>
    </nav>
  );
}

/** The hand's key events (calls, riichi, kans, wins, draws, chombo, operator entries, faults), each a button to go there. */
export function KeyEvents({
  steps,
  index,
  onStep,
}: {
  readonly steps: readonly ReplayStep[];
  readonly index: number;
  readonly onStep: (index: number) => void;
}) {
  // The key event the current step is at or after.
  let currentKey = -1;
  steps.forEach((s, i) => {
    if (s.key && i <= index) currentKey = i;
  });
  return (
    <ol className="key-events" data-region="key-events">
      {steps.map((s, i) =>
        s.key ? (
          <li key={s.seq}>
            <button
              type="button"
              className={i === currentKey ? 'current' : ''}
              aria-current={i === currentKey ? 'step' : undefined}
              data-seq={s.seq}
              data-seat={s.seat ?? ''}
              onClick={() => onStep(i)}
            >
              <span className={`kind kind-${s.kind}`}>{kindLabel(s.kind)}</span>{' '}
              <span className="rp-key-text">{s.text}</span>
              <StepTiles tiles={s.tiles} />
            </button>
          </li>
        ) : null,
      )}
    </ol>
  );
}
