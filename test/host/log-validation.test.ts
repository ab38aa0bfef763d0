// The session log's validator: the session's variant picks one schema (Minefield's or the riichi family's); the family is required.
import { describe, expect, it } from 'vitest';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import { familyOfVariant } from '../../host/families/registry.js';
import { tileOfText as t } from '../../rules/tiles.js';

/** A variant's log family, from the registry (issue 14: no rule of thumb). */
const logFamilyOf = (variant: string): string | undefined => familyOfVariant(variant)?.id;

// Same type names, other shapes: Minefield's discard has no riichi flag; the riichi family's has one.
const minefieldDiscard = { type: 'seat.discarded', seat: 1, tile: t('5p') };
const riichiDiscard = { type: 'seat.discarded', seat: 3, tile: t('5p'), riichi: true };
const linkUp = { type: 'link.up', bootId: 7, reconnect: false };

describe('validateLogEvent by the session’s family (issue 7 ingest path)', () => {
  it('maps variants to families: Minefield alone, every other variant the riichi machines', () => {
    expect(logFamilyOf('minefield')).toBe('minefield');
    for (const v of ['riichi', 'sanma', 'mangan', 'clear']) expect(logFamilyOf(v)).toBe('riichi');
  });

  it('accepts each family’s records and the shared source events under its own schema', () => {
    expect(validateLogEvent(riichiDiscard, 'riichi')).toEqual({ success: true, data: riichiDiscard });
    expect(validateLogEvent(minefieldDiscard, 'minefield')).toEqual({
      success: true,
      data: minefieldDiscard,
    });
    for (const family of ['minefield', 'riichi'] as const)
      expect(validateLogEvent(linkUp, family)).toEqual({ success: true, data: linkUp });
  });

  it('refuses the other family’s shape with a message naming the family, the type and the field', () => {
    const inMinefield = validateLogEvent(riichiDiscard, 'minefield');
    expect(inMinefield.success).toBe(false);
    // Minefield seats are 0 and 1: seat 3 is what fails.
    if (!inMinefield.success) {
      expect(inMinefield.error.message).toMatch(/^not a minefield session record \(seat\.discarded\): /);
      expect(inMinefield.error.message).toContain('seat');
    }
    const inRiichi = validateLogEvent(minefieldDiscard, 'riichi');
    expect(inRiichi.success).toBe(false);
    if (!inRiichi.success) {
      expect(inRiichi.error.message).toMatch(/^not a riichi session record \(seat\.discarded\): /);
      expect(inRiichi.error.message).toContain('riichi');
    }
    const unknown = validateLogEvent({ type: 'hand.nothing' }, 'riichi');
    expect(unknown.success ? null : unknown.error.message).toMatch(/\(hand\.nothing\)/);
  });

  it('refuses every record under a family it has no vocabulary for: the family is never guessed (issue 14)', () => {
    for (const record of [linkUp, minefieldDiscard, riichiDiscard]) {
      const checked = validateLogEvent(record, 'chinese');
      expect(checked.success ? null : checked.error.message).toBe(
        `no log vocabulary for family "chinese" (${record.type})`,
      );
    }
  });
});
