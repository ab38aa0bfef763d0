// `mahjong-table score [FILE|-]`: scores JSON Lines wins, one JSON output line per input line, in order.
import type { Command } from 'commander';
import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { scoreWin } from '../../rules/score-win.js';

const HELP = `
Input: JSON Lines, one win per line (fields as in shared/data/FORMAT.md):
  id, closedTiles ("123m406p11z", without the winning tile and closed-kan tiles),
  melds [{type: chi|pon|minkan|ankan|kakan, tiles, calledTile?, addedTile?, from?: 1|2|3}],
  winTile, tsumo, seatWind, roundWind (1-4 = E S W N), dealer, riichi, doubleRiichi, ippatsu,
  haitei, houtei, rinshan, chankan, tenhou, chiihou, honba, riichiSticks, doraIndicators,
  uraIndicators, redFivesEnabled, rules {openTanyao, doubleYakuman, kazoeYakuman, kiriageMangan,
  yakumanStacking}, preset (default tenhou). Extra fields are ignored; blank lines are skipped.
  Fields of one variant preset (not in FORMAT.md; refused with any other preset):
    ante        minefield: the hand's ante, 1000 doubled after each draw (default 1000)
    northCount  sanma: Norths the winner set aside as north dora, 0-4 (default 0)
  presets mcr, zung-jung, hong-kong, vietnamese: the Chinese format of shared/data/FORMAT-chinese.md
  (flowers, discarder, lastOfKind, winKind, rules {minimumFan | minimum_points... | minimum_faan...}),
  answered as {id, fan, flowerFan, items, total, payments}. hong-kong and vietnamese also read
  bonusReplacement; vietnamese jokers [emperor|characters|dots|bamboo|suited|wind|dragon|flower],
  bonusJokers and melds[].jokers ([{joker, tile}]),
  winJoker (the winning tile is that joker) and kingsQueens (0-8 laid down); see rules/README.md.
  presets xiamen, quanzhou: the same format with goldIndicator, winKind (common, selfDrawn, robbingKong,
  threeGoldPlay, threeGoldDeal, goldFloat, doubleFloat, tripleFloat, robbingGold, heavenly, earthly,
  eightBonus), dealer, bankerRun, rules {the switches of xiamen.md §16}; winTile null for a win that takes
  no tile; answered as {id, flowers, multiplier, items, payments, total}.
Output: one line per input line, in order:
  {id, han, fu, yaku: [{name, han} | {name, yakuman}], yakuman, limit, points, total, payments, variant?}
  or {id, error: {code, message}} for a line that cannot be scored (the run goes on).
  points, total and payments say what really moves under the preset; variant is the variant's own part.
Presets (variants.md; README "score and the variant presets" lists what each refuses):
  tenhou, club (= seed)  the riichi table
  tournament   the riichi table without red fives (redFivesEnabled: true is refused)
  minefield    a closed ron in riichi, East round, dealer East / non-dealer West; the mangan floor counted
               without under-dora (below_mangan under it); the loser pays ante x multiplier:
               variant {preset, reachesFloor, hanWithoutUra, ante, multiplier, payment}
  mangan       below mangan (no kiriage) nothing moves; from mangan the losers pay and the winner gains
               nothing (total 0): variant {preset, manganOrMore, burned}
  sanma        no 2m-8m, no chi, no North seat, East and South rounds; north dora from northCount; a tsumo
               is paid by the two others
  clear        the riichi table: variant {preset, cleared: the condition yaku this win clears}
  tenpai-race  refused (rule_disabled): Stage A has no win and Stage B's scoring is unsourced
Exit code 0, or 2 when the file cannot be read.
`;

/** Scores every line of `input` onto `output`; resolves when the input ends. */
export async function scoreLines(input: Readable, output: Writable): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const text = JSON.stringify(scoreLine(line));
    // Respect back-pressure so a large file streams instead of buffering every result.
    if (!output.write(text + '\n')) await once(output, 'drain');
  }
}

/** One output record for one input line. */
export function scoreLine(line: string): unknown {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch (error) {
    return { id: null, error: { code: 'bad_input', message: `not JSON: ${(error as Error).message}` } };
  }
  const id =
    typeof record === 'object' && record !== null && 'id' in record ? (record as { id: unknown }).id : null;
  const result = scoreWin(record);
  if (!result.ok) return { id, error: { code: result.code, message: result.message } };
  return result.value;
}

export function registerScore(program: Command): void {
  program
    .command('score')
    .description('Score wins given as JSON Lines (a file, or stdin when FILE is - or absent)')
    .argument('[file]', 'JSON Lines file, or - for stdin')
    .addHelpText('after', HELP)
    .action(async (file: string | undefined) => {
      let input: Readable = process.stdin;
      if (file !== undefined && file !== '-') {
        const stream = createReadStream(file);
        try {
          await once(stream, 'open');
        } catch (error) {
          console.error(`mahjong-table score: cannot read ${file}: ${(error as Error).message}`);
          process.exitCode = 2;
          return;
        }
        input = stream;
      }
      try {
        await scoreLines(input, process.stdout);
      } catch (error) {
        console.error(`mahjong-table score: reading ${file ?? 'stdin'} failed: ${(error as Error).message}`);
        process.exitCode = 2;
      }
    });
}
