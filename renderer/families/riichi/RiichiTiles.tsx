// Riichi-family tile groups for the scoreboard: a pond (riichi tile sideways, called tiles greyed) and melds (the claimed tile sideways).
import type { MeldView, PondTileView } from '../../../contract/ipc-contract.js';
import type { Tile } from '../../../rules/tiles.js';
import { TileFace, tileName } from '../../components/TileFace.js';

/** A tile turned sideways (a riichi declaration, a claimed tile): the box swaps width and height. */
function Sideways({ tile, latest = false }: { readonly tile: Tile; readonly latest?: boolean }) {
  return (
    <span className="rb-sideways">
      <TileFace tile={tile} latest={latest} />
    </span>
  );
}

export function Pond({ pond, latest }: { readonly pond: readonly PondTileView[]; readonly latest: boolean }) {
  return (
    <div className="rb-tiles rb-pond" data-region="pond" data-discards={pond.length}>
      {pond.map((p, i) => {
        const last = latest && i === pond.length - 1;
        const classes = [
          'rb-discard',
          p.called ? 'rb-called' : '',
          p.tsumogiri === true ? 'rb-tsumogiri' : '',
          p.riichi ? 'rb-riichi-tile' : '',
        ];
        const label = `${tileName(p.tile as Tile)}${p.riichi ? ', riichi' : ''}${p.called ? ', called' : ''}`;
        return (
          <span
            key={i}
            className={classes.join(' ')}
            title={label}
            data-called={p.called || undefined}
            data-riichi={p.riichi || undefined}
          >
            {p.riichi ? (
              <Sideways tile={p.tile as Tile} latest={last} />
            ) : (
              <TileFace tile={p.tile as Tile} latest={last} />
            )}
          </span>
        );
      })}
    </div>
  );
}

/**
 * Where the claimed tile lies in a meld, as at the table: at the left when it came from the seat before in turn
 * order, in the middle from across, at the right from the seat after. `order` = the seats in play in turn order.
 */
function claimedIndex(meld: MeldView, owner: number, order: readonly number[]): number {
  if (meld.fromSeat === null || meld.calledTile === null) return -1;
  const n = order.length;
  const distance = (order.indexOf(owner) - order.indexOf(meld.fromSeat) + n) % n;
  if (distance === 1) return 0;
  if (distance === 2 && n === 4) return 1;
  return meld.tiles.length - 1;
}

export function Melds({
  melds,
  owner,
  order,
}: {
  readonly melds: readonly MeldView[];
  readonly owner: number;
  readonly order: readonly number[];
}) {
  if (melds.length === 0) return null;
  return (
    <div className="rb-melds" data-region="melds">
      {melds.map((meld, i) => {
        const at = claimedIndex(meld, owner, order);
        // The claimed tile is drawn once, sideways; the rest are the tiles shown from the hand.
        const rest = [...meld.tiles] as Tile[];
        if (at >= 0) rest.splice(rest.indexOf(meld.calledTile as Tile), 1);
        const faces = rest.map((tile, k) => <TileFace key={k} tile={tile} />);
        if (at >= 0)
          faces.splice(
            Math.min(at, faces.length),
            0,
            <Sideways key="called" tile={meld.calledTile as Tile} />,
          );
        return (
          <span key={i} className={`rb-tiles rb-meld rb-meld-${meld.type}`} data-meld={meld.type}>
            {faces}
          </span>
        );
      })}
    </div>
  );
}
