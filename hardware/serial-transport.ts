// The serial-port transport (serialport v13): finds the table by USB ids or a path, reconnects with backoff after an unplug.
import { SerialPort } from 'serialport';
import { TransportEvents, type Transport, type TransportEvent } from './transport.js';

/** One entry of `SerialPort.list()`: path, vendorId, productId, serialNumber, manufacturer... */
export type PortInfo = Awaited<ReturnType<typeof SerialPort.list>>[number];

/** How to recognise the table among the serial ports: USB vendor/product id (hex, as `SerialPort.list()` gives them) and serial number. */
export interface TableMatch {
  readonly vendorId: string;
  readonly productId: string;
  readonly serialNumber?: string;
}

export interface SerialTransportOptions {
  /** An explicit device path (`/dev/ttyACM0`, `COM3`, a PTY link); used as is, re-opened after an unplug. */
  readonly path?: string;
  /** Or find the port by USB ids on every (re)connect, so the table may come back under another path. */
  readonly match?: TableMatch;
  readonly baudRate?: number;
  readonly reconnectMinMs?: number;
  readonly reconnectMaxMs?: number;
  /** The port lister (SerialPort.list by default). */
  readonly list?: () => Promise<PortInfo[]>;
  /**
   * A first open that fails is retried like a reopen after an unplug, `open()` resolving at once: the table may
   * be switched on later (the host's session). Each failure is an `openFailed` event. Default: `open()` rejects.
   */
  readonly keepTrying?: boolean;
}

export type FindResult =
  | { readonly ok: true; readonly path: string }
  | { readonly ok: false; readonly code: 'no_table' | 'many_tables'; readonly message: string };

const sameHex = (a: string | undefined, b: string): boolean =>
  a !== undefined && a.toLowerCase().replace(/^0x/, '') === b.toLowerCase().replace(/^0x/, '');

/** Picks the table's port from a port list by USB vendor/product id and, if given, serial number. */
export function pickTablePort(ports: readonly PortInfo[], match: TableMatch): FindResult {
  const found = ports.filter(
    (p) =>
      sameHex(p.vendorId, match.vendorId) &&
      sameHex(p.productId, match.productId) &&
      (match.serialNumber === undefined || p.serialNumber === match.serialNumber),
  );
  const what = `USB ${match.vendorId}:${match.productId}${match.serialNumber ? ` serial ${match.serialNumber}` : ''}`;
  if (found.length === 0) {
    const seen = ports
      .map(
        (p) =>
          `${p.path}${p.vendorId ? ` (${p.vendorId}:${p.productId}${p.serialNumber ? ` ${p.serialNumber}` : ''})` : ''}`,
      )
      .join(', ');
    return {
      ok: false,
      code: 'no_table',
      message: `no serial port matches ${what}; ports seen: ${seen || 'none'}`,
    };
  }
  if (found.length > 1)
    return {
      ok: false,
      code: 'many_tables',
      message: `${found.length} ports match ${what} (${found.map((p) => p.path).join(', ')}); give a serial number`,
    };
  return { ok: true, path: found[0]!.path };
}

/** Why a port did not open: the path tried (null when none was found by USB ids) and the driver's reason. */
interface OpenFailure {
  readonly path: string | null;
  readonly cause: string;
}

export class SerialTransport implements Transport {
  private readonly events = new TransportEvents();
  private port: SerialPort | null = null;
  private wanted = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs: number;
  private currentPath: string | null = null;

  constructor(private readonly options: SerialTransportOptions) {
    if (options.path === undefined && options.match === undefined)
      throw new Error('SerialTransport needs a path or a USB match');
    this.retryMs = options.reconnectMinMs ?? 100;
  }

  get isOpen(): boolean {
    return this.port?.isOpen ?? false;
  }

  /** The path of the open (or last opened) port. */
  get path(): string | null {
    return this.currentPath;
  }

  async open(): Promise<void> {
    this.wanted = true;
    const error = await this.tryOpen().catch((e: Error): OpenFailure => ({ path: null, cause: e.message }));
    if (error === null) return;
    if (this.options.keepTrying === true) return this.openFailed(error);
    this.wanted = false;
    throw new Error(error.path === null ? error.cause : `cannot open serial port ${error.path}: ${error.cause}`);
  }

  write(bytes: Uint8Array): void {
    if (this.port?.isOpen) this.port.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  async close(): Promise<void> {
    this.wanted = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const port = this.port;
    this.port = null;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  /** Opens the port once; returns why not (the port, when one was picked, and the cause), or null. */
  private async tryOpen(): Promise<OpenFailure | null> {
    let path = this.options.path;
    if (path === undefined) {
      const list = this.options.list ?? (() => SerialPort.list());
      const found = pickTablePort(await list(), this.options.match!);
      if (!found.ok) return { path: null, cause: found.message };
      path = found.path;
    }
    const port = new SerialPort({ path, baudRate: this.options.baudRate ?? 115200, autoOpen: false });
    const error = await new Promise<Error | null>((resolve) => port.open((err) => resolve(err)));
    // serialport's messages start "Error: " (e.g. "Error: No such file or directory, cannot open /dev/ttyUSB0").
    if (error !== null) return { path, cause: error.message.replace(/^Error: /, '') };
    if (!this.wanted) {
      port.close();
      return null;
    }
    this.port = port;
    this.currentPath = path;
    this.retryMs = this.options.reconnectMinMs ?? 100;
    port.on('data', (data: Buffer) =>
      this.events.emit({
        type: 'data',
        bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      }),
    );
    port.on('error', (err: Error) => this.events.emit({ type: 'error', message: err.message }));
    port.on('close', (err: (Error & { disconnected?: boolean }) | null) => {
      if (this.port !== port) return;
      this.port = null;
      this.events.emit({ type: 'closed', reason: err?.message ?? 'port closed' });
      if (this.wanted) this.scheduleReconnect();
    });
    this.events.emit({ type: 'open', path });
    return null;
  }

  private scheduleReconnect(): void {
    if (this.retryTimer || !this.wanted) return;
    this.retryTimer = setTimeout(async () => {
      this.retryTimer = null;
      if (!this.wanted) return;
      const error = await this.tryOpen().catch((e: Error): OpenFailure => ({ path: null, cause: e.message }));
      if (error !== null) {
        // Exponential backoff while the table is away.
        this.retryMs = Math.min(this.options.reconnectMaxMs ?? 5000, this.retryMs * 2);
        this.openFailed(error);
      }
    }, this.retryMs);
  }

  /** Says why the port did not open (the link tells the operator) and tries again later. */
  private openFailed(error: OpenFailure): void {
    if (!this.wanted) return;
    this.events.emit({ type: 'openFailed', path: error.path ?? this.options.path ?? null, message: error.cause });
    this.scheduleReconnect();
  }
}
