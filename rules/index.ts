// Public API of the rules engine (`mahjong-table/rules`): pure functions, no I/O.
export * from './result.js';
export * from './tiles.js';
