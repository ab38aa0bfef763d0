// The yaku registry: every ordinary yaku and yakuman, and the shared win context they are tested on.
export * from './context.js';
export * from './types.js';
export { ORDINARY_YAKU } from './ordinary.js';
export { YAKUMAN } from './yakuman.js';
