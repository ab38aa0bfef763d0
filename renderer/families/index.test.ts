// The renderer's family registry: one entry per family the host runs, under the host's family id, and a state's
// family found by its view.
import { describe, expect, it } from 'vitest';
import { idlePublicState } from '../../contract/ipc-contract.js';
import { FAMILIES } from '../../host/families/registry.js';
import { midHand } from '../../test/e2e/fixture-states.js';
import { FAMILY_SCREENS, screensOf } from './index.js';

describe('the renderer family registry', () => {
  it('has screen parts for every family the host runs, keyed by its id (variants.list `family`)', () => {
    expect(Object.keys(FAMILY_SCREENS).sort()).toEqual(FAMILIES.map((family) => family.id).sort());
    for (const [id, family] of Object.entries(FAMILY_SCREENS)) expect(family.id).toBe(id);
  });

  it("finds a state's family by its view, and none without a view", () => {
    expect(screensOf(midHand)?.id).toBe('minefield');
    expect(screensOf(idlePublicState())).toBeNull();
  });
});
