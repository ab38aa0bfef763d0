// A seat's concealed tiles drawn open in the replay viewer (after the hand): sorted, the drawn tile apart; the stock still to discard below, where the game has one.
import type { ReplayHand } from '../../../contract/ipc-contract.js';
import { formatTiles, type Tile } from '../../../rules/tiles.js';
import { TileFace } from '../../components/TileFace.js';

export function OpenHand({ hand }: { readonly hand: ReplayHand }) {
  const concealed = hand.concealed as Tile[];
  return (
    <div className="rp-open" data-region="replay-open" data-seat={hand.seat}>
      <div
        className="rb-tiles rp-hand"
        data-hand={formatTiles(concealed)}
        data-drawn={hand.drawn === null ? '' : formatTiles([hand.drawn as Tile])}
        aria-label="hand"
      >
        {concealed.map((tile, i) => (
          <TileFace key={i} tile={tile} />
        ))}
        {hand.drawn !== null ? (
          <span className="rp-drawn" title="the tile just drawn">
            <TileFace tile={hand.drawn as Tile} latest />
          </span>
        ) : null}
      </div>
      {hand.stock !== undefined && hand.stock.length > 0 ? (
        <div
          className="rb-tiles rp-stock"
          data-stock={formatTiles(hand.stock as Tile[])}
          aria-label="stock still to discard"
        >
          <span className="rp-stock-label">stock</span>
          {(hand.stock as Tile[]).map((tile, i) => (
            <TileFace key={i} tile={tile} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
