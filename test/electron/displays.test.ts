// The scoreboard's display choice over many layouts: remembered, second, primary; never off-screen (issue 6).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseScoreboardPlacement, isInside, type DisplayLike, type Rect } from '../../electron/displays.js';

const rect = (x: number, y: number, width: number, height: number): Rect => ({ x, y, width, height });
const screenAt = (id: number, x: number, y: number, width = 1920, height = 1080): DisplayLike => ({
  id,
  bounds: rect(x, y, width, height),
  workArea: rect(x, y + 30, width, height - 30),
});

const overlaps = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Side-by-side, stacked, negative-origin and odd-sized displays with distinct ids, plus the occasional mirror or broken one. */
const layoutArb = fc
  .array(
    fc.record({
      width: fc.integer({ min: 640, max: 7680 }),
      height: fc.integer({ min: 480, max: 4320 }),
      gapX: fc.integer({ min: -8000, max: 8000 }),
      gapY: fc.integer({ min: -4000, max: 4000 }),
      taskbar: fc.integer({ min: 0, max: 120 }),
      kind: fc.constantFrom('normal', 'normal', 'normal', 'mirror', 'zero', 'badWorkArea'),
    }),
    { minLength: 0, maxLength: 5 },
  )
  .chain((specs) =>
    fc.record({
      ids: fc.uniqueArray(fc.integer({ min: 0, max: 2 ** 40 }), {
        minLength: specs.length,
        maxLength: specs.length,
      }),
      specs: fc.constant(specs),
      primaryIndex: fc.nat(),
      remembered: fc.option(fc.oneof(fc.nat({ max: 10 }), fc.integer({ min: 0, max: 2 ** 40 })), {
        nil: null,
      }),
      rememberExisting: fc.boolean(),
    }),
  )
  .map(({ ids, specs, primaryIndex, remembered, rememberExisting }) => {
    const displays: DisplayLike[] = [];
    specs.forEach((spec, i) => {
      const previous = displays[i - 1]?.bounds ?? rect(0, 0, 0, 0);
      const bounds =
        spec.kind === 'mirror' && displays[0]
          ? { ...displays[0].bounds }
          : rect(
              previous.x + previous.width + spec.gapX,
              previous.y + spec.gapY,
              spec.width,
              spec.kind === 'zero' ? 0 : spec.height,
            );
      const workArea =
        spec.kind === 'badWorkArea'
          ? rect(bounds.x - 50_000, bounds.y, 10, 10)
          : rect(bounds.x, bounds.y + spec.taskbar, bounds.width, Math.max(0, bounds.height - spec.taskbar));
      displays.push({ id: ids[i]!, bounds, workArea });
    });
    const primaryId = displays.length > 0 ? displays[primaryIndex % displays.length]!.id : 0;
    const rememberedId =
      rememberExisting && displays.length > 0 && remembered !== null
        ? displays[remembered % displays.length]!.id
        : remembered;
    return { displays, primaryId, rememberedId };
  });

describe('chooseScoreboardPlacement', () => {
  it('puts the scoreboard fullscreen on the second display', () => {
    const placement = chooseScoreboardPlacement({
      displays: [screenAt(1, 0, 0), screenAt(2, 1920, 0, 2560, 1440)],
      primaryId: 1,
      rememberedId: null,
    });
    expect(placement).toEqual({
      ok: true,
      value: { displayId: 2, bounds: rect(1920, 0, 2560, 1440), fullscreen: true, reason: 'second' },
    });
  });

  it('uses the remembered display while it is connected, and falls back when it is gone', () => {
    const three = [screenAt(1, 0, 0), screenAt(2, 1920, 0), screenAt(3, -1280, 0, 1280, 1024)];
    expect(chooseScoreboardPlacement({ displays: three, primaryId: 1, rememberedId: 3 })).toMatchObject({
      ok: true,
      value: { displayId: 3, reason: 'remembered', fullscreen: true },
    });
    expect(
      chooseScoreboardPlacement({ displays: three.slice(0, 2), primaryId: 1, rememberedId: 3 }),
    ).toMatchObject({ ok: true, value: { displayId: 2, reason: 'second' } });
    expect(
      chooseScoreboardPlacement({ displays: three.slice(0, 1), primaryId: 1, rememberedId: 3 }),
    ).toMatchObject({ ok: true, value: { displayId: 1, reason: 'primary', fullscreen: false } });
  });

  it('keeps a windowed scoreboard on the primary when the operator chose the primary', () => {
    // Work area y 30..1080: 80% is 1536 x 840, centred at (192, 30 + (1050 - 840) / 2).
    const placement = chooseScoreboardPlacement({
      displays: [screenAt(1, 0, 0), screenAt(2, 1920, 0)],
      primaryId: 1,
      rememberedId: 1,
    });
    expect(placement).toEqual({
      ok: true,
      value: { displayId: 1, bounds: rect(192, 135, 1536, 840), fullscreen: false, reason: 'remembered' },
    });
  });

  it('treats a mirror of the primary as the primary (fullscreen there would hide the console)', () => {
    const placement = chooseScoreboardPlacement({
      displays: [screenAt(1, 0, 0), screenAt(2, 0, 0)],
      primaryId: 1,
      rememberedId: null,
    });
    expect(placement).toMatchObject({
      ok: true,
      value: { displayId: 1, fullscreen: false, reason: 'primary' },
    });
  });

  it('skips an invalid display (id -1, zero size) and reports when none is usable', () => {
    const broken = { id: -1, bounds: rect(1920, 0, 1920, 1080), workArea: rect(1920, 0, 1920, 1080) };
    expect(
      chooseScoreboardPlacement({ displays: [screenAt(1, 0, 0), broken], primaryId: 1, rememberedId: -1 }),
    ).toMatchObject({ ok: true, value: { displayId: 1, reason: 'primary' } });
    expect(chooseScoreboardPlacement({ displays: [], primaryId: 1, rememberedId: null })).toMatchObject({
      ok: false,
      code: 'no_display',
    });
    expect(
      chooseScoreboardPlacement({ displays: [screenAt(1, 0, 0, 0, 0)], primaryId: 1, rememberedId: null }),
    ).toMatchObject({ ok: false, code: 'no_display' });
  });

  it('over many layouts: never off-screen, and the documented order of choice', () => {
    fc.assert(
      fc.property(layoutArb, ({ displays, primaryId, rememberedId }) => {
        const result = chooseScoreboardPlacement({ displays, primaryId, rememberedId });
        const usable = displays.filter((d) => d.id !== -1 && d.bounds.width > 0 && d.bounds.height > 0);
        if (usable.length === 0) {
          expect(result.ok).toBe(false);
          return;
        }
        if (!result.ok) throw new Error(`no placement for ${JSON.stringify(displays)}`);
        const placement = result.value;
        const chosen = usable.find((d) => d.id === placement.displayId);
        // Only a connected, usable display; the window wholly inside it, with whole-pixel size.
        expect(chosen).toBeDefined();
        expect(isInside(placement.bounds, chosen!.bounds)).toBe(true);
        expect(
          Number.isInteger(placement.bounds.x) &&
            Number.isInteger(placement.bounds.width) &&
            placement.bounds.width >= 1 &&
            placement.bounds.height >= 1,
        ).toBe(true);
        const primary = usable.find((d) => d.id === primaryId) ?? usable[0]!;
        const separate = usable.filter((d) => d.id !== primary.id && !overlaps(d.bounds, primary.bounds));
        if (rememberedId !== null && usable.some((d) => d.id === rememberedId)) {
          expect(placement).toMatchObject({ displayId: rememberedId, reason: 'remembered' });
        } else if (separate.length > 0) {
          expect(placement).toMatchObject({ displayId: separate[0]!.id, reason: 'second', fullscreen: true });
        } else {
          expect(placement).toMatchObject({ displayId: primary.id, reason: 'primary', fullscreen: false });
        }
        // Fullscreen exactly when the display is separate from the console's: never over the console.
        expect(placement.fullscreen).toBe(separate.some((d) => d.id === placement.displayId));
        if (placement.fullscreen) expect(placement.bounds).toEqual(chosen!.bounds);
        // Pure: the same input gives the same answer.
        expect(chooseScoreboardPlacement({ displays, primaryId, rememberedId })).toEqual(result);
      }),
      { numRuns: 3000 },
    );
  });
});
