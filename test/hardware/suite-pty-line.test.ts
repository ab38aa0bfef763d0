// The shared table-link suite against `mahjong-table sim --framing line` (a retrofitted table's text lines, PROTOCOL.md §2.2) in its own process, over a socat pseudo-terminal pair: noise, unplug, reboot, faults and host silence as for COBS.
import { ptyTableOf } from './harness.js';
import { defineTableSuite } from './table-suite.js';

defineTableSuite(ptyTableOf('line'), { events: 5000 });
