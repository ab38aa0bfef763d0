// The console's riichi chombos (variants.md V6.2 item 1): the host's checks let them through to the machine, which remembers them until the draw.
import { describe, expect, it } from 'vitest';
import { checkChombo, type OverrideContext } from '../../host/session/operator-overrides.js';
import type { Seat } from '../../table/table-events.js';
// The variant presets register themselves when loaded (the host loads them with its variant table).
import '../../rules/variants/index.js';

const context = (preset: string, handInPlay = true): OverrideContext => ({
  sessionId: 7,
  variant: 'riichi',
  preset,
  tableSeats: [0, 1, 2, 3] as Seat[],
  seated: [0, 1, 2, 3] as Seat[],
  handInPlay,
  deadSeats: [],
});

describe('checkChombo for the triggers that count only at a draw', () => {
  it('passes riichi while not tenpai and an illegal kan after riichi in the tournament preset', () => {
    for (const trigger of ['riichiNotTenpai', 'illegalKanAfterRiichi'] as const)
      expect(checkChombo(context('tournament'), { seat: 2, trigger, operator: 'Noriko' })).toEqual({
        ok: true,
        value: { type: 'operator.chomboDeclared', seat: 2, reason: trigger, operator: 'Noriko' },
      });
  });
  it('still refuses them where the preset pays no chombo, and with no hand in play', () => {
    const club = checkChombo(context('club'), { seat: 2, trigger: 'riichiNotTenpai', operator: 'Noriko' });
    expect(club).toMatchObject({ ok: false, code: 'chombo_not_in_preset' });
    const idle = checkChombo(context('tournament', false), {
      seat: 2,
      trigger: 'illegalKanAfterRiichi',
      operator: 'Noriko',
    });
    expect(idle).toMatchObject({ ok: false, code: 'no_hand_in_play' });
  });
});
