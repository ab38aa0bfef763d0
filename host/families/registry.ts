// The one list of game families, and through them of every variant the host runs: the console, `simulate`, `serve`,
// the CLI help, exports and replays all read it. Adding a family is its folder (families/<family>/) plus one line here.
import { MINEFIELD_FAMILY } from '../../families/minefield/index.js';
import { RIICHI_FAMILY } from '../../families/riichi/index.js';
import type { VariantInfo } from '../../contract/ipc-contract.js';
import type { GameFamily, VariantEntry, ViewReducer } from './family.js';

export const FAMILIES: readonly GameFamily[] = [MINEFIELD_FAMILY, RIICHI_FAMILY];

/** Every variant by id, in the families' order. */
export const VARIANT_REGISTRY: Readonly<Record<string, VariantEntry>> = Object.fromEntries(
  FAMILIES.flatMap((family) => family.variants.map((variant) => [variant.id, variant])),
);

export const variantEntry = (id: string): VariantEntry | undefined =>
  Object.hasOwn(VARIANT_REGISTRY, id) ? VARIANT_REGISTRY[id] : undefined;

/** The family that plays a variant (undefined for one this host does not know). */
export const familyOfVariant = (id: string): GameFamily | undefined =>
  FAMILIES.find((family) => family.variants.some((variant) => variant.id === id));

/** The public-view fold of a variant (null for one this host cannot run). */
export const variantViewReducer = (id: string): ViewReducer | null => variantEntry(id)?.view ?? null;

export const runnableVariants = (): string[] => Object.keys(VARIANT_REGISTRY);

/** The variants as the console offers them (`variants.list`). */
export const variantInfos = (): VariantInfo[] =>
  FAMILIES.flatMap((family) =>
    family.variants.map((v) => ({
      id: v.id,
      name: v.name,
      family: family.id,
      presets: [...v.presets],
      tableSeats: [...v.tableSeats],
      handsPerGame: v.playOptions === undefined ? null : { default: v.playOptions.defaultHandsPerGame ?? null },
      tagTeam: v.playOptions?.tagTeam === true,
    })),
  );
