// Records what a scoreboard page shows after every DOM change (for comparing with the host's pushed states).
import type { Page } from 'playwright-core';

/** One look at the board: the log seq it shows, the points and tiles per region, the win panel. */
export interface BoardSnapshot {
  readonly at: number;
  readonly eventSeq: number;
  readonly points: Record<string, number>;
  readonly ponds: Record<string, string[]>;
  readonly dora: string[];
  readonly winSeq: number | null;
  readonly winText: string;
  readonly winTiles: string[];
  readonly winIndicators: string[];
  /** Regions of every tile drawn (`none` for a tile outside any public region). */
  readonly tileRegions: string[];
}

/** Installs a MutationObserver that appends a BoardSnapshot to `window.__boardSnapshots` on every change. */
export async function recordBoard(page: Page, rootSelector = '#root'): Promise<void> {
  await page.evaluate((selector) => {
    const codes = (scope: Element | null): string[] =>
      scope === null
        ? []
        : [...scope.querySelectorAll('svg.tile[data-tile]')].map((t) => t.getAttribute('data-tile') ?? '');
    const take = (): void => {
      const board = document.querySelector(`${selector} [data-event-seq]`);
      if (board === null) return;
      const points: Record<string, number> = {};
      const ponds: Record<string, string[]> = {};
      for (const seat of board.querySelectorAll('.seat[data-seat]')) {
        const id = seat.getAttribute('data-seat') ?? '?';
        points[id] = Number(seat.querySelector('[data-points]')?.getAttribute('data-points'));
        ponds[id] = codes(seat.querySelector('[data-region="pond"]'));
      }
      const win = document.querySelector(`${selector} .win-panel`);
      const snapshots = ((window as unknown as { __boardSnapshots?: unknown[] }).__boardSnapshots ??= []);
      snapshots.push({
        at: performance.timeOrigin + performance.now(),
        eventSeq: Number(board.getAttribute('data-event-seq')),
        points,
        ponds,
        dora: codes(board.querySelector('[data-region="dora"]')),
        winSeq: win === null ? null : Number(win.getAttribute('data-win-seq')),
        winText: win?.textContent ?? '',
        winTiles: codes(win?.querySelector('[data-region="win-hand"]') ?? null),
        winIndicators: codes(win?.querySelector('[data-region="win-indicators"]') ?? null),
        tileRegions: [...document.querySelectorAll(`${selector} svg.tile`)].map(
          (t) => t.closest('[data-region]')?.getAttribute('data-region') ?? 'none',
        ),
      });
    };
    new MutationObserver(take).observe(document.querySelector(selector)!, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    take();
  }, rootSelector);
}

export const boardSnapshots = (page: Page): Promise<BoardSnapshot[]> =>
  page.evaluate(() =>
    ((window as unknown as { __boardSnapshots?: BoardSnapshot[] }).__boardSnapshots ?? []).slice(),
  );
