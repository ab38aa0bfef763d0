// mcr.md's worked examples (§9.2, §11) as {in, out} fixtures, each with the sentence it comes from, through scoreWin.
import { describe, expect, it } from 'vitest';
import { checkWorkedExamples, loadWorkedExamples } from '../../../test/chinese-worked-examples.js';

const fixtures = loadWorkedExamples(new URL('./fixtures/worked-examples.json', import.meta.url));

describe('MCR worked examples (mcr.md)', () => {
  it('has every example of §9.2 and §11', () => {
    expect(fixtures.length).toBe(12);
  });

  checkWorkedExamples(fixtures);
});
