// The replay timeline's kind labels do not stutter: an override reads "audited · operator Noriko …", not "operator operator Noriko …".
import { describe, expect, it } from 'vitest';
import { TIMELINE_KINDS } from '../../contract/ipc-contract.js';
import { type LogEvent } from '../../host/session/log-events.js';
import { describeEvent, timelineKind } from '../../host/session/log-text.js';
import { kindLabel } from './Replay.js';

const OVERRIDES = [
  { type: 'operator.chomboDeclared', seat: 2, reason: 'handRevealed', operator: 'Noriko' },
  { type: 'operator.deadHandDeclared', seat: 1, reason: 'wrong tile count', operator: 'Noriko' },
  { type: 'operator.buttonEntered', seat: 0, button: 'ron', operator: 'Noriko', reason: 'missed press' },
  { type: 'operator.paused' },
] as unknown as LogEvent[];

describe('replay timeline labels (issue 6)', () => {
  it('never repeat the first word of the line they label', () => {
    for (const event of OVERRIDES) {
      const kind = timelineKind(event, 'riichi');
      const text = describeEvent(event, 'riichi')!;
      expect(kind).toBe('operator');
      expect(text.split(' ')[0]).toBe('operator');
      expect(`${kindLabel(kind)} ${text}`).not.toMatch(/^(\w+) \1\b/);
    }
  });
  it('keep every other kind as it is', () => {
    for (const kind of TIMELINE_KINDS.filter((k) => k !== 'operator')) expect(kindLabel(kind)).toBe(kind);
    expect(kindLabel('operator')).toBe('audited');
  });
});
