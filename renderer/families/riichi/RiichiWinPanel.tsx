// The riichi-family win breakdown: each winner's hand and melds, yaku with han, fu, limit, and the payments (several winners on a multiple ron).
import type { ManganView, PublicState, WinBreakdown, Winner } from '../../../contract/ipc-contract.js';
import type { Seat } from '../../../table/table-events.js';
import type { Tile } from '../../../rules/tiles.js';
import { TileFace } from '../../components/TileFace.js';
import { fmt, seatName, signed } from '../../screens/scoreboard/format.js';
import { Melds } from './RiichiTiles.js';

const LIMIT_TEXT: Record<string, string> = {
  mangan: 'MANGAN',
  haneman: 'HANEMAN',
  baiman: 'BAIMAN',
  sanbaiman: 'SANBAIMAN',
  'kazoe yakuman': 'KAZOE YAKUMAN',
  yakuman: 'YAKUMAN',
};

function yakuValue(y: Winner['yaku'][number]): string {
  if (y.yakuman !== undefined) return y.yakuman > 1 ? `${y.yakuman}× yakuman` : 'yakuman';
  return `${y.han ?? 0} han`;
}

function WinnerBlock({
  state,
  win,
  order,
  many,
}: {
  readonly state: PublicState;
  readonly win: Winner;
  readonly order: readonly number[];
  readonly many: boolean;
}) {
  const gain = win.payments[win.seat] ?? 0;
  const payers = win.payments
    .map((amount, seat) => ({ seat: seat as Seat, amount }))
    .filter((p) => p.amount !== 0 && p.seat !== win.seat);
  // What the winner gains beyond the others' payments: the riichi sticks on the table (riichi.md 14.6), so the rows add up.
  const sticks = gain + payers.reduce((sum, p) => sum + p.amount, 0);
  return (
    <article className={`rw-winner${many ? ' rw-many' : ''}`} data-winner={win.seat}>
      <h1 className="win-title rw-title">
        {seatName(state, win.seat)} {win.from === win.seat ? 'tsumo' : `ron off ${seatName(state, win.from)}`}
      </h1>
      <div className="rw-score">
        {win.limit !== null ? (
          <span className="win-limit">{LIMIT_TEXT[win.limit] ?? win.limit.toUpperCase()}</span>
        ) : null}
        <span className="rw-hanfu">
          {win.han !== null ? `${win.han} han` : ''}
          {win.fu !== null ? ` · ${win.fu} fu` : ''}
        </span>
        <span className="rw-gain" data-payment={gain}>
          {signed(gain)}
        </span>
      </div>
      <div className="rw-hand" data-region="win-hand">
        <div className="rb-tiles rw-concealed">
          {win.hand.map((t, i) => (
            <TileFace key={i} tile={t as Tile} />
          ))}
          <span className="rw-plus">+</span>
          <TileFace tile={win.tile as Tile} latest />
        </div>
        {win.melds !== undefined ? <Melds melds={win.melds} owner={win.seat} order={order} /> : null}
      </div>
      <div className="rw-body">
        <table className="yaku-table rw-yaku">
          <tbody>
            {win.yaku.map((y, i) => (
              <tr key={i}>
                <td>{y.name}</td>
                <td className="num">{yakuValue(y)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="payments rw-payments">
          <tbody>
            {payers.map((p) => (
              <tr key={p.seat} className={p.amount > 0 ? 'gain' : 'loss'}>
                <td>{seatName(state, p.seat)}</td>
                <td className="num" data-payment={p.amount}>
                  {signed(p.amount)}
                </td>
              </tr>
            ))}
            {sticks > 0 ? (
              <tr className="gain" data-sticks={sticks}>
                <td>Riichi sticks</td>
                <td className="num">{`+${fmt(sticks)}`}</td>
              </tr>
            ) : null}
            <tr className="gain">
              <td>{seatName(state, win.seat)}</td>
              <td className="num">{`+${fmt(gain)}`}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </article>
  );
}

export function RiichiWinPanel({
  state,
  win,
  order,
}: {
  readonly state: PublicState;
  readonly win: WinBreakdown;
  readonly order: readonly number[];
}) {
  const { seq: _seq, doraIndicators, uraIndicators, others, ...first } = win;
  const winners: Winner[] = [first, ...(others ?? [])];
  // Mangan Mahjong: the burn of this hand's win (the view clears it when the next hand starts).
  const view = state.view;
  const burn =
    view !== null && view.variant === 'mangan' && view.showingResult && view.lastResult?.kind === 'won'
      ? (view.mangan?.lastBurn ?? null)
      : null;
  return (
    <section
      className={`win-panel rw-panel rw-count-${winners.length}`}
      role="dialog"
      aria-label="Win breakdown"
      data-win-seq={win.seq}
    >
      <div className="rw-indicators" data-region="win-indicators">
        <span className="rb-label">Dora</span>
        <div className="rb-tiles">
          {doraIndicators.map((t, i) => (
            <TileFace key={i} tile={t as Tile} />
          ))}
        </div>
        {uraIndicators.length > 0 ? (
          <>
            <span className="rb-label">Ura</span>
            <div className="rb-tiles">
              {uraIndicators.map((t, i) => (
                <TileFace key={i} tile={t as Tile} />
              ))}
            </div>
          </>
        ) : null}
        {winners.length > 1 ? (
          <span className="rw-multi">{winners.length === 2 ? 'DOUBLE RON' : 'TRIPLE RON'}</span>
        ) : null}
        {burn !== null ? <BurnNote burn={burn} /> : null}
      </div>
      <div className="rw-winners">
        {winners.map((w) => (
          <WinnerBlock key={w.seat} state={state} win={w} order={order} many={winners.length > 1} />
        ))}
      </div>
    </section>
  );
}

/**
 * Mangan Mahjong's payout said in words (variants.md V4.1 items 2-3), in the indicators' row of the panel: how
 * much left the game and why. From mangan the losers pay as usual and the winner receives nothing; below mangan
 * nothing moves at all. The winners' names are in the titles below, so the reason line stays one short line.
 */
function BurnNote({ burn }: { readonly burn: NonNullable<ManganView['lastBurn']> }) {
  const burning = burn.wins.filter((w) => w.manganOrMore).length;
  const below = burn.wins.length - burning;
  const why =
    burning === 0
      ? 'below mangan: nothing moves'
      : `mangan or more: the losers pay, the ${burning > 1 ? 'winners receive' : 'winner receives'} nothing${below > 0 ? ' (below mangan: nothing)' : ''}`;
  return (
    <aside
      className={`rw-burn${burn.total > 0 ? ' rw-burn-hot' : ''}`}
      data-region="burn"
      data-burned={burn.total}
      aria-label="Points burned"
    >
      <div className="rw-burn-figure">
        {burn.total > 0 ? (
          <>
            <span className="rw-burn-value">{fmt(burn.total)}</span> points burned
          </>
        ) : (
          'No points change hands'
        )}
      </div>
      <div className="rw-burn-why">{why}</div>
    </aside>
  );
}
