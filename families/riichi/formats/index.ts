// Game log formats: tenhou.net/6 import and export, the replay of a recorded round, and the check against rules/.
export * from './game-record.js';
export {
  applyEvent,
  brokenInvariant,
  LIVE_WALL,
  replayRound,
  startRound,
  type MeldState,
  type RoundReplay,
  type RoundState,
  type SeatState,
} from './replay.js';
export {
  checkGame,
  checkRoundWins,
  exhaustiveDrawPayments,
  roundPayments,
  winScoreInput,
  YAKU_NAMES,
  type GameCheck,
  type WinCheck,
  type WinFigures,
} from './score-check.js';
export { parseTenhou6, parseTenhou6Json } from './tenhou6.js';
export { exportTenhou6, exportTenhou6Text, gameJson, type Tenhou6Json } from './tenhou6-export.js';
export { tenhou6Report, type Tenhou6Report } from './tenhou6-report.js';
