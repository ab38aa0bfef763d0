// Which fonts Chromium really drew an element's text with (DevTools' "Rendered fonts"), and the state of the page's web fonts.
import type { Page } from 'playwright-core';

export interface UsedFont {
  readonly familyName: string;
  /** True for a web font (an @font-face the page loaded), false for a font installed on the PC. */
  readonly isCustomFont: boolean;
}

/** The fonts the text of the first element matching `selector` was drawn with (CSS.getPlatformFontsForNode). */
export async function usedFonts(page: Page, selector: string): Promise<UsedFont[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    if (nodeId === 0) throw new Error(`no element matches ${selector}`);
    // Covers the element's own text (its child text nodes), not its descendants'. `familyName` is the font's own
    // name (the bundled 'DejaVu Mono' calls itself 'DejaVu Sans Mono'): `isCustomFont` tells it came from the page.
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((f) => ({ familyName: f.familyName, isCustomFont: f.isCustomFont }));
  } finally {
    await cdp.detach();
  }
}

/** The page's web fonts (document.fonts) by family, weight and load status. */
export const webFontFaces = (page: Page): Promise<{ family: string; weight: string; status: string }[]> =>
  page.evaluate(() =>
    [...document.fonts].map((f) => ({
      family: f.family.replace(/['"]/g, ''),
      weight: f.weight,
      status: f.status,
    })),
  );
