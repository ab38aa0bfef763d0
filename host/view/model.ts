// The host's fold of a session log: the public state minus the publication counter, plus the game in play.
import type { GameOver, PublicState } from '../../contract/ipc-contract.js';

/**
 * The public state as a function of the log alone. The live host adds only the link's current statistics
 * (`table.link`; the log keeps a `link.stats` sample now and then) and a publication counter; everything else a screen sees comes from here,
 * so the replay viewer shows for seq N exactly what the live screens showed after event N.
 */
export type PublicModel = Omit<PublicState, 'seq'> & {
  readonly sessionId: number;
  /** The game in play (host.gameRequested) and its seats' points at each hand's start: the game-over chart. */
  readonly game?: { readonly number: number; readonly chart: GameOver['chart'] };
};
