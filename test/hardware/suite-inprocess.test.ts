// The shared table-link suite against the in-process simulator (memory transport pair).
import { inProcessTable } from './harness.js';
import { defineTableSuite } from './table-suite.js';

defineTableSuite(inProcessTable, { events: 5000 });
