// The table's kan dora flips as the host follows them: one at a time, refused by an old table, dropped by a reboot.
import { describe, expect, it } from 'vitest';
import { tileOfText } from '../../../rules/tiles.js';
import type { TableEvent } from '../../../table/table-events.js';
import { kanDoraHeard, NO_KAN_DORA, type KanDoraFlips } from './kan-dora-flips.js';

const ASKED: KanDoraFlips = { ...NO_KAN_DORA, asked: true };
const rejected = (code: 'busy' | 'unsupported'): TableEvent => ({
  type: 'table.commandRejected',
  commandId: 7,
  command: 'flipDora',
  code,
});

describe('kanDoraHeard', () => {
  it('counts a flip that was asked for, not the hand’s first indicator', () => {
    const flipped: TableEvent = { type: 'table.doraFlipped', indicator: tileOfText('1m') };
    expect(kanDoraHeard(NO_KAN_DORA, flipped)).toEqual(NO_KAN_DORA);
    expect(kanDoraHeard(ASKED, flipped)).toEqual({ shown: 1, asked: false, refused: false });
  });

  it('lets a busy table be asked again, and stops asking a table that cannot flip', () => {
    expect(kanDoraHeard(ASKED, rejected('busy'))).toEqual(NO_KAN_DORA);
    expect(kanDoraHeard(ASKED, rejected('unsupported'))).toEqual({ shown: 0, asked: false, refused: true });
    expect(kanDoraHeard(NO_KAN_DORA, rejected('unsupported'))).toEqual(NO_KAN_DORA);
  });

  it('drops a flip a reboot lost', () => {
    expect(kanDoraHeard(ASKED, { type: 'link.rebooted', previousBootId: 1, bootId: 2 })).toEqual(NO_KAN_DORA);
  });
});
