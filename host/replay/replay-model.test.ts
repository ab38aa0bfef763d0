// The replay's pure parts (issue 12): the hands folds take back what the machines refused, and the step lines name players, leave out refused moves and never a hidden tile.
import { describe, expect, it } from 'vitest';
import type { LogEvent, LoggedEvent } from '../session/log-events.js';
import { commonStepLine } from './replay-model.js';
import { seatNames, type HandsModel } from './replay-hands.js';
import { riichiHandsReducer, riichiStepLine } from '../../families/riichi/replay.js';
import { minefieldHandsReducer, minefieldStepLine } from '../../families/minefield/replay.js';
import { redactEvent } from '../session/log-text.js';
import { formatTiles, tilesOf, tileOfText, type Tile } from '../../rules/tiles.js';

const names = seatNames(
  [
    { seat: 0, playerId: 1, name: 'Akiko', bot: false },
    { seat: 1, playerId: 2, name: 'Bernard', bot: false },
    { seat: 2, playerId: 3, name: 'Chen', bot: false },
    { seat: 3, playerId: 4, name: 'Dolores', bot: false },
  ],
  [0, 1, 2, 3],
);

const fold = (
  reduce: typeof riichiHandsReducer,
  events: readonly unknown[],
  tableSeats: readonly (0 | 1 | 2 | 3)[] = [0, 1, 2, 3],
): HandsModel | null =>
  events.reduce<HandsModel | null>(
    (hands, event, i) =>
      reduce(hands, { seq: i + 1, atMs: i, event: event as LogEvent } as LoggedEvent, tableSeats),
    null,
  );

const handText = (hands: HandsModel | null, i: number): string => {
  const h = hands!.seats[i]!;
  return `${formatTiles(h.concealed as Tile[])}${h.drawn === null ? '' : ` +${formatTiles([h.drawn as Tile])}`}`;
};

const started = {
  type: 'hand.started',
  roundWind: 1,
  handNumber: 1,
  dealer: 0,
  honba: 0,
  deposits: 0,
  points: [25000, 25000, 25000, 25000],
};
const dealt = {
  type: 'hand.dealt',
  hands: [
    tilesOf('9m1p2s3z5m4m3m2m1m6p5p4p7s8s'),
    tilesOf('1z2z3z4z5z6z7z1m1m1m2p2p2p'),
    tilesOf('3p3p3p4p4p4p5p5p5p6p6p6p7p'),
    tilesOf('1s1s1s2s2s2s3s3s3s4s4s4s5s'),
  ],
};

describe('riichi hands fold', () => {
  it("sorts the deal and keeps the dealer's fourteenth apart; a draw apart until the discard", () => {
    let hands = fold(riichiHandsReducer, [started, dealt]);
    expect(handText(hands, 0)).toBe('123459m1456p27s3z +8s');
    expect(handText(hands, 1)).toBe('111m222p1234567z');
    hands = fold(riichiHandsReducer, [
      started,
      dealt,
      { type: 'seat.discarded', seat: 0, tile: tileOfText('3z'), riichi: false },
      { type: 'seat.drew', seat: 1, tile: tileOfText('9p') },
    ]);
    expect(handText(hands, 0)).toBe('123459m1456p278s');
    expect(handText(hands, 1)).toBe('111m222p1234567z +9p');
  });

  it('takes back a draw or a discard the machine refused (seat.actionRejected right after it)', () => {
    const discard = { type: 'seat.discarded', seat: 0, tile: tileOfText('9m'), riichi: false };
    const refused = {
      type: 'seat.actionRejected',
      seat: 0,
      action: 'seat.discarded',
      code: 'kuikae',
      message: 'no',
    };
    expect(handText(fold(riichiHandsReducer, [started, dealt, discard, refused]), 0)).toBe(
      '123459m1456p27s3z +8s',
    );
    // A refusal of another seat's action leaves the discard standing.
    const other = { ...refused, seat: 1 };
    expect(handText(fold(riichiHandsReducer, [started, dealt, discard, other]), 0)).toBe('12345m1456p278s3z');
  });

  it('takes the tiles of a call out of the hand: chi and pon without the claimed tile, a closed kan all four', () => {
    const pon = {
      type: 'seat.callMade',
      seat: 1,
      meld: { type: 'pon', tiles: tilesOf('1m1m1m'), calledTile: tileOfText('1m'), fromSeat: 0 },
    };
    expect(handText(fold(riichiHandsReducer, [started, dealt, pon]), 1)).toBe('1m222p1234567z');
    const ankan = { type: 'seat.callMade', seat: 2, meld: { type: 'ankan', tiles: tilesOf('3p3p3p3p') } };
    expect(
      handText(
        fold(riichiHandsReducer, [
          started,
          {
            ...dealt,
            hands: [dealt.hands[0], dealt.hands[1], tilesOf('3p3p3p3p4p4p4p5p5p5p6p6p6p'), dealt.hands[3]],
          },
          ankan,
        ]),
        2,
      ),
    ).toBe('444555666p');
  });
});

describe('Minefield hands fold', () => {
  const walls = [
    tilesOf('1111222233334444555566667777888899m'),
    tilesOf('1111222233334444555566667777888899p'),
  ];
  const events = [
    { type: 'hand.started', hand: 1, dealer: 0, ante: 1000, points: [50000, 50000] },
    { type: 'hand.wallsBuilt', walls, unused: [] },
    { type: 'seat.handSet', seat: 0, tiles: tilesOf('1112223334445m'), source: 'sensor' },
  ];
  it('takes a hand once accepted: 13 tiles, the rest of the wall its stock; a rejected one leaves the wall whole', () => {
    const accepted = fold(minefieldHandsReducer, [...events, { type: 'seat.handAccepted', seat: 0 }], [0, 2]);
    expect(formatTiles(accepted!.seats[0]!.concealed as Tile[])).toBe('1112223334445m');
    expect(accepted!.seats[0]!.stock).toHaveLength(21);
    const rejected = fold(
      minefieldHandsReducer,
      [...events, { type: 'seat.handRejected', seat: 0, code: 'not_tenpai', message: 'x' }],
      [0, 2],
    );
    expect(rejected!.seats[0]!.concealed).toHaveLength(0);
    expect(rejected!.seats[0]!.stock).toHaveLength(34);
  });
  it('takes a discard out of the stock, and back when refused', () => {
    const base = [
      ...events,
      { type: 'seat.handAccepted', seat: 0 },
      { type: 'seat.discarded', seat: 0, tile: tileOfText('9m') },
    ];
    expect(fold(minefieldHandsReducer, base, [0, 2])!.seats[0]!.stock).toHaveLength(20);
    const back = fold(
      minefieldHandsReducer,
      [...base, { type: 'seat.discardRejected', seat: 0, tile: tileOfText('9m'), code: 'not_in_stock' }],
      [0, 2],
    );
    expect(back!.seats[0]!.stock).toHaveLength(21);
  });
});

describe('step lines', () => {
  it('name the players, and leave out a draw the machine refused', () => {
    const drew = { type: 'seat.drew', seat: 2, tile: tileOfText('5p') };
    expect(riichiStepLine(drew, names)).toMatchObject({ text: 'Chen draws 5p', seat: 2, key: false });
    expect(
      riichiStepLine(drew, names, { type: 'seat.actionRejected', seat: 2, action: 'seat.drew' }),
    ).toBeNull();
    const pon = {
      type: 'seat.callMade',
      seat: 1,
      meld: { type: 'pon', tiles: tilesOf('7z7z7z'), calledTile: tileOfText('7z'), fromSeat: 3 },
    };
    expect(riichiStepLine(pon, names)).toMatchObject({
      text: "Bernard calls pon on Dolores's 7z",
      kind: 'call',
      key: true,
    });
    expect(riichiStepLine({ type: 'seat.passed', seat: 1 }, names)).toBeNull();
    expect(riichiStepLine({ type: 'seat.ponDeclared', seat: 1, tiles: tilesOf('7z7z') }, names)).toBeNull();
  });

  it('describe a draw of the hand in play in its public form, without the tile', () => {
    const drew = { type: 'seat.drew', seat: 2, tile: tileOfText('5p') };
    const shown = redactEvent(drew as unknown as LogEvent, 'riichi')!;
    const line = riichiStepLine(shown, names)!;
    expect(line.text).toBe('Chen draws');
    expect(line.tiles).toBeUndefined();
  });

  it("say an operator's correction whole once the hand is over, and without its tiles or note while it is played", () => {
    const correction = {
      type: 'operator.correction',
      eventSeq: 356,
      tiles: tilesOf('5m'),
      note: 'it was 5m',
    } as LogEvent;
    expect(commonStepLine(correction, names)).toMatchObject({
      kind: 'operator',
      key: true,
      text: 'Operator corrected event #356 to 5m: it was 5m',
    });
    const redacted = redactEvent(correction, 'riichi')!;
    expect(commonStepLine(redacted, names)!.text).toBe('Operator corrected event #356');
    const press = {
      type: 'operator.buttonEntered',
      seat: 3,
      button: 'ron',
      operator: 'Noriko',
      reason: 'missed',
    } as LogEvent;
    expect(commonStepLine(press, names)!.text).toBe(
      "Operator Noriko entered Dolores's missed ron press: missed",
    );
    // The table's device events are no steps.
    expect(
      commonStepLine({ type: 'table.tileDrawn', seat: 0, tile: 3 } as unknown as LogEvent, names),
    ).toBeNull();
  });

  it('Minefield: a refused discard is no step; a win says the ante multiplier', () => {
    const mf = seatNames(
      [
        { seat: 0, playerId: 1, name: 'Akiko', bot: false },
        { seat: 2, playerId: 3, name: 'Chen', bot: false },
      ],
      [0, 2],
    );
    const discard = { type: 'seat.discarded', seat: 1, tile: tileOfText('9p') };
    expect(minefieldStepLine(discard, mf)).toMatchObject({ text: 'Chen discards 9p', seat: 2 });
    expect(minefieldStepLine(discard, mf, { type: 'seat.discardRejected', seat: 1 })).toBeNull();
    const won = {
      type: 'hand.won',
      seat: 0,
      from: 1,
      tile: tileOfText('9p'),
      hand: [],
      underIndicator: 0,
      han: 5,
      hanWithoutUra: 5,
      fu: 30,
      yaku: [],
      limit: 'mangan',
      yakuman: 0,
      multiplier: 4,
      payment: 8000,
      points: [58000, 42000],
    };
    expect(minefieldStepLine(won, mf)!.text).toBe(
      'Akiko wins off Chen: mangan, 5 han 30 fu; pays 8,000 (ante × 4)',
    );
  });
});
