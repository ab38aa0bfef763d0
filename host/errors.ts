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
  | 'import_failed';

export interface HostError {
  readonly ok: false;
  readonly code: HostErrorCode;
  readonly message: string;
}

export type HostResult<T> = Ok<T> | HostError;

export const hostFail = (code: HostErrorCode, message: string): HostError => ({ ok: false, code, message });
