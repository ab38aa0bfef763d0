// Chooses where the scoreboard window goes among the connected displays (pure; main supplies screen data).

/** A rectangle in DIP, as Electron's `Rectangle`. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The fields of Electron's `Display` the choice reads. */
export interface DisplayLike {
  readonly id: number;
  readonly bounds: Rect;
  readonly workArea: Rect;
}

export interface PlacementInput {
  /** `screen.getAllDisplays()`, in the order the system gives them. */
  readonly displays: readonly DisplayLike[];
  /** `screen.getPrimaryDisplay().id`. */
  readonly primaryId: number;
  /** The display the operator last chose, or null for automatic placement. */
  readonly rememberedId: number | null;
}

export interface Placement {
  readonly displayId: number;
  /** Window bounds, integers, always inside the chosen display's bounds. */
  readonly bounds: Rect;
  /** Fullscreen only on a display separate from the primary, so the scoreboard never covers the console. */
  readonly fullscreen: boolean;
  readonly reason: 'remembered' | 'second' | 'primary';
}

export type PlacementResult =
  | { readonly ok: true; readonly value: Placement }
  | { readonly ok: false; readonly code: 'no_display'; readonly message: string };

/** The share of the work area a windowed scoreboard takes on the console's display. */
const WINDOWED_SHARE = 0.8;

const isWholeRect = (r: Rect): boolean =>
  [r.x, r.y, r.width, r.height].every((n) => Number.isSafeInteger(n)) && r.width > 0 && r.height > 0;

/** Electron marks an invalid or not-yet-known display with id -1; zero-size or fractional bounds are unusable too. */
const isUsable = (d: DisplayLike): boolean =>
  Number.isSafeInteger(d.id) && d.id !== -1 && isWholeRect(d.bounds);

/** The part of `inner` inside `outer`, or null when they do not overlap. */
function intersect(inner: Rect, outer: Rect): Rect | null {
  const x = Math.max(inner.x, outer.x);
  const y = Math.max(inner.y, outer.y);
  const right = Math.min(inner.x + inner.width, outer.x + outer.width);
  const bottom = Math.min(inner.y + inner.height, outer.y + outer.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

export function isInside(inner: Rect, outer: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/** A window centred in the display's work area (clipped to its bounds, which a bad work area may exceed). */
function windowedBounds(display: DisplayLike): Rect {
  const area =
    (isWholeRect(display.workArea) && intersect(display.workArea, display.bounds)) || display.bounds;
  const width = Math.max(1, Math.floor(area.width * WINDOWED_SHARE));
  const height = Math.max(1, Math.floor(area.height * WINDOWED_SHARE));
  return {
    x: area.x + Math.floor((area.width - width) / 2),
    y: area.y + Math.floor((area.height - height) / 2),
    width,
    height,
  };
}

/**
 * The remembered display when it is still connected; otherwise the second display (the first one that is
 * not the primary and does not overlap it) when there is one; otherwise the primary (or, should the primary id not be among the
 * displays, the first usable one). A display that is gone is never used, so the window is never off-screen.
 *
 * Example: displays [1 (primary), 7], remembered 9 (unplugged) gives display 7, fullscreen, reason `second`.
 */
export function chooseScoreboardPlacement(input: PlacementInput): PlacementResult {
  const usable = input.displays.filter(isUsable);
  if (usable.length === 0)
    return { ok: false, code: 'no_display', message: 'no connected display has usable bounds' };
  const primary = usable.find((d) => d.id === input.primaryId) ?? usable[0]!;
  const remembered =
    input.rememberedId === null ? undefined : usable.find((d) => d.id === input.rememberedId);
  // A display overlapping the primary (mirrored) is not a separate screen: fullscreen there would hide the console.
  const separate = (d: DisplayLike): boolean =>
    d.id !== primary.id && intersect(d.bounds, primary.bounds) === null;
  const second = usable.find(separate);
  const [display, reason]: [DisplayLike, Placement['reason']] =
    remembered !== undefined
      ? [remembered, 'remembered']
      : second !== undefined
        ? [second, 'second']
        : [primary, 'primary'];
  const fullscreen = separate(display);
  return {
    ok: true,
    value: {
      displayId: display.id,
      bounds: fullscreen ? { ...display.bounds } : windowedBounds(display),
      fullscreen,
      reason,
    },
  };
}
