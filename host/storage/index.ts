// Storage public API: open the database, then the repositories over it.
export * from './errors.js';
export * from './json.js';
export * from './paths.js';
export * from './migrations.js';
export * from './database.js';
export * from './events.js';
export * from './players.js';
export * from './sessions.js';
export * from './games.js';
export * from './hands.js';
export * from './snapshots.js';
export * from './standings.js';
