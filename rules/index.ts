// Public API of the rules engine (`mahjong-table/rules`): pure functions, no I/O.
export * from './result.js';
export * from './tiles.js';
export * from './decompose.js';
export {
  GROUP_STRIDE,
  READ_CHIITOITSU,
  READ_KOKUSHI,
  READ_SEQUENCE,
  READ_STANDARD,
  READ_TRIPLET,
  READINGS,
  readHand,
} from './readings.js';
export * from './special-shapes.js';
export * from './wilds.js';
export * from './hand.js';
export * from './options.js';
export {
  scoreHand,
  scoreHandValue,
  type HandValue,
  type ScoredHand,
  type ScoredYaku,
  type WinContext,
} from './score.js';
export { scoreWin, type OutputYaku, type ScoreOutput, type VariantResult } from './score-win.js';
export { parseScoreInput, type ParsedInput, type ScoreInput } from './score-input.js';
export {
  handPoints,
  limitOf,
  ordinaryBasePoints,
  winPayments,
  type HandPoints,
  type Limit,
  type WinPayments,
} from './points.js';
export { ORDINARY_YAKU, YAKUMAN, type Yaku, type Yakuman } from './yaku/index.js';
export * from './payments.js';
export * from './variants/index.js';
export * from './shanten.js';
export * from './waits.js';
export * from './furiten.js';
export * from './game-flow.js';
