// What a simulated table announces: its modes by the tile set it holds, and protocol 2 content or a revision 1.2 table.
import type { Capabilities, TableMode, TableTileSet } from '../../table/table-events.js';
import { TABLE_MODE_SPECS } from '../../table/table-events.js';
import { FULL_CAPABILITIES } from './table-model.js';

/** The tile sets `mahjong-table sim --tile-set` offers; a 136-tile table also plays Sanma's 108 (it leaves 2m-8m out). */
export const SIM_TILE_SETS = [136, 144, 160, 176] as const;
export type SimTileSet = (typeof SIM_TILE_SETS)[number];

/** The protocol a simulated table speaks: `2` (the default), or `1.2` like a table built before protocol 2. */
export type SimProtocol = '1.2' | '2';

export interface SimCapabilityOptions {
  /** The one physical set the table holds (default: every set, a table for tests). */
  readonly tileSet?: SimTileSet;
  readonly protocol?: SimProtocol;
  /** Modes to keep (default all that the set and protocol allow). */
  readonly modes?: readonly TableMode[];
  readonly dealsHands?: boolean;
}

/** Modes a revision 1.2 table could be set to (the protocol 2 modes came with the tile sets, PROTOCOL.md §10.2). */
const REVISION_1_MODES: readonly TableMode[] = ['standard4', 'sanma3', 'minefield2', 'flowers4'];

/** A mode's set fits the table's: 136 also gives Sanma's 108. */
const fits = (mode: TableMode, tileSet: SimTileSet | undefined): boolean => {
  const needs = TABLE_MODE_SPECS[mode].tileSet;
  return tileSet === undefined || needs === tileSet || (needs === 108 && tileSet === 136);
};

/** The capabilities a simulated table announces in its HELLO_REPLY. */
export function simCapabilities(options: SimCapabilityOptions = {}): Capabilities {
  const old = options.protocol === '1.2';
  const modes = FULL_CAPABILITIES.modes.filter(
    (m) =>
      fits(m, options.tileSet) &&
      (!old || REVISION_1_MODES.includes(m)) &&
      (options.modes === undefined || options.modes.includes(m)),
  );
  const full = FULL_CAPABILITIES.content!;
  const tileSets: TableTileSet[] =
    options.tileSet === undefined ? [...full.tileSets] : options.tileSet === 136 ? [136, 108] : [options.tileSet];
  return {
    ...FULL_CAPABILITIES,
    modes,
    dealsHands: options.dealsHands ?? true,
    content: old ? null : { ...full, tileSets },
  };
}
