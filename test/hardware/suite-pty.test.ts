// The shared table-link suite against `mahjong-table sim` in its own process, over a socat pseudo-terminal pair.
import { ptyTable } from './harness.js';
import { defineTableSuite } from './table-suite.js';

defineTableSuite(ptyTable, { events: 5000 });
