// The `serve` and `simulate` help read the registry for the variants' options (issue 14), and say what they said.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerServe } from '../../host/cli/serve.js';
import { registerSimulate } from '../../host/cli/simulate.js';
import { orList } from '../../host/cli/variant-help.js';

/** The help line of `--flag` of `command`, and its default. */
function option(register: (program: Command) => void, command: string, flag: string) {
  const program = new Command();
  register(program);
  const found = program.commands.find((c) => c.name() === command)?.options.find((o) => o.long === flag);
  return { description: found?.description, default: found?.defaultValue as unknown };
}

describe('variant options in the help (issue 14)', () => {
  it('lists words as a sentence does', () => {
    expect(orList([])).toBe('');
    expect(orList(['club'])).toBe('club');
    expect(orList(['club', 'tenhou', 'tournament'])).toBe('club, tenhou or tournament');
  });

  it("names the variants with a choice of presets, the tag-team option and stacked walls, from the registry", () => {
    expect(option(registerSimulate, 'simulate', '--preset')).toEqual({
      description: 'with --variant riichi: the rule preset, club, tenhou or tournament',
      default: 'club',
    });
    expect(option(registerSimulate, 'simulate', '--tag-team').description).toBe(
      'with --variant mangan: the 8-player tag-team option (pairs swap every ten discards, V4.3)',
    );
    expect(option(registerSimulate, 'simulate', '--stack').description).toMatch(
      /^with --port and a riichi-family variant: the first hand's walls stacked, as JSON /,
    );
    expect(option(registerServe, 'serve', '--preset').description).toBe(
      "the variant's rule preset (riichi: tenhou, club or tournament; default: the variant's first)",
    );
    expect(option(registerServe, 'serve', '--tag-team').description).toBe(
      "Mangan Mahjong's 8-player tag-team option (variants.md V4.3)",
    );
  });
});
