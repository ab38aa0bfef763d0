// Host failures as values with stable codes ({ ok: false, code, message }), like rules/ and host/storage.
import type { Ok } from '../rules/result.js';
import type { StorageErrorCode } from './storage/errors.js';

/** Stable host error codes (the CLI, the console and the WebSocket API show them). Add, never rename. */
export type HostErrorCode =
  | StorageErrorCode
  | 'unknown_variant'
  | 'unknown_preset'
  | 'session_running'
  | 'no_session'
  | 'session_paused'
  | 'not_paused'
  | 'no_fault'
  | 'stale_fault'
  | 'not_correctable'
  | 'bad_correction'
  | 'bad_seats'
  | 'unknown_player'
  | 'log_diverged'
  | 'log_unreadable'
  | 'table_unavailable'
  | 'unknown_session'
  | 'export_unsupported'
  | 'import_corrupt'
  | 'import_newer_version'
  | 'import_failed'
  // A game-record format no family imports, or an imported session whose format its family no longer imports.
  | 'unknown_format'
  // Operator overrides (host/session/operator-overrides.ts, issue 7).
  | 'seat_not_in_play'
  | 'button_not_in_play'
  | 'not_riichi_family'
  | 'chombo_not_in_preset'
  | 'no_hand_in_play'
  | 'hand_already_dead'
  | 'override_refused'
  // Tenpai Race Stage B settled from the console (variants.md V2.1 item 6; issue 7).
  | 'not_tenpai_race'
  | 'stage_b_not_waiting'
  // A session option the variant does not take (tag-team outside Mangan, hands per game on Minefield).
  | 'option_not_in_variant'
  // The table's port cannot be the table (issue 12, table-connection.ts serialPortProblem).
  | 'no_such_port'
  | 'not_a_serial_device'
  | 'port_not_permitted'
  // A correction the game cannot take: the read was already played (issue 12).
  | 'read_already_played'
  | 'correction_refused'
  // The operator's Next game while the host holds none (issue 12).
  | 'not_awaiting'
  // Records (issue 12): an export that would be empty or needs a game named; an import that fails its checks.
  | 'export_empty'
  | 'export_ambiguous'
  | 'import_invalid'
  | 'import_too_large';

export interface HostError {
  readonly ok: false;
  readonly code: HostErrorCode;
  readonly message: string;
}

export type HostResult<T> = Ok<T> | HostError;

export const hostFail = (code: HostErrorCode, message: string): HostError => ({ ok: false, code, message });
