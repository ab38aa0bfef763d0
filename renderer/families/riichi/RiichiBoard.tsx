// The riichi-family scoreboard (4-player riichi, 3-player sanma, Mangan, Clear): seats by table position round a centre of round, sticks, dora and tiles left.
//
// It draws only the host's RiichiView: ponds, melds, indicators and tile COUNTS for the hands; concealed tiles
// appear only where the hand is over and they were shown (tenpai at an exhaustive draw, nine terminals), or in the
// replay viewer after the hand (`handOf`).
import type { ReactNode } from 'react';
import type { PublicState, RiichiSeatState, RiichiView } from '../../../contract/ipc-contract.js';
import type { Seat } from '../../../table/table-events.js';
import type { Tile } from '../../../rules/tiles.js';
import { TileFace } from '../../components/TileFace.js';
import { BoardAlerts } from '../../screens/scoreboard/BoardAlerts.js';
import { fmt, seatName, signed } from '../../screens/scoreboard/format.js';
import type { HandOf } from '../family-screens.js';
import { Melds, Pond } from './RiichiTiles.js';
import {
  AgariYameQuestion,
  ChomboPending,
  ChomboResult,
  ClearTeams,
  clearDecidedText,
  ManganBurned,
  RaceRole,
  StageBResult,
  teamOfSeat,
  TagTeamPair,
  TagTeamPlaces,
  TenpaiRaceCentre,
} from './RiichiVariantPanels.js';
import './riichi.css';
import { SeatName } from '../../components/SeatName.js';

const POSITION: Record<Seat, 'bottom' | 'right' | 'top' | 'left'> = {
  0: 'bottom',
  1: 'right',
  2: 'top',
  3: 'left',
};
const WIND_NAME = { east: 'East', south: 'South', west: 'West', north: 'North' } as const;
const WIND_CHAR = { east: '東', south: '南', west: '西', north: '北' } as const;
const VARIANT_TITLE = {
  riichi: 'Riichi · 4 players',
  sanma: 'Sanma · 3 players',
  mangan: 'Mangan Mahjong · 4 players',
  clear: 'Clear Mahjong · 2 teams',
  'tenpai-race': 'Tenpai Race · 2 players',
} as const;
const ABORT_TEXT = {
  nineTerminals: 'Nine terminals',
  fourWinds: 'Four winds',
  fourKans: 'Four kans',
  fourRiichi: 'Four riichi',
  tripleRon: 'Triple ron',
  fifthKan: 'Fifth kan',
  tenpaiRaceStageA: 'Stage A draw (18 discards each)',
} as const;

/**
 * Where a seat sits on the board: by table seat round the table; Tenpai Race's two players face each other
 * across it (the first in turn order at the bottom), whichever table seats they use.
 */
function positionOf(view: RiichiView, seat: Seat): 'bottom' | 'right' | 'top' | 'left' {
  if (view.players === 2) return view.seats[0]?.seat === seat ? 'bottom' : 'top';
  return POSITION[seat];
}

/**
 * The board to draw: while a hand's result is on show after the next hand has started, the finished hand's own
 * table (seats, winds, dealer, ponds, sticks, dora, round), so the result and its board always agree (issue 12).
 * `phase` stays the live one (the table is dealing).
 */
export function boardShown(view: RiichiView): RiichiView {
  if (shownResult(view) === null || (!view.resultBoard && !view.resultRound)) return view;
  const round = view.resultRound ?? view;
  return {
    ...view,
    ...(view.resultBoard ?? {}),
    roundWind: round.roundWind,
    handNumber: round.handNumber,
    turn: null,
    lastDiscard: null,
  };
}

export function RiichiBoard({
  state,
  view: live,
  handOf,
}: {
  readonly state: PublicState;
  readonly view: RiichiView;
  readonly handOf?: HandOf;
}) {
  const view = boardShown(live);
  const leader = Math.max(...view.seats.map((s) => s.points));
  const leaders = view.seats.filter((s) => s.points === leader).length;
  return (
    <div
      className={`rb-board rb-players-${view.players}${view.clear ? ' rb-has-clear' : ''}`}
      data-phase={view.phase}
    >
      {view.seats.map((s) => (
        <SeatPanel
          key={s.seat}
          state={state}
          view={view}
          seat={s}
          leader={leader}
          soleLeader={leaders === 1}
          open={handOf?.(s.seat) ?? null}
        />
      ))}
      <Centre state={state} view={view} />
      {view.clear ? <ClearTeams state={state} clear={view.clear} /> : null}
    </div>
  );
}

function SeatPanel({
  state,
  view,
  seat,
  leader,
  soleLeader,
  open,
}: {
  readonly state: PublicState;
  readonly view: RiichiView;
  readonly seat: RiichiSeatState;
  readonly leader: number;
  readonly soleLeader: boolean;
  readonly open: ReactNode;
}) {
  const turn = view.turn === seat.seat;
  // The last hand's result is shown until the next hand's play begins (`showingResult`), through its deal.
  const result = shownResult(view);
  const shownHand =
    result?.kind === 'exhaustiveDraw'
      ? (result.tenpai.find((t) => t.seat === seat.seat)?.hand ?? null)
      : result?.kind === 'abortiveDraw' && result.seat === seat.seat
        ? result.hand
        : null;
  const tenpai = result?.kind === 'exhaustiveDraw' ? result.tenpai.some((t) => t.seat === seat.seat) : null;
  const won = result?.kind === 'won' && result.wins.some((w) => w.seat === seat.seat);
  // Points moved by a draw, a chombo (V6.2) or a scored Stage B, shown beside the points while the result is up.
  const delta =
    result?.kind === 'exhaustiveDraw' || result?.kind === 'chombo' || result?.kind === 'stageB'
      ? result.deltas[seat.seat]!
      : null;
  const place = view.ranking === null ? null : view.ranking.indexOf(seat.seat) + 1;
  const gap = seat.points - leader;
  // Side seats are narrow: the tenpai mark goes in the status line; top and bottom ones show it by the hand.
  const position = positionOf(view, seat.seat);
  const side = position === 'left' || position === 'right';
  const team = teamOfSeat(view.clear, seat.seat);
  const tenpaiBadge =
    tenpai === null ? null : tenpai ? (
      <span className="badge rb-tenpai">TENPAI</span>
    ) : (
      <span className="badge muted rb-noten">NOTEN</span>
    );
  const classes = [
    'rb-seat',
    `rb-pos-${position}`,
    turn ? 'rb-turn' : '',
    seat.riichi !== 'none' ? 'rb-in-riichi' : '',
    won ? 'rb-won' : '',
    seat.deadHand === true ? 'rb-dead' : '',
  ];
  return (
    <section
      className={classes.join(' ')}
      data-seat={seat.seat}
      aria-label={`${seatName(state, seat.seat)}, ${WIND_NAME[seat.wind]}`}
    >
      <div className="rb-id">
        <div className="rb-name-line">
          <span
            className={`rb-wind${seat.dealer ? ' rb-wind-dealer' : ''}`}
            title={`${WIND_NAME[seat.wind]} seat`}
            data-wind={seat.wind}
          >
            {WIND_CHAR[seat.wind]}
          </span>
          {team !== null ? (
            <span className={`rb-team rb-team-${team}`} data-team={team} title={`Team ${team}`}>
              {team}
            </span>
          ) : null}
          <SeatName className="rb-name" name={seatName(state, seat.seat)} />
        </div>
        <div className="rb-points-line">
          <span className="rb-points" data-points={seat.points}>
            {fmt(seat.points)}
          </span>
          {delta !== null && delta !== 0 ? (
            <span className={`rb-delta ${delta > 0 ? 'gain' : 'loss'}`}>{signed(delta)}</span>
          ) : null}
        </div>
        <div className="rb-status">
          {place !== null ? <span className="badge rb-place">{ordinal(place)}</span> : null}
          {gap === 0 ? (
            <span className="rb-gap lead">{soleLeader ? 'LEADER' : 'TIED LEAD'}</span>
          ) : (
            <span className="rb-gap behind" data-gap={gap}>
              {signed(gap)}
            </span>
          )}
          {seat.dealer ? <span className="badge dealer">DEALER</span> : null}
          {seat.riichi !== 'none' ? (
            <span className="badge riichi rb-riichi" data-riichi={seat.riichi}>
              {seat.riichi === 'double' ? 'DOUBLE RIICHI' : 'RIICHI'}
            </span>
          ) : null}
          {turn ? <span className="badge turn">TURN</span> : null}
          {seat.deadHand === true ? (
            <span className="badge rb-dead-hand" title="declared dead by the operator (V6.3)">
              DEAD HAND
            </span>
          ) : null}
          {view.tenpaiRace ? <RaceRole race={view.tenpaiRace} seat={seat.seat} /> : null}
          <TagTeamPair state={state} seat={seat.seat} />
          {won ? <span className="badge rb-winner">WIN</span> : null}
          {side ? tenpaiBadge : null}
        </div>
      </div>
      <div className="rb-table">
        <Pond pond={seat.pond} latest={view.lastDiscard === seat.seat && view.phase === 'playing'} />
        <div className="rb-under">
          <Melds melds={seat.melds} owner={seat.seat} order={view.seats.map((x) => x.seat)} />
          {side ? null : tenpaiBadge}
          {/* By the tiles, not in the status line: that line is full in riichi on his turn, where it shows. */}
          <ChomboPending seat={seat} />
          {seat.norths > 0 ? (
            <span className="rb-norths" data-norths={seat.norths} title="norths set aside">
              北 ×{seat.norths}
            </span>
          ) : null}
          {open !== null ? (
            open
          ) : shownHand !== null ? (
            <div className="rb-tiles rb-shown-hand" data-region="shown-hand">
              {shownHand.map((t, i) => (
                <TileFace key={i} tile={t as Tile} />
              ))}
            </div>
          ) : view.phase === 'playing' ? (
            <span className="rb-concealed" data-concealed={seat.concealedCount} title="tiles in hand">
              {seat.concealedCount} in hand
            </span>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** The hand result on show: the last hand's, until the next hand's first draw or discard; none once the game is over. */
export function shownResult(view: RiichiView): RiichiView['lastResult'] {
  return view.showingResult && view.phase !== 'over' ? view.lastResult : null;
}

const ordinal = (n: number): string => (n === 1 ? '1ST' : n === 2 ? '2ND' : n === 3 ? '3RD' : `${n}TH`);

function Centre({ state, view }: { readonly state: PublicState; readonly view: RiichiView }) {
  const result = shownResult(view);
  // Mangan tag-team's end: the eight players' places take the place of the sticks and the dora.
  const places = view.phase === 'over' ? (view.tagTeam?.ranking ?? null) : null;
  // While the dealer is asked to end the game (agari-yame), the question takes their room too: it is all that matters then.
  const sticksAndDora = places === null && !view.agariYame;
  // A result on show is labelled with its own hand (boardShown), not the next one already being dealt.
  const round = view;
  return (
    <section className="rb-centre" aria-label="Round">
      <div className="rb-round" data-round={`${round.roundWind} ${round.handNumber}`}>
        {round.handNumber === 0 ? 'Starting' : `${WIND_NAME[round.roundWind]} ${round.handNumber}`}
      </div>
      <div className="rb-variant">{VARIANT_TITLE[view.variant]}</div>
      {places !== null ? <TagTeamPlaces state={state} ranking={places} /> : null}
      <div className="rb-facts" style={sticksAndDora ? undefined : { display: 'none' }}>
        {view.mangan ? (
          <ManganBurned mangan={view.mangan} justBurned={result?.kind === 'won'} />
        ) : (
          <>
            <span className="rb-fact" data-honba={view.honba}>
              <span className="rb-fact-value">
                <span className="rb-stick rb-stick-100" aria-hidden="true" />
                {view.honba}
              </span>
              <span className="rb-label">honba</span>
            </span>
            <span className="rb-fact" data-deposits={view.deposits}>
              <span className="rb-fact-value">
                <span className="rb-stick rb-stick-1000" aria-hidden="true" />
                {view.deposits}
              </span>
              <span className="rb-label">riichi {view.deposits === 1 ? 'stick' : 'sticks'}</span>
            </span>
          </>
        )}
        <span className="rb-fact" data-live-left={view.liveTilesLeft}>
          <span className="rb-fact-value">{view.liveTilesLeft}</span>
          <span className="rb-label">tiles left</span>
        </span>
      </div>
      {view.tenpaiRace ? <TenpaiRaceCentre state={state} race={view.tenpaiRace} /> : null}
      <div className="rb-dora-line" style={sticksAndDora ? undefined : { display: 'none' }}>
        <span className="rb-label">Dora</span>
        <div className="rb-tiles rb-dora" data-region="dora">
          {view.doraIndicators.map((t, i) => (
            <TileFace key={i} tile={t as Tile} />
          ))}
        </div>
      </div>
      <div className="rb-result" data-region="result">
        {result?.kind === 'won'
          ? result.wins.length > 1
            ? `${result.wins.length === 2 ? 'Double' : 'Triple'} ron off ${seatName(state, result.wins[0]!.from!)}`
            : `${seatName(state, result.wins[0]!.seat)} wins by ${result.wins[0]!.from === null ? 'tsumo' : 'ron'}`
          : null}
        {result?.kind === 'exhaustiveDraw'
          ? `Exhaustive draw · ${result.tenpai.length === 0 ? 'all noten' : `${result.tenpai.length} tenpai`}`
          : null}
        {result?.kind === 'abortiveDraw' ? `Abortive draw · ${ABORT_TEXT[result.reason]}` : null}
        {result?.kind === 'stageB' ? <StageBResult state={state} result={result} /> : null}
        {view.phase === 'over' && view.ranking !== null
          ? view.clear && clearDecidedText(view.clear) !== null
            ? clearDecidedText(view.clear)
            : `Game over · ${seatName(state, view.ranking[0]!)} wins`
          : null}
      </div>
      {view.agariYame ? <AgariYameQuestion state={state} seat={view.agariYame.seat} /> : null}
      {result?.kind === 'chombo' ? (
        <ChomboResult name={seatName(state, result.seat)} result={result} />
      ) : null}
      <BoardAlerts state={state} />
    </section>
  );
}
