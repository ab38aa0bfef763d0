// The renderer's registry of game families: each family's screen parts, keyed by the family id `variants.list`
// gives. The generic screens (scoreboard, replay, console) find the family of a state's view here and name none.
// Adding a family's screens is its folder (renderer/families/<family>/) plus one line here.
import type { PublicState } from '../../contract/ipc-contract.js';
import type { ConsolePanel, FamilyScreens } from './family-screens.js';
import { MINEFIELD_SCREENS } from './minefield/index.js';
import { RIICHI_SCREENS } from './riichi/index.js';

export const FAMILY_SCREENS: Readonly<Record<string, FamilyScreens>> = Object.fromEntries(
  [MINEFIELD_SCREENS, RIICHI_SCREENS].map((family) => [family.id, family]),
);

/** The screen parts of the family whose view `state` holds; null without a view or for a family this build lacks. */
export const screensOf = (state: PublicState): FamilyScreens | null =>
  Object.values(FAMILY_SCREENS).find((family) => family.shows(state)) ?? null;

/** Every family's console panels, in the registry's order: each draws itself only when the state concerns it. */
export const CONSOLE_PANELS: readonly ConsolePanel[] = Object.values(FAMILY_SCREENS).flatMap(
  (family) => family.consolePanels,
);
