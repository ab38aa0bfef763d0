// The riichi family's agari-yame line on the console: the dealer is asked whether to end the game.
import { riichiViewOf, type PublicState } from '../../../contract/ipc-contract.js';

/**
 * Agari-yame (riichi.md 17.2): the game waits for the dealer's CONFIRM or PASS; the missed-press form below
 * answers for him when the table does not sense it.
 */
export function AgariYameLine({ state }: { state: PublicState | null }) {
  const asked = state === null ? null : (riichiViewOf(state)?.agariYame ?? null);
  if (state === null || asked === null) return null;
  const name = state.seats.find((s) => s.seat === asked.seat)?.name || `Seat ${asked.seat + 1}`;
  return (
    <p className="notice notice-ok" role="status" data-testid="agari-yame-line" data-seat={asked.seat}>
      Agari-yame? East ({name}) may end the game: CONFIRM ends · PASS plays on. If the table misses his press,
      enter it below (Missed button press: {name}, confirm or pass).
    </p>
  );
}
