// The scoreboard's own panels for the riichi variants: Clear's teams and conditions, Mangan's burned points and tag-team places, Tenpai Race's discard race and Stage B, the tournament's chombo and agari-yame.
import {
  riichiViewOf,
  stageBAwaitingResult,
  type ChomboTriggerId,
  type ClearView,
  type ManganView,
  type PublicState,
  type RiichiHandResult,
  type RiichiSeatState,
  type RiichiView,
  type TenpaiRaceView,
} from '../../../contract/ipc-contract.js';
import type { Seat } from '../../../table/table-events.js';
import type { Tile } from '../../../rules/tiles.js';
import { TileFace } from '../../components/TileFace.js';
import './riichi-variants.css';

const fmt = (points: number): string => points.toLocaleString('en-US');
const nameOf = (state: PublicState, seat: Seat): string =>
  state.seats.find((info) => info.seat === seat)?.name || `Seat ${seat + 1}`;

/** The team a table seat plays for (Clear Mahjong), or null. */
export const teamOfSeat = (clear: ClearView | undefined, seat: Seat): 'A' | 'B' | null =>
  clear?.teams.find((t) => t.seats.includes(seat))?.team ?? null;

/** Clear Mahjong's result line (V5.3), or null while the game goes on. */
export function clearDecidedText(clear: ClearView): string | null {
  const d = clear.decided;
  if (d === null) return null;
  // Short enough for the centre panel on a laptop screen (it ends in an ellipsis there when longer).
  if (d.result === 'tieByTenpaiRace') return 'Tie · Tenpai Race decides';
  return `Team ${d.team} wins · ${d.reason === 'allConditions' ? 'all five' : 'bust'}`;
}

/** Both teams side by side: players, count cleared, and each of the five conditions as a check mark or an open ring. */
export function ClearTeams({ state, clear }: { readonly state: PublicState; readonly clear: ClearView }) {
  return (
    <section className="cl-teams" aria-label="Clear Mahjong teams" data-region="clear-teams">
      {clear.teams.map((team) => {
        const winner = clear.decided?.result === 'teamWins' && clear.decided.team === team.team;
        return (
          <div
            key={team.team}
            className={`cl-team cl-team-${team.team}${winner ? ' cl-team-winner' : ''}`}
            data-team={team.team}
            data-cleared={team.cleared.join(' ')}
          >
            <div className="cl-team-head">
              <span className="cl-team-name">Team {team.team}</span>
              <span className="cl-team-players">{team.seats.map((s) => nameOf(state, s)).join(' & ')}</span>
              {winner ? <span className="badge cl-team-wins">WINS</span> : null}
              <span className="cl-team-count" data-count={team.cleared.length}>
                {team.cleared.length}/5
              </span>
            </div>
            <ol className="cl-conditions">
              {clear.conditions.map((c) => {
                const done = team.cleared.includes(c.id);
                return (
                  <li
                    key={c.id}
                    className={`cl-condition${done ? ' cl-done' : ''}`}
                    data-condition={c.id}
                    data-done={done ? 'yes' : 'no'}
                  >
                    <span className="cl-mark" aria-hidden="true">
                      {done ? '✓' : '○'}
                    </span>
                    <span className="cl-condition-name">{c.name}</span>
                  </li>
                );
              })}
            </ol>
          </div>
        );
      })}
    </section>
  );
}

/**
 * Mangan Mahjong's points that have left the game (V4.1), as the centre panel's first fact: the preset has no
 * honba and free riichi (rules/variants/mangan.ts), so this takes the place of those sticks.
 */
export function ManganBurned({
  mangan,
  justBurned,
}: {
  readonly mangan: ManganView;
  readonly justBurned: boolean;
}) {
  return (
    <span className="rb-fact mg-burned" data-burned={mangan.burned} aria-label="Points burned">
      <span className="rb-fact-value mg-burned-value">{fmt(mangan.burned)}</span>
      <span className="rb-label">points burned</span>
      {justBurned && mangan.lastHandBurned > 0 ? (
        <span className="mg-burned-last" data-last-burned={mangan.lastHandBurned}>
          +{fmt(mangan.lastHandBurned)} this hand
        </span>
      ) : null}
    </span>
  );
}

/** The chombo trigger as the room reads it (variants.md V6.2 item 1). */
const TRIGGER_TEXT: Readonly<Record<ChomboTriggerId, string>> = {
  wallRevealed: 'wall revealed',
  handRevealed: 'a hand revealed',
  falseWinShown: 'false win',
  furitenRonShown: 'furiten ron',
  riichiNotTenpai: 'riichi not tenpai',
  illegalKanAfterRiichi: 'kan after riichi',
};

/** The centre's result after a chombo, over three short lines: who, why, and that the hand is replayed (V6.2 item 3). */
export function ChomboResult({
  name,
  result,
}: {
  readonly name: string;
  readonly result: Extract<RiichiHandResult, { kind: 'chombo' }>;
}) {
  return (
    <div
      className="rb-chombo"
      data-chombo-seat={result.seat}
      data-trigger={result.trigger}
      data-region="result"
    >
      <span className="rb-chombo-title">CHOMBO</span>
      <span className="rb-chombo-name">{name}</span>
      <span className="rb-chombo-why">{TRIGGER_TEXT[result.trigger]} · hand replayed</span>
    </div>
  );
}

const RESOLUTION_TEXT = {
  operatorSettled: 'settled by the operator',
  defenderFound: 'defender found the wait',
  attackerTsumo: 'attacker drew his tile',
  wallExhausted: 'wall exhausted',
} as const;

/** Tenpai Race: how Stage B ended the hand. */
export function StageBResult({
  state,
  result,
}: {
  readonly state: PublicState;
  readonly result: Extract<RiichiHandResult, { kind: 'stageB' }>;
}) {
  return (
    <span className="rb-stage-b-result" data-winner={result.winner ?? 'none'}>
      {result.winner === null ? 'Stage B · no winner' : `Stage B · ${nameOf(state, result.winner)} wins`} ·{' '}
      {RESOLUTION_TEXT[result.resolution]}
    </span>
  );
}

/**
 * Mangan tag-team (V4.3): who of the seat's pair sits now and who waits, as a badge on its panel. The pair at the
 * i-th seat in play is players 2i and 2i+1 (shown 1..8); before the first swap the first of each pair sits.
 */
export function TagTeamPair({ state, seat }: { readonly state: PublicState; readonly seat: Seat }) {
  const view = riichiViewOf(state);
  if (view === null || (state.session?.tagTeam !== true && view.tagTeam === undefined)) return null;
  // At the end the centre lists the eight players' places (TagTeamPlaces): who sat last no longer matters.
  if (view.phase === 'over' && view.tagTeam?.ranking !== undefined) return null;
  const index = view.seats.findIndex((s) => s.seat === seat);
  if (index < 0) return null;
  const sitting = view.tagTeam?.seated.find((s) => s.seat === seat)?.player ?? 2 * index;
  const waiting = sitting === 2 * index ? 2 * index + 1 : 2 * index;
  return (
    <span
      className="badge rb-tagteam"
      data-testid={`tag-team-${seat}`}
      data-sitting={sitting}
      title="tag-team pair (V4.3): partners swap every ten discards"
    >
      P{sitting + 1} sits · P{waiting + 1} waits
    </span>
  );
}

/** A seat's role once Stage B has started (V2.1 item 6), as a badge on its panel. */
export function RaceRole({ race, seat }: { readonly race: TenpaiRaceView; readonly seat: Seat }) {
  if (race.stage !== 'B') return null;
  if (race.attacker === seat)
    return (
      <span className="badge tr-role tr-attacker" data-role="attacker">
        ATTACKER{race.byRiichi ? ' · RIICHI' : ''}
      </span>
    );
  if (race.defender === seat)
    return (
      <span className="badge tr-role tr-defender" data-role="defender">
        DEFENDER
      </span>
    );
  return null;
}

/**
 * Tenpai Race's centre: the stage, and each player's discards left of 18 (V2.1 item 4) in large figures, the
 * honba the Stage A draws have piled up; in Stage B the roles and what was shown (guesses, the attacker's draws).
 */
export function TenpaiRaceCentre({
  state,
  race,
}: {
  readonly state: PublicState;
  readonly race: TenpaiRaceView;
}) {
  const view = riichiViewOf(state);
  const awaiting = view !== null && stageBAwaitingResult(view);
  return (
    <section className="tr-race" aria-label="Tenpai Race" data-stage={race.stage} data-region="tenpai-race">
      <div className={`tr-stage tr-stage-${race.stage}`} data-testid="race-stage">
        {race.stage === 'A'
          ? 'STAGE A · no wins · 18 discards each'
          : `STAGE B · ${race.attacker === null ? '' : nameOf(state, race.attacker)} attacks`}
      </div>
      {awaiting ? (
        // The club's paper rules resolve Stage B (V2.2 R1-R6 unsourced): the operator enters the result.
        <div className="tr-awaiting" role="status" data-testid="stage-b-awaiting">
          Stage B — awaiting the result
        </div>
      ) : null}
      <div className="tr-counts">
        {race.discardsLeft.map((d) => (
          <div
            key={d.seat}
            className={`tr-count${d.left <= 3 ? ' tr-count-low' : ''}`}
            data-seat={d.seat}
            data-left={d.left}
          >
            <span className="tr-count-value">{d.left}</span>
            <span className="rb-label">{nameOf(state, d.seat)} · discards left</span>
          </div>
        ))}
      </div>
      {race.stage === 'B' && (race.guesses.length > 0 || race.shownDraws.length > 0) ? (
        <div className="tr-shown" data-guesses={race.guesses.length} data-draws={race.shownDraws.length}>
          <span>
            {race.guesses.length} {race.guesses.length === 1 ? 'guess' : 'guesses'} · {race.shownDraws.length}{' '}
            {race.shownDraws.length === 1 ? 'draw' : 'draws'} shown
          </span>
          <span className="rb-tiles tr-draws">
            {race.shownDraws.slice(-6).map((t, i) => (
              <TileFace key={i} tile={t as Tile} />
            ))}
          </span>
        </div>
      ) : null}
    </section>
  );
}

/** A riichi chombo entered during the hand and not settled yet (V6.2 item 1), as a badge on the seat's panel. */
export function ChomboPending({ seat }: { readonly seat: RiichiSeatState }) {
  const pending = seat.chomboPending;
  if (pending === undefined) return null;
  return (
    <span
      className="badge rb-chombo-pending"
      data-testid={`chombo-pending-${seat.seat}`}
      data-trigger={pending.trigger}
      aria-label="chombo pending"
      title={`chombo pending (${TRIGGER_TEXT[pending.trigger]}, entered by ${pending.operator}): settled if the hand ends in a draw`}
    >
      CHOMBO?
    </span>
  );
}

/** Agari-yame `optional` (riichi.md 17.2): the game waits for the dealer's answer on his seat's buttons. */
export function AgariYameQuestion({ state, seat }: { readonly state: PublicState; readonly seat: Seat }) {
  return (
    <div className="rb-agari-yame" role="status" data-testid="agari-yame" data-seat={seat}>
      <span className="rb-agari-yame-title">Agari-yame?</span>
      <span className="rb-agari-yame-who">East ({nameOf(state, seat)}) may end the game:</span>
      <span className="rb-agari-yame-how">CONFIRM ends · PASS plays on</span>
    </div>
  );
}

/**
 * Mangan tag-team's final places (V4.3 item 4): all eight players with their own totals, best first; each is
 * named by number (P1..P8, as the pair badges) and by the seat his pair played at.
 */
export function TagTeamPlaces({
  state,
  ranking,
}: {
  readonly state: PublicState;
  readonly ranking: NonNullable<NonNullable<RiichiView['tagTeam']>['ranking']>;
}) {
  return (
    <ol className="tt-places" aria-label="Tag-team places" data-testid="tag-team-places">
      {ranking.map((r) => (
        <li
          key={r.player}
          className="tt-place"
          data-player={r.player}
          data-rank={r.rank}
          data-points={r.points}
        >
          <span className="tt-rank">{r.rank}.</span>
          <span className="tt-player">P{r.player + 1}</span>
          <span className="tt-pair">{nameOf(state, r.seat)}</span>
          <span className="tt-points">{fmt(r.points)}</span>
        </li>
      ))}
    </ol>
  );
}
