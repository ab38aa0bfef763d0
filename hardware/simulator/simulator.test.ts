// The simulated table: tile accounting in every mode, Minefield placement, refusals, faults, fault specs, scenarios, seat drivers.
import { describe, expect, it } from 'vitest';
import { tilesOf, type Tile } from '../../rules/tiles.js';
import { TABLE_MODES, TABLE_MODE_SPECS, type TableMode } from '../../table/table-events.js';
import { ManualClock } from '../clock.js';
import { Link } from '../link.js';
import { createMemoryPair } from '../memory-transport.js';
import { pickTablePort } from '../serial-transport.js';
import { parseScenario, type PhysicalAction } from './actions.js';
import { parseFaultSpec } from './faults.js';
import { TableFirmware } from './firmware.js';
import type { SeatDriver } from './seat-driver.js';
import { FULL_CAPABILITIES, TableModel, type CommandOutcome } from './table-model.js';
import { isBonusTile, tileSetOf } from './tile-sets.js';

const run = (model: TableModel, outcome: CommandOutcome) => {
  if (outcome.kind === 'motor') return model.finishMotor(outcome.stage, outcome.complete);
  if (outcome.kind === 'done') return outcome.events;
  throw new Error(`refused: ${outcome.code}`);
};
const sorted = (tiles: readonly Tile[]): number[] => [...tiles].sort((a, b) => a - b);

/** Every tile of the set is somewhere: pit, walls still standing, hands, ponds, melds, placed hands, the indicators. */
function accountedFor(model: TableModel, mode: TableMode): void {
  const snapshot = model.snapshot();
  const standing = snapshot.wallRemaining.reduce((a, b) => a + b, 0);
  const inHands = model.hands.reduce((n, h) => n + h.length, 0);
  const inPonds = model.discards.reduce((n, d) => n + d.length, 0);
  const placed = model.placed.reduce((n, p) => n + p.length, 0);
  const melded = model.melds.reduce((n, ms) => n + ms.reduce((k, m) => k + m.length, 0), 0);
  const setAside = model.bonus.reduce((n, b) => n + b.length, 0);
  const dora = (model.dora !== null && mode !== 'minefield2' ? 1 : 0) + model.kanDora.length;
  const minefieldStock = mode === 'minefield2' ? -inHands : 0; // in Minefield wallRemaining counts the stock in hand
  const minefieldDora = mode === 'minefield2' && model.snapshot().phase !== 'shuffled' ? 2 : 0;
  expect(
    model.tilesInPit + standing + inHands + minefieldStock + inPonds + placed + melded + setAside + dora + minefieldDora,
  ).toBe(TABLE_MODE_SPECS[mode].tileSet);
}

describe('table model', () => {
  it.each(TABLE_MODES)('%s: builds walls from the whole set and accounts for every tile', (mode) => {
    const model = new TableModel(FULL_CAPABILITIES, 42);
    run(model, model.execute({ type: 'setMode', mode }));
    run(model, model.execute({ type: 'shuffle' }));
    const [built] = run(model, model.execute({ type: 'buildWalls' }));
    expect(built!.type).toBe('table.wallsBuilt');
    const walls = built!.type === 'table.wallsBuilt' ? built!.walls : [];
    const spec = TABLE_MODE_SPECS[mode];
    for (const seat of [0, 1, 2, 3] as const)
      expect(walls[seat]!.length).toBe(spec.seats.includes(seat) ? spec.wallTiles : 0);
    const everything = [...walls.flat(), ...(model as unknown as { pit: Tile[] }).pit].map((t) => t!);
    // The walls and the pit hold the whole set (Minefield: but the two tiles set aside for dora and ura).
    if (mode === 'minefield2') expect(everything.length).toBe(spec.tileSet - 2);
    else expect(sorted(everything)).toEqual(sorted(tileSetOf(mode)));
    run(model, model.execute({ type: 'rollDice' }));
    accountedFor(model, mode);
    if (spec.replacementFrom === 'tail') {
      // The Chinese family's modes (protocol 2): deal, a live draw, bonus tiles set aside and replaced from the tail.
      run(model, model.execute({ type: 'dealHands' }));
      for (const seat of spec.seats) expect(model.hands[seat]!.length).toBe(spec.dealt);
      if (mode === 'xiamen4') run(model, model.execute({ type: 'rollDice' })); // the wall break (xiamen.md §4.4)
      expect(model.execute({ type: 'flipDora' })).toEqual({ kind: 'rejected', code: 'badState' });
      expect(model.perform({ do: 'draw', seat: 0 }).ok).toBe(true);
      expect(model.perform({ do: 'draw', seat: 0, from: 'dead' }).ok).toBe(false); // no dead wall
      for (const seat of spec.seats)
        for (const tile of model.hands[seat]!.filter(isBonusTile)) {
          expect(model.perform({ do: 'setAside', seat, tile }).ok).toBe(true);
          expect(model.perform({ do: 'draw', seat, from: 'tail' }).ok).toBe(true);
        }
      accountedFor(model, mode);
      return;
    }
    if (mode !== 'minefield2') {
      run(model, model.execute({ type: 'dealHands' }));
      for (const seat of spec.seats) expect(model.hands[seat]!.length).toBe(13);
      run(model, model.execute({ type: 'flipDora' }));
      expect(model.perform({ do: 'draw', seat: spec.seats[0]! }).ok).toBe(true);
      accountedFor(model, mode);
      // A replacement draw from the dead wall and a kan dora flip (revision 1.2) lose no tile either.
      expect(model.perform({ do: 'draw', seat: spec.seats[0]!, from: 'dead' }).ok).toBe(true);
      run(model, model.execute({ type: 'flipDora' }));
      expect(model.kanDora).toHaveLength(1);
      accountedFor(model, mode);
    }
  });

  it('minefield2: each player places 13 tiles of its own wall, discards from the rest; dora and ura come from outside the walls', () => {
    const model = new TableModel(FULL_CAPABILITIES, 3);
    run(model, model.execute({ type: 'setMode', mode: 'minefield2' }));
    run(model, model.execute({ type: 'shuffle' }));
    run(model, model.execute({ type: 'buildWalls' }));
    expect(model.walls[0]!.length).toBe(34);
    expect(model.walls[1]!.length).toBe(0);
    expect(model.walls[0]!.some((t) => (t & 0x40) !== 0)).toBe(false); // no red fives in Minefield
    const hand = model.hands[0]!.slice(0, 13);
    expect(model.perform({ do: 'placeHand', seat: 0, tiles: hand.slice(0, 12) }).ok).toBe(false);
    const placed = model.perform({ do: 'placeHand', seat: 0, tiles: hand });
    expect(placed).toMatchObject({ ok: true, events: [{ type: 'table.handPlaced', seat: 0 }] });
    expect(model.hands[0]!.length).toBe(21);
    expect(model.perform({ do: 'discard', seat: 0, tile: model.hands[0]![0]! }).ok).toBe(true);
    expect(model.perform({ do: 'draw', seat: 0 })).toMatchObject({
      ok: false,
      reason: 'nothing is drawn in Minefield',
    });
    const [flip] = run(model, model.execute({ type: 'flipDora' }));
    const [ura] = run(model, model.execute({ type: 'revealUra' }));
    expect(flip).toMatchObject({ type: 'table.doraFlipped' });
    expect(ura).toMatchObject({ type: 'table.uraRevealed' });
    accountedFor(model, 'minefield2');
  });

  it('refuses commands with typed errors: order, capability, busy, latched fault', () => {
    const model = new TableModel({ ...FULL_CAPABILITIES, dealsHands: false, modes: ['standard4'] }, 1);
    expect(model.execute({ type: 'shuffle' })).toEqual({ kind: 'rejected', code: 'badState' });
    expect(model.execute({ type: 'setMode', mode: 'sanma3' })).toEqual({
      kind: 'rejected',
      code: 'unsupported',
    });
    run(model, model.execute({ type: 'setMode', mode: 'standard4' }));
    const shuffle = model.execute({ type: 'shuffle' });
    expect(shuffle.kind).toBe('motor');
    expect(model.execute({ type: 'buildWalls' })).toEqual({ kind: 'rejected', code: 'busy' });
    run(model, shuffle);
    run(model, model.execute({ type: 'buildWalls' }));
    run(model, model.execute({ type: 'rollDice' }));
    expect(model.execute({ type: 'dealHands' })).toEqual({ kind: 'rejected', code: 'unsupported' });
    expect(model.execute({ type: 'clearFault' })).toEqual({ kind: 'rejected', code: 'noFault' });
    model.latch({ code: 'liftLimit', stage: 'lift', recoverable: false });
    expect(model.execute({ type: 'flipDora' })).toEqual({ kind: 'rejected', code: 'faultLatched' });
    expect(model.execute({ type: 'getState' }).kind).toBe('done');
    expect(model.execute({ type: 'clearFault' })).toEqual({ kind: 'rejected', code: 'notRecoverable' });
  });

  it('opening the lid while a motor runs latches lidOpen at that stage', () => {
    const model = new TableModel(FULL_CAPABILITIES, 1);
    run(model, model.execute({ type: 'setMode', mode: 'standard4' }));
    model.execute({ type: 'shuffle' });
    expect(model.perform({ do: 'lid', lid: 'open' })).toMatchObject({
      ok: true,
      events: [
        { type: 'table.lidChanged' },
        { type: 'table.fault', fault: { code: 'lidOpen', stage: 'shuffle' } },
      ],
    });
  });
});

describe('fault specs', () => {
  it('parses every key', () => {
    expect(
      parseFaultSpec(
        'corrupt=0.01,drop=0.02,delay=5ms,unplug-every=2s,unplug-for=300ms,reboot-at=500,jam-at=build:2',
      ),
    ).toEqual({
      ok: true,
      value: {
        corrupt: 0.01,
        drop: 0.02,
        delayMs: 5,
        unplugEveryMs: 2000,
        unplugForMs: 300,
        rebootAt: { events: 500 },
        jamAt: { stage: 'build', nth: 2 },
      },
    });
    expect(parseFaultSpec('reboot-at=1.5s')).toMatchObject({ ok: true, value: { rebootAt: { ms: 1500 } } });
  });

  it.each([
    ['corrupt=2', 'corrupt must be a probability between 0 and 1, not "2"'],
    ['drop', '"drop" is not key=value'],
    ['delay=fast', 'delay must be a duration like 5ms or 2s, not "fast"'],
    ['jam-at=play', 'jam-at must name a motor stage'],
    ['jam-at=build:0', "jam-at's run number must be 1 or more"],
    ['reboot-at=soon', 'reboot-at must be an event count (500) or a time (3s)'],
    ['explode=1', 'unknown fault "explode"'],
  ])('refuses %s clearly', (spec, message) => {
    const result = parseFaultSpec(spec);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe('bad_faults');
      expect(result.message).toContain(message);
    }
  });
});

describe('scenarios', () => {
  it('parses actions in compact tile notation, waits and delays', () => {
    const parsed = parseScenario(
      '# a hand\n{"waitFor":"handsDealt"}\n{"after":200,"do":"discard","seat":0,"tile":"0m"}\n\n{"do":"meld","seat":1,"tiles":"555p","claimFrom":0}\n',
    );
    expect(parsed).toEqual({
      ok: true,
      steps: [
        { after: 0, waitFor: 'handsDealt' },
        { after: 200, action: { do: 'discard', seat: 0, tile: 0x44 } },
        { after: 0, action: { do: 'meld', seat: 1, tiles: tilesOf('555p'), claimFrom: 0 } },
      ],
    });
  });

  it('names the line and the field of a bad step', () => {
    expect(
      parseScenario('{"do":"discard","seat":0,"tile":"5m"}\n{"do":"discard","seat":7,"tile":"5m"}'),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/^line 2: seat/) });
    expect(parseScenario('{"do":"discard","seat":0,"tile":"8z"}')).toMatchObject({
      ok: false,
      message: expect.stringContaining('line 1: tile'),
    });
    expect(parseScenario('not json')).toMatchObject({
      ok: false,
      code: 'bad_scenario',
      message: expect.stringContaining('line 1: not JSON'),
    });
  });
});

describe('finding the table among serial ports', () => {
  const ports = [
    {
      path: '/dev/ttyS0',
      manufacturer: undefined,
      serialNumber: undefined,
      pnpId: undefined,
      locationId: undefined,
      vendorId: undefined,
      productId: undefined,
    },
    {
      path: '/dev/ttyACM1',
      manufacturer: 'Acme',
      serialNumber: 'T-0042',
      pnpId: undefined,
      locationId: undefined,
      vendorId: '2E8A',
      productId: '000a',
    },
    {
      path: '/dev/ttyACM2',
      manufacturer: 'Acme',
      serialNumber: 'T-0043',
      pnpId: undefined,
      locationId: undefined,
      vendorId: '2e8a',
      productId: '000A',
    },
  ];
  it('matches vendor and product id case-insensitively and the serial number exactly', () => {
    expect(pickTablePort(ports, { vendorId: '2e8a', productId: '000a', serialNumber: 'T-0043' })).toEqual({
      ok: true,
      path: '/dev/ttyACM2',
    });
    expect(pickTablePort(ports, { vendorId: '0x2e8a', productId: '000A' })).toMatchObject({
      ok: false,
      code: 'many_tables',
    });
    expect(pickTablePort(ports, { vendorId: '1234', productId: '5678' })).toMatchObject({
      ok: false,
      code: 'no_table',
      message: expect.stringContaining('/dev/ttyACM1 (2E8A:000a T-0042)'),
    });
  });
});

describe('seat drivers', () => {
  /** A player who, once each time its turn lamp lights, draws a tile and discards it at once. */
  const tsumogiri = (seat: 0 | 1 | 2 | 3): SeatDriver => {
    let played = false;
    return {
      next(table, self): PhysicalAction | null {
        if (!table.lamps[seat]!.turn) {
          played = false;
          return null;
        }
        if (played) return null;
        if (self.hand.length === 13) return { do: 'draw', seat };
        played = true;
        return { do: 'discard', seat, tile: self.hand[13]! };
      },
    };
  };

  it('play the table through the firmware, following the lamps the host lights, deterministically', async () => {
    const play = async (): Promise<string[]> => {
      const clock = new ManualClock();
      const pair = createMemoryPair();
      const firmware = new TableFirmware(pair.table, {
        clock,
        seed: 11,
        drivers: { 0: tsumogiri(0), 1: tsumogiri(1) },
        thinkMs: 5,
        idleReportMs: 0,
      });
      const link = new Link(pair.host, { clock });
      const seen: string[] = [];
      link.subscribe((e) => {
        if (e.type === 'table.tileDrawn' || e.type === 'table.tileDiscarded')
          seen.push(`${e.type}:${e.seat}:${e.tile}`);
      });
      await firmware.start();
      await link.start();
      await clock.advance(50);
      for (const command of [
        { type: 'setMode', mode: 'standard4' },
        { type: 'shuffle' },
        { type: 'buildWalls' },
        { type: 'rollDice' },
        { type: 'dealHands' },
      ] as const) {
        link.send(command);
        await clock.advance(100);
      }
      for (let turn = 0; turn < 6; turn++) {
        const seat = (turn % 2) as 0 | 1;
        link.send({ type: 'setLamp', seat, lamp: 'turn', on: true });
        link.send({ type: 'setLamp', seat: (1 - seat) as 0 | 1, lamp: 'turn', on: false });
        await clock.advance(100);
      }
      await link.close();
      await firmware.stop();
      return seen;
    };
    const first = await play();
    expect(first.length).toBe(12); // six turns: a draw and a discard each
    expect(first.filter((s) => s.startsWith('table.tileDrawn:0')).length).toBe(3);
    expect(await play()).toEqual(first);
  });
});
