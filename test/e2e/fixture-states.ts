// Recorded PublicState fixtures of a Minefield session (mid-hand, after a win, paused with a fault), checked against the contract.
import { PublicStateSchema, type PublicState } from '../../contract/ipc-contract.js';
import { tilesOf, tileOfText } from '../../rules/tiles.js';

const seats: PublicState['seats'] = [
  { seat: 0, playerId: 1, name: 'Akiko Tanaka', bot: false },
  { seat: 2, playerId: 2, name: 'Bernard Okonkwo-Smith', bot: false },
];

const link: NonNullable<PublicState['table']['link']> = {
  state: 'up',
  protocol: 1,
  firmware: 'sim-1.0.0',
  bootId: 4242,
  framesSent: 812,
  framesReceived: 790,
  eventsDelivered: 402,
  resends: 3,
  crcErrors: 1,
  badFrames: 0,
  duplicates: 2,
  reconnects: 0,
  reboots: 0,
  rttMs: { p50: 1.8, p99: 6.4, last: 2.1 },
  lastFaults: [{ code: 'jam', stage: 'build', recoverable: true, at: Date.UTC(2026, 10, 22, 18, 30) }],
};

const log: PublicState['log'] = Array.from({ length: 14 }, (_, i) => ({
  seq: 100 + i,
  atMs: Date.UTC(2026, 10, 22, 18, 40, i),
  type: i % 2 === 0 ? 'seat.discarded' : 'table.state',
  text: i % 2 === 0 ? `Akiko Tanaka discarded ${['5m', '7p', '1z', '9s'][i % 4]}` : 'table playing',
}));

export const midHand: PublicState = PublicStateSchema.parse({
  seq: 10,
  session: { id: 1, variant: 'minefield', preset: 'minefield', status: 'running' },
  eventSeq: 113,
  table: {
    target: { kind: 'simulator' },
    phase: 'playing',
    fault: null,
    link,
    sensors: { lid: 'closed', tilesInPit: 0, motorTempC: 41, atMs: Date.UTC(2026, 10, 22, 18, 40) },
  },
  seats,
  view: {
    variant: 'minefield',
    phase: 'awaitingDiscard',
    handNumber: 4,
    dealer: 1,
    ante: 2000,
    antePeak: 2000,
    points: [27000, 13000],
    doraIndicator: tileOfText('7s'),
    handsSet: [true, true],
    discards: [tilesOf('1z9m2p0s7z6z4m8p1s'), tilesOf('3z9p1m2z5z8s7m4s')],
    stockLeft: [12, 13],
    riichi: [true, true],
    turn: 1,
    tableSeats: [0, 2],
    lastResult: { kind: 'drawn', nextAnte: 2000 },
    ended: null,
  },
  lastWin: null,
  log,
});

export const afterWin: PublicState = PublicStateSchema.parse({
  ...midHand,
  seq: 11,
  eventSeq: 130,
  view: {
    ...midHand.view!,
    phase: 'won',
    points: [39000, 1000],
    turn: null,
    lastResult: { kind: 'won', seat: 0, payment: 12000 },
  },
  lastWin: {
    seq: 130,
    seat: 0,
    from: 2,
    tile: tileOfText('3p'),
    hand: tilesOf('123m456p78p345s99s'),
    doraIndicators: [tileOfText('7s')],
    uraIndicators: [tileOfText('2m')],
    han: 7,
    fu: 40,
    yaku: [
      { name: 'Riichi', han: 1 },
      { name: 'Ippatsu', han: 1 },
      { name: 'Pinfu', han: 1 },
      { name: 'Sanshoku doujun', han: 2 },
      { name: 'Dora', han: 1 },
      { name: 'Ura dora', han: 1 },
    ],
    limit: 'haneman',
    payments: [12000, 0, -12000, 0],
  },
});

export const pausedWithFault: PublicState = PublicStateSchema.parse({
  ...midHand,
  seq: 12,
  session: { ...midHand.session!, status: 'paused' },
  table: { ...midHand.table, fault: { code: 'jam', stage: 'build', recoverable: true } },
});

/** The recorded hand of the replay fixture: its events' kinds, in order. */
const REPLAY_KINDS = [
  'hand',
  'discard',
  'discard',
  'riichi',
  'discard',
  'fault',
  'device',
  'discard',
  'win',
] as const;
const replaySeq = (kind: string, i: number): number => 100 + i * 3 + (kind === 'win' ? 6 : 0);

/** Answers for the fixture server: club players, one serial port, and a recorded session of two hands for the replay viewer. */
export function fixtureAnswer(channel: string, payload: unknown): unknown {
  const ok = (value: unknown) => ({ ok: true, value });
  switch (channel) {
    case 'players.list':
      return ok({
        players: [
          { id: 1, name: 'Akiko Tanaka' },
          { id: 2, name: 'Bernard Okonkwo-Smith' },
        ],
      });
    case 'table.listPorts':
      return ok({
        ports: [
          {
            path: '/dev/ttyUSB0',
            manufacturer: 'FTDI',
            vendorId: '0403',
            productId: '6001',
            serialNumber: 'A1',
          },
        ],
      });
    case 'replay.listSessions':
      return ok({
        sessions: [
          {
            id: 1,
            variant: 'minefield',
            preset: 'minefield',
            tableId: 'sim',
            startedAtMs: Date.UTC(2026, 10, 22, 18),
            endedAtMs: null,
            lastSeq: 130,
            games: 1,
            hands: 1,
          },
        ],
      });
    case 'replay.listHands':
      return ok({
        sessionId: 1,
        lastSeq: 130,
        hands: [
          {
            gameId: 1,
            number: 4,
            firstSeq: 100,
            lastSeq: 130,
            result: 'Akiko Tanaka won 12,000 from Bernard Okonkwo-Smith (haneman)',
          },
        ],
      });
    case 'replay.timeline':
      // The same hand as the viewer's steps (issue 12): the table's device event is no step; key events are marked.
      return ok({
        sessionId: 1,
        steps: REPLAY_KINDS.flatMap((kind, i) =>
          kind === 'device'
            ? []
            : [
                {
                  seq: replaySeq(kind, i),
                  kind,
                  key: kind !== 'discard',
                  seat: kind === 'fault' ? null : 0,
                  text: kind === 'hand' ? 'Akiko Tanaka sets a hand' : `${kind} event`,
                },
              ],
        ),
      });
    case 'replay.events': {
      const kinds = REPLAY_KINDS;
      return ok({
        sessionId: 1,
        events: kinds.map((kind, i) => ({
          seq: replaySeq(kind, i),
          atMs: Date.UTC(2026, 10, 22, 18, 40, i),
          type: kind === 'hand' ? 'seat.handAccepted' : `fixture.${kind}`,
          kind,
          text: kind === 'hand' ? 'Akiko Tanaka set her hand' : `${kind} event`,
          event:
            kind === 'hand'
              ? { type: 'seat.handAccepted', seat: 0, hand: tilesOf('123m456p78p345s99s') }
              : { type: `fixture.${kind}` },
        })),
      });
    }
    case 'replay.open': {
      const seq = (payload as { seq: number }).seq;
      const state = seq >= 130 ? afterWin : { ...midHand, eventSeq: seq };
      // Once the hand is over the host adds the concealed hands (issue 12): the one set at its first event.
      const hands = seq >= 130 ? [{ seat: 0, concealed: tilesOf('123m45678p345s99s'), drawn: null }] : null;
      return ok({ sessionId: 1, seq, lastSeq: 130, state, hands });
    }
    default:
      return { ok: false, code: 'no_fixture', message: `the fixture server has no answer for ${channel}` };
  }
}
