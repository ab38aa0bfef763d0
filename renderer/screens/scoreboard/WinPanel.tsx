// The win breakdown of a family that brings none of its own (renderer/families/): the winner's hand, yaku, han and
// fu, the indicators, the stake and the payments.
import type { PublicState, WinBreakdown } from '../../../contract/ipc-contract.js';
import type { Seat } from '../../../table/table-events.js';
import type { Tile } from '../../../rules/tiles.js';
import { TileFace, TileRow } from '../../components/TileFace.js';
import { fmt, seatName, signed } from './format.js';

export function WinPanel({ state, win }: { state: PublicState; win: WinBreakdown }) {
  const payments = win.payments
    .map((amount, seat) => ({ seat: seat as Seat, amount }))
    .filter((p) => p.amount !== 0 || state.seats.some((s) => s.seat === p.seat));
  return (
    <section className="win-panel" role="dialog" aria-label="Win breakdown" data-win-seq={win.seq}>
      <h1 className="win-title">
        {seatName(state, win.seat)} wins
        {win.from !== win.seat ? ` off ${seatName(state, win.from)}` : ' by self-draw'}
        {win.limit !== null ? <span className="win-limit">{win.limit.toUpperCase()}</span> : null}
      </h1>
      <div className="win-hand" data-region="win-hand">
        <TileRow tiles={win.hand as Tile[]} size={88} />
        <span className="win-plus">+</span>
        <TileFace tile={win.tile as Tile} size={88} latest />
      </div>
      <div className="win-body">
        <table className="yaku-table">
          <tbody>
            {win.yaku.map((y, i) => (
              <tr key={i}>
                <td>{y.name}</td>
                <td className="num">
                  {y.yakuman !== undefined
                    ? y.yakuman > 1
                      ? `${y.yakuman}× yakuman`
                      : 'yakuman'
                    : `${y.han ?? 0} han`}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td>
                {win.han !== null ? `${win.han} han` : ''}
                {win.fu !== null ? ` · ${win.fu} fu` : ''}
              </td>
              <td className="num">{win.limit ?? ''}</td>
            </tr>
          </tfoot>
        </table>
        <div className="win-side">
          <div className="win-indicators" data-region="win-indicators">
            <span className="fact-label">Dora</span>
            <TileRow tiles={win.doraIndicators as Tile[]} size={64} />
            {win.uraIndicators.length > 0 ? (
              <>
                <span className="fact-label">Ura</span>
                <TileRow tiles={win.uraIndicators as Tile[]} size={64} />
              </>
            ) : null}
          </div>
          {win.stake ? (
            <div className="win-stake" data-stake={`${win.stake.ante}x${win.stake.multiplier}`}>
              Ante {fmt(win.stake.ante)} × {win.stake.multiplier}
              {win.limit !== null ? ` (${win.limit})` : ''}
            </div>
          ) : null}
          <table className="payments">
            <tbody>
              {payments.map((p) => (
                <tr key={p.seat} className={p.amount > 0 ? 'gain' : p.amount < 0 ? 'loss' : ''}>
                  <td>{seatName(state, p.seat)}</td>
                  <td className="num" data-payment={p.amount}>
                    {signed(p.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
