// What the `serve` and `simulate` help says about the variants' options, read from the registry.
import { FAMILIES } from '../families/registry.js';
import type { VariantEntry } from '../families/family.js';

/** `a, b or c`. */
export const orList = (words: readonly string[]): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}`;

const variants = (): VariantEntry[] => FAMILIES.flatMap((family) => family.variants);

/** The variants that offer a choice of rule presets (`--preset`). */
export const presetChoices = (): VariantEntry[] => variants().filter((v) => v.presets.length > 1);

/** The variants that take the tag-team option (`--tag-team`). */
export const tagTeamVariants = (): VariantEntry[] => variants().filter((v) => v.playOptions?.tagTeam === true);
