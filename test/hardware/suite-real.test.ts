// The shared table-link suite against a real table when TABLE_PORT names its serial port (skipped otherwise, saying why).
import { describe, it } from 'vitest';
import { realTable } from './harness.js';
import { defineTableSuite } from './table-suite.js';

const port = process.env.TABLE_PORT;
if (port) defineTableSuite(realTable(port), { events: 0 });
else {
  console.log(
    'real table suite skipped: set TABLE_PORT to the serial port of a table (e.g. TABLE_PORT=/dev/ttyACM0)',
  );
  describe('table link against a real table', () => {
    it.skip('needs TABLE_PORT naming the serial port of a table', () => undefined);
  });
}
