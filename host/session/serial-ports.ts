// The serial ports a table may be on, for the console's Table box: serialport's listing, or on Linux the kernel's own lists when that fails.
import { readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { SerialPort } from 'serialport';
import type { SerialPortInfo } from '../../contract/ipc-contract.js';

export interface PortListing {
  readonly ports: SerialPortInfo[];
  /** Why the list may be incomplete (said plainly, not as an error), or null. */
  readonly note: string | null;
}

/** Kernel names of serial adapters a table plugs in as (USB CDC/ACM, USB-serial, Raspberry Pi UART, Bluetooth). */
const ADAPTER_NAMES = /^(ttyUSB|ttyACM|ttyAMA|rfcomm)\d+$/;

const bare = (device: string): SerialPortInfo => ({
  path: device,
  manufacturer: null,
  vendorId: null,
  productId: null,
  serialNumber: null,
});

/**
 * Serial adapters as the Linux kernel lists them, without udev: `/dev/serial/by-id` (stable names that
 * carry the maker and serial number) and `/sys/class/tty`. serialport's own listing needs `udevadm`, which a
 * minimal or container system lacks. `root` is `/` except in tests.
 */
export function linuxSerialPorts(root = '/'): SerialPortInfo[] {
  const found = new Map<string, SerialPortInfo>();
  const byId = path.join(root, 'dev/serial/by-id');
  let links: string[] = [];
  try {
    links = readdirSync(byId);
  } catch {
    // No adapter plugged in (the folder appears with the first one), or no udev at all.
  }
  for (const link of links.sort()) {
    let target: string;
    try {
      target = readlinkSync(path.join(byId, link));
    } catch {
      continue;
    }
    const device = path.posix.join('/dev', path.posix.basename(target));
    // e.g. usb-Table_Co_Shuffler_3_A1B2C3-if00-port0: maker and model, then the serial number.
    const name = /^usb-(.+?)(?:-if\d+)?(?:-port\d+)?$/.exec(link)?.[1] ?? link;
    const serial = /_([^_]+)$/.exec(name)?.[1] ?? null;
    found.set(device, {
      ...bare(device),
      manufacturer: (serial === null ? name : name.slice(0, -serial.length - 1))
        .replace(/_/g, ' ')
        .slice(0, 256),
      serialNumber: serial,
    });
  }
  let ttys: string[] = [];
  try {
    ttys = readdirSync(path.join(root, 'sys/class/tty'));
  } catch {
    // Not Linux, or /sys not mounted.
  }
  for (const tty of ttys.filter((t) => ADAPTER_NAMES.test(t)).sort()) {
    const device = `/dev/${tty}`;
    if (!found.has(device)) found.set(device, bare(device));
  }
  return [...found.values()];
}

/** The ports to offer; never fails: when nothing can be listed it says so in `note`. */
export async function listSerialPorts(
  list: () => Promise<Awaited<ReturnType<typeof SerialPort.list>>> = () => SerialPort.list(),
  platform: NodeJS.Platform = process.platform,
  root = '/',
): Promise<PortListing> {
  try {
    const ports = await list();
    return {
      ports: ports.map((p) => ({
        path: p.path,
        manufacturer: p.manufacturer ?? null,
        vendorId: p.vendorId ?? null,
        productId: p.productId ?? null,
        serialNumber: p.serialNumber ?? null,
      })),
      note: null,
    };
  } catch (error) {
    if (platform === 'linux') return { ports: linuxSerialPorts(root), note: null };
    return {
      ports: [],
      note: `this system cannot list its serial ports (${(error as Error).message.slice(0, 300)}): type the table's port instead`,
    };
  }
}
