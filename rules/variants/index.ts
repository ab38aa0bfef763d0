// The variant presets of variants.md and their functions; importing this module registers every preset.
export * from './minefield-points.js';
export * from './minefield.js';
export * from './sanma.js';
export * from './mangan.js';
export * from './clear.js';
export * from './tenpai-race.js';
export * from './tournament.js';
