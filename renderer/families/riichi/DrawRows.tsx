// The riichi family's result rows in the replay viewer, under a hand's result line that was no win.
import type { PublicState, RiichiView } from '../../../contract/ipc-contract.js';
import { fmt, seatName, signed } from '../../screens/scoreboard/format.js';

/** The riichi family's per-seat result rows: tenpai or noten at an exhaustive draw, and what each paid or got. */
export function DrawRows({ state, view }: { readonly state: PublicState; readonly view: RiichiView }) {
  const result = view.lastResult;
  if (result === null || result.kind === 'won') return null;
  const deltas = 'deltas' in result ? result.deltas : null;
  return (
    <table className="rp-draw-rows">
      <tbody>
        {view.seats.map((s) => {
          const tenpai =
            result.kind === 'exhaustiveDraw' ? result.tenpai.some((t) => t.seat === s.seat) : null;
          const delta = deltas?.[s.seat] ?? 0;
          return (
            <tr key={s.seat} data-seat={s.seat} className={delta > 0 ? 'gain' : delta < 0 ? 'loss' : ''}>
              <td>{seatName(state, s.seat)}</td>
              <td>{tenpai === null ? '' : tenpai ? 'TENPAI' : 'NOTEN'}</td>
              <td className="num" data-delta={delta}>
                {signed(delta)}
              </td>
              <td className="num">{fmt(s.points)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
