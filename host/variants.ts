// The variants the host can run: each one's table mode, presets, core (machines) and public-view fold, by id.
import type { VariantId } from '../electron/ipc-contract.js';
import type { TableMode } from '../machines/table-events.js';
import { MinefieldCore, type CoreOptions } from './minefield-core.js';
import { applyMinefieldView } from './minefield-view.js';
import type { ViewReducer } from './public-model.js';

export interface VariantEntry {
  readonly id: VariantId;
  readonly mode: TableMode;
  /** Rule presets this host knows for the variant; the first is the default. */
  readonly presets: readonly string[];
  /** Players the variant seats, as table seats. */
  readonly tableSeats: readonly (0 | 1 | 2 | 3)[];
  readonly createCore: (options: CoreOptions) => MinefieldCore;
  readonly view: ViewReducer;
  /** Whether tenhou.net/6 export applies (riichi-family games only). */
  readonly tenhouExport: boolean;
}

/** Minefield now; the riichi family arrives with issue 7 as further entries. */
export const VARIANT_REGISTRY: Partial<Record<VariantId, VariantEntry>> = {
  minefield: {
    id: 'minefield',
    mode: 'minefield2',
    presets: ['minefield'],
    tableSeats: [0, 2],
    createCore: (options) => new MinefieldCore(options),
    view: applyMinefieldView,
    tenhouExport: false,
  },
};

export const variantEntry = (id: string): VariantEntry | undefined => VARIANT_REGISTRY[id as VariantId];

/** The public-view fold of a variant (null for one this host cannot run). */
export const variantViewReducer = (id: VariantId): ViewReducer | null => VARIANT_REGISTRY[id]?.view ?? null;

export const runnableVariants = (): VariantId[] => Object.keys(VARIANT_REGISTRY) as VariantId[];
