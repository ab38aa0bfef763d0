// Fragmentation of long sequenced messages (PROTOCOL.md §3.6, link version 2): each fragment is a sequenced
// message of its own, so the reliable channel acknowledges and resends fragments one by one, and delivers them in
// order exactly once; the receiver only has to join consecutive fragments.

/** Fragment type codes: the last code of the command range (host → table) and of the event range (table → host). */
export const COMMAND_FRAGMENT = 0x3f;
export const EVENT_FRAGMENT = 0x7f;
/** The longest message a receiver must reassemble (payload bytes). */
export const MAX_REASSEMBLED = 4096;
/** Fragment header: u8 type of the whole message, u8 flags (bit 0: more fragments follow; bit 1: the first). */
const FRAGMENT_HEADER = 2;
const MORE = 1;
const FIRST = 2;

export const isFragmentType = (type: number): boolean => type === COMMAND_FRAGMENT || type === EVENT_FRAGMENT;

/** A whole message: its type and payload, and the seq it is known by (its first fragment's). */
export interface WholeMessage {
  readonly seq: number;
  readonly type: number;
  readonly payload: Uint8Array;
}

/**
 * The fragment payloads that carry `payload` of message `type`, `dataBytes` data bytes each; a single entry
 * (the message itself, unfragmented) when it fits in one.
 */
export function splitMessage(
  type: number,
  payload: Uint8Array,
  dataBytes: number,
): { type: number; payload: Uint8Array }[] {
  if (payload.length <= dataBytes) return [{ type, payload }];
  const fragmentType = type < 0x40 ? COMMAND_FRAGMENT : EVENT_FRAGMENT;
  const parts: { type: number; payload: Uint8Array }[] = [];
  for (let at = 0; at < payload.length; at += dataBytes) {
    const data = payload.subarray(at, Math.min(payload.length, at + dataBytes));
    const fragment = new Uint8Array(FRAGMENT_HEADER + data.length);
    fragment[0] = type;
    fragment[1] = (at + dataBytes < payload.length ? MORE : 0) | (at === 0 ? FIRST : 0);
    fragment.set(data, FRAGMENT_HEADER);
    parts.push({ type: fragmentType, payload: fragment });
  }
  return parts;
}

export type ReassemblyError =
  /** A fragment too short to hold its header and one data byte, or naming a fragment or control type. */
  | 'badFragment'
  /** A fragment other than a first one, with no message begun. */
  | 'orphan'
  /** A fragment whose message type differs from the fragments before it. */
  | 'typeChanged'
  /** A whole message or a new first fragment arrived while a message was half assembled. */
  | 'interrupted'
  | 'tooLong';

/**
 * Joins consecutive fragments delivered in order. Pure state machine: `push` each delivered message and get back
 * a whole message, nothing yet, or an error (the half-assembled message is then dropped; the sender broke the rule).
 */
export class Reassembler {
  private partial: { seq: number; type: number; chunks: Uint8Array[]; size: number } | null = null;
  readonly errors: Record<ReassemblyError, number> = {
    badFragment: 0,
    orphan: 0,
    typeChanged: 0,
    interrupted: 0,
    tooLong: 0,
  };

  /** Takes the next delivered message; returns what is now whole (0, 1 or, after an interruption, 1 message). */
  push(message: WholeMessage): WholeMessage | null {
    if (!isFragmentType(message.type)) {
      if (this.partial !== null) this.fail('interrupted');
      return message;
    }
    const p = message.payload;
    const type = p[0] ?? 0;
    if (p.length <= FRAGMENT_HEADER || type < 0x20 || isFragmentType(type)) {
      this.fail('badFragment');
      return null;
    }
    const more = (p[1]! & MORE) !== 0;
    const first = (p[1]! & FIRST) !== 0;
    const data = p.subarray(FRAGMENT_HEADER);
    if (first && this.partial !== null) this.fail('interrupted');
    if (!first && this.partial === null) {
      this.fail('orphan');
      return null;
    }
    if (this.partial !== null && this.partial.type !== type) {
      this.fail('typeChanged');
      return null;
    }
    const partial = (this.partial ??= { seq: message.seq, type, chunks: [], size: 0 });
    partial.chunks.push(data);
    partial.size += data.length;
    if (partial.size > MAX_REASSEMBLED) {
      this.fail('tooLong');
      return null;
    }
    if (more) return null;
    this.partial = null;
    const payload = new Uint8Array(partial.size);
    let at = 0;
    for (const chunk of partial.chunks) {
      payload.set(chunk, at);
      at += chunk.length;
    }
    return { seq: partial.seq, type, payload };
  }

  /** Whether a message is half assembled. */
  get pending(): boolean {
    return this.partial !== null;
  }

  /** Forgets a half-assembled message (a new session: its sender starts again from its first fragment). */
  reset(): void {
    this.partial = null;
  }

  private fail(error: ReassemblyError): void {
    this.errors[error]++;
    this.partial = null;
  }
}
