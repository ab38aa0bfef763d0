// Main's side of the contract: one ipcMain.handle per channel, sender checked first, then the payload, then the result.
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import {
  INVOKE_CHANNELS,
  INVOKE_CONTRACT,
  describeIssues,
  ipcFail,
  parsePayload,
  type InvokeChannel,
  type IpcReply,
  type Payload,
  type ResultOf,
} from '../contract/ipc-contract.js';

/** One handler per channel of the contract; the mapped type makes a missing channel a compile error. */
export type ChannelHandlers = {
  readonly [C in InvokeChannel]: (payload: Payload<C>) => Promise<IpcReply<ResultOf<C>>>;
};

export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

/** Answers one call; never throws, so the renderer always gets a coded reply. */
export async function answerInvoke<C extends InvokeChannel>(
  channel: C,
  handler: ChannelHandlers[C],
  isTrusted: SenderCheck,
  event: IpcMainInvokeEvent,
  payload: unknown,
): Promise<IpcReply<ResultOf<C>>> {
  if (!isTrusted(event))
    return ipcFail(
      'bad_sender',
      `${channel}: refused a call from ${event.senderFrame?.url ?? 'a destroyed frame'}`,
    );
  const parsed = parsePayload(channel, payload);
  if (!parsed.ok) return parsed;
  let reply: IpcReply<ResultOf<C>>;
  try {
    reply = await (handler as (payload: Payload<C>) => Promise<IpcReply<ResultOf<C>>>)(parsed.value);
  } catch (error) {
    return ipcFail('host_threw', `${channel}: ${(error as Error).message}`);
  }
  if (!reply.ok) return { ok: false, code: reply.code, message: reply.message };
  // A host result outside the contract is a host bug; say so rather than hand the renderer a surprise.
  const checked = INVOKE_CONTRACT[channel].result.safeParse(reply.value);
  if (!checked.success) return ipcFail('bad_result', `${channel}: ${describeIssues(checked.error)}`);
  return { ok: true, value: checked.data as ResultOf<C> };
}

/** Registers every channel of the contract on `ipcMain`. */
export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  handlers: ChannelHandlers,
  isTrusted: SenderCheck,
): void {
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, (event, payload: unknown) =>
      answerInvoke(channel, handlers[channel], isTrusted, event, payload),
    );
  }
}
