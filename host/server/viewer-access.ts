// What a read-only (LAN scoreboard) connection receives: the viewer channels' replies and the pushes, without the operator's running log.
import type { InvokeChannel, IpcReply, PublicState } from '../../contract/ipc-contract.js';

/**
 * The public state as a viewer gets it. The running log (`log`) is the operator's: its lines carry the
 * operator's free text (a correction's note may name the tile he read, an override's reason), and no screen a
 * viewer opens shows it. Everything else in the public state is the public fold (public-model.ts), which never
 * holds a concealed tile.
 */
export const viewerState = (state: PublicState): PublicState => ({ ...state, log: [] });

/**
 * A reply to a viewer's request. Hidden tiles are already cut out where the replies are made (replay.ts
 * `events`, redactEvent; the public fold); here only the operator's log leaves `replay.open`.
 */
export function viewerReply(channel: InvokeChannel, reply: IpcReply<unknown>): IpcReply<unknown> {
  if (!reply.ok || channel !== 'replay.open') return reply;
  const value = reply.value as { state: PublicState };
  return { ok: true, value: { ...value, state: viewerState(value.state) } };
}
