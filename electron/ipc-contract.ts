// The one IPC contract between the renderer and the main process: channels, payload and result schemas, derived types.
//
// Everything the renderer may ask for is a row of INVOKE_CONTRACT; everything main pushes is a row of
// PUSH_CONTRACT. The preload builds `window.mahjong` from these maps (ipc-api.ts), main registers one
// checked handler per row (ipc-main.ts), and the types below are derived from the maps, so a channel is
// declared exactly once. Payloads are validated in the preload before sending and again in main on receipt.
import { z } from 'zod';
import type { Ok } from '../rules/result.js';
import { FaultCodeSchema, SeatSchema, TileSchema } from '../machines/table-events.js';

// ---------------------------------------------------------------------------------------------
// Values shared by several channels

/** The game families of variants.md (a rule preset then picks the options within a family). */
export const VARIANTS = ['riichi', 'sanma', 'minefield', 'tenpai-race', 'mangan', 'clear'] as const;
export type VariantId = (typeof VARIANTS)[number];
export const VariantIdSchema = z.enum(VARIANTS);

/** A rules/options preset name (`tenhou`, `club`, `tournament`, ...); the host refuses unknown ones with `unknown_preset`. */
export const PresetNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,39}$/, 'a preset name is lower-case letters, digits and dashes');

/** A club player's id in storage (host/storage/players.ts). */
export const PlayerIdSchema = z.number().int().positive();
/** A session's id in storage (host/storage/sessions.ts). */
export const SessionIdSchema = z.number().int().positive();

/** A serial port as the OS lists it; vendor and product let the operator recognise the table. */
export const SerialPortInfoSchema = z
  .object({
    path: z.string().min(1).max(256),
    manufacturer: z.string().max(256).nullable(),
    vendorId: z.string().max(16).nullable(),
    productId: z.string().max(16).nullable(),
    serialNumber: z.string().max(256).nullable(),
  })
  .strict();
export type SerialPortInfo = z.infer<typeof SerialPortInfoSchema>;

/** Which table a session drives: a serial port, or the built-in simulator (always offered). */
export const TableTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('serial'), path: z.string().min(1).max(256) }).strict(),
  z.object({ kind: z.literal('simulator') }).strict(),
]);
export type TableTarget = z.infer<typeof TableTargetSchema>;

export const PlayerSchema = z.object({ id: PlayerIdSchema, name: z.string().min(1).max(64) }).strict();
export type PlayerSummary = z.infer<typeof PlayerSchema>;

/** One seated player; seats are table seats (0 = East at the table's seat 0), never bare numbers. */
export const SeatingSchema = z.object({ seat: SeatSchema, playerId: PlayerIdSchema }).strict();

/** A rectangle in DIP, as Electron's `Rectangle`. */
export const RectangleSchema = z
  .object({
    x: z.number().int(),
    y: z.number().int(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  })
  .strict();

/** A display the scoreboard may be placed on. */
export const DisplayInfoSchema = z
  .object({ id: z.number().int(), label: z.string().max(256), bounds: RectangleSchema, primary: z.boolean() })
  .strict();
export type DisplayInfo = z.infer<typeof DisplayInfoSchema>;

/** Where the scoreboard window is now and why (see displays.ts). */
export const ScoreboardPlacementSchema = z
  .object({
    displayId: z.number().int(),
    bounds: RectangleSchema,
    fullscreen: z.boolean(),
    reason: z.enum(['remembered', 'second', 'primary']),
  })
  .strict();
export type ScoreboardPlacement = z.infer<typeof ScoreboardPlacementSchema>;

/** The LAN scoreboard's state: off by default; when on, its address and the session token for the QR code. */
export const LanStatusSchema = z.discriminatedUnion('enabled', [
  z.object({ enabled: z.literal(false) }).strict(),
  z.object({ enabled: z.literal(true), url: z.url(), token: z.string().min(16).max(256) }).strict(),
]);
export type LanStatus = z.infer<typeof LanStatusSchema>;

const empty = z.object({}).strict();

// ---------------------------------------------------------------------------------------------
// The contract

/**
 * `owner` says who answers: `host` channels go to the HostApi (host-api.ts), `shell` channels are the
 * window shell's own business (where the scoreboard sits).
 */
export const INVOKE_CONTRACT = {
  'table.listPorts': {
    owner: 'host',
    payload: empty,
    result: z.object({ ports: z.array(SerialPortInfoSchema) }).strict(),
  },
  'players.list': {
    owner: 'host',
    payload: empty,
    result: z.object({ players: z.array(PlayerSchema) }).strict(),
  },
  'players.create': {
    owner: 'host',
    payload: z.object({ name: z.string().trim().min(1).max(64) }).strict(),
    result: PlayerSchema,
  },
  'session.start': {
    owner: 'host',
    payload: z
      .object({
        variant: VariantIdSchema,
        preset: PresetNameSchema,
        table: TableTargetSchema,
        seats: z
          .array(SeatingSchema)
          .min(2)
          .max(4)
          .refine(
            (seats) => new Set(seats.map((s) => s.seat)).size === seats.length,
            'each seat at most once',
          )
          .refine(
            (seats) => new Set(seats.map((s) => s.playerId)).size === seats.length,
            'each player at most once',
          ),
      })
      .strict(),
    result: z.object({ sessionId: SessionIdSchema }).strict(),
  },
  'session.pause': {
    owner: 'host',
    payload: empty,
    result: z.object({ sessionId: SessionIdSchema }).strict(),
  },
  'session.resume': {
    owner: 'host',
    payload: empty,
    result: z.object({ sessionId: SessionIdSchema }).strict(),
  },
  'session.end': { owner: 'host', payload: empty, result: z.object({ sessionId: SessionIdSchema }).strict() },
  /** Clears the table's latched fault; `code` is the fault the operator saw, so a stale screen cannot clear a newer one. */
  'operator.clearFault': {
    owner: 'host',
    payload: z.object({ code: FaultCodeSchema }).strict(),
    result: empty,
  },
  /**
   * Corrects what the sensors read in one logged event (`eventSeq`, its place in the session's event log)
   * with the tiles really there. The host appends an audited correction event carrying the note; the
   * original event stays in the log.
   */
  'operator.correctMisread': {
    owner: 'host',
    payload: z
      .object({
        eventSeq: z.number().int().positive(),
        tiles: z.array(TileSchema).min(1).max(136),
        note: z.string().trim().min(1).max(500),
      })
      .strict(),
    result: z.object({ correctionSeq: z.number().int().positive() }).strict(),
  },
  'lan.setEnabled': {
    owner: 'host',
    payload: z.object({ enabled: z.boolean() }).strict(),
    result: LanStatusSchema,
  },
  'scoreboard.listDisplays': {
    owner: 'shell',
    payload: empty,
    result: z.object({ displays: z.array(DisplayInfoSchema) }).strict(),
  },
  /** Moves the scoreboard to a display and remembers the choice; `null` forgets it (automatic placement). */
  'scoreboard.placement': {
    owner: 'shell',
    payload: z.object({ displayId: z.number().int().nullable() }).strict(),
    result: ScoreboardPlacementSchema,
  },
} as const satisfies Record<string, { owner: 'host' | 'shell'; payload: z.ZodType; result: z.ZodType }>;

/**
 * The public state the host publishes after every change: what any screen may show, never hidden
 * information. `seq` grows by one per publication so a screen can drop a stale one. `view` is the
 * variant's public view as JSON (for Minefield, machines/minefield/public-view.ts `MinefieldPublicView`).
 */
export const PublicStateSchema = z
  .object({
    seq: z.number().int().nonnegative(),
    session: z
      .object({
        id: SessionIdSchema,
        variant: VariantIdSchema,
        preset: PresetNameSchema,
        status: z.enum(['running', 'paused', 'ended']),
      })
      .strict()
      .nullable(),
    view: z.json(),
  })
  .strict();
export type PublicState = z.infer<typeof PublicStateSchema>;

export const PUSH_CONTRACT = {
  'state.public': PublicStateSchema,
} as const satisfies Record<string, z.ZodType>;

// ---------------------------------------------------------------------------------------------
// Derived types

export type InvokeContract = typeof INVOKE_CONTRACT;
export type InvokeChannel = keyof InvokeContract;
export type PushChannel = keyof typeof PUSH_CONTRACT;
/** What the caller passes (before zod's defaults and trimming). */
export type PayloadIn<C extends InvokeChannel> = z.input<InvokeContract[C]['payload']>;
/** What a handler receives (after validation). */
export type Payload<C extends InvokeChannel> = z.output<InvokeContract[C]['payload']>;
export type ResultOf<C extends InvokeChannel> = z.output<InvokeContract[C]['result']>;
export type PushMessage<P extends PushChannel> = z.output<(typeof PUSH_CONTRACT)[P]>;

export type HostChannel = {
  [C in InvokeChannel]: InvokeContract[C]['owner'] extends 'host' ? C : never;
}[InvokeChannel];
export type ShellChannel = Exclude<InvokeChannel, HostChannel>;

export const INVOKE_CHANNELS = Object.keys(INVOKE_CONTRACT) as InvokeChannel[];
export const PUSH_CHANNELS = Object.keys(PUSH_CONTRACT) as PushChannel[];

// ---------------------------------------------------------------------------------------------
// Replies: every invoke answers a value, never a thrown error (Electron would flatten it to a string)

/** Failures the IPC layer itself produces; the host adds its own codes (e.g. `unknown_preset`, `player_name_taken`). */
export const IPC_ERROR_CODES = [
  'bad_sender',
  'bad_payload',
  'bad_result',
  'unknown_channel',
  'host_unavailable',
  'host_threw',
] as const;
export type IpcErrorCode = (typeof IPC_ERROR_CODES)[number];

export interface IpcFailure {
  readonly ok: false;
  readonly code: string;
  readonly message: string;
}
export type IpcReply<T> = Ok<T> | IpcFailure;

export const ipcFail = (code: IpcErrorCode, message: string): IpcFailure => ({ ok: false, code, message });

const failureSchema = z
  .object({ ok: z.literal(false), code: z.string().min(1).max(64), message: z.string().max(2000) })
  .strict();

/** The reply envelope for one channel, checked by the preload before the renderer sees it. */
export function replySchema<C extends InvokeChannel>(channel: C) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value: INVOKE_CONTRACT[channel].result }).strict(),
    failureSchema,
  ]);
}

/** Zod issues as one readable line: `seats: each seat at most once; preset: ...`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(payload)'}: ${issue.message}`)
    .join('; ');
}

/** Validates a payload for `channel`: the same check in the preload and in main. */
export function parsePayload<C extends InvokeChannel>(channel: C, payload: unknown): IpcReply<Payload<C>> {
  const parsed = INVOKE_CONTRACT[channel].payload.safeParse(payload ?? {});
  if (!parsed.success) return ipcFail('bad_payload', `${channel}: ${describeIssues(parsed.error)}`);
  return { ok: true, value: parsed.data as Payload<C> };
}

export const isInvokeChannel = (value: unknown): value is InvokeChannel =>
  typeof value === 'string' && Object.hasOwn(INVOKE_CONTRACT, value);

// ---------------------------------------------------------------------------------------------
// The renderer's API, derived from the contract: `mahjong.session.start({...})`, `mahjong.on('state.public', f)`

type DomainOf<C extends string> = C extends `${infer D}.${string}` ? D : never;
type ArgsOf<C extends InvokeChannel> =
  Record<string, never> extends PayloadIn<C> ? [payload?: PayloadIn<C>] : [payload: PayloadIn<C>];

export type MahjongApi = {
  readonly [D in DomainOf<InvokeChannel>]: {
    readonly [C in InvokeChannel as C extends `${D}.${infer M}` ? M : never]: (
      ...args: ArgsOf<C>
    ) => Promise<IpcReply<ResultOf<C>>>;
  };
} & {
  /** Subscribes to a push channel; returns the unsubscribe function. */
  readonly on: <P extends PushChannel>(channel: P, listener: (message: PushMessage<P>) => void) => () => void;
};

/** The global name the preload exposes the API under. */
export const API_NAME = 'mahjong';
