import { tilesOf, tileOfText } from '../rules/tiles.js';
import { checkMinefieldWin, minefieldWaits } from '../rules/variants/minefield.js';
const cases: [string, string, boolean, number, string, string][] = [
  ['234m56788p34567s', '5s', false, 3, '1z', '7p'],
  ['234m56788p34567s', '5s', false, 3, '1m', '1z'],
  ['234m56788p34567s', '5s', false, 3, '7p', '1m'],
  ['123456789m2355m', '4m', false, 3, '1z', '1z'],
  ['123456789m2355m', '1m', false, 3, '1z', '1z'],
  ['123456789m2355m', '1m', false, 3, '1z', '4m'],
  ['555666777z234m9p', '9p', false, 3, '1z', '1z'],
  ['111m999p111s999s5z', '5z', true, 3, '1z', '1z'],
  ['234m56788p34567s', '5s', true, 17, '1m', '1z'],
  ['234m56788p34567s', '5s', false, 1, '1m', '1z'],
];
for (const [h, w, d, n, di, ui] of cases) {
  const r = checkMinefieldWin({ hand: tilesOf(h), winTile: tileOfText(w), dealer: d, discardNumber: n, ownDiscards: [], passedWin: false, doraIndicator: tileOfText(di), uraIndicator: tileOfText(ui), ante: 1000 });
  console.log(h, w, 'waits', minefieldWaits(tilesOf(h)).join(','), r.ok ? `${r.value.limit} M${r.value.multiplier} han ${r.value.scored.han} w/o ${r.value.hanWithoutUra} fu ${r.value.scored.fu} ${r.value.scored.yaku.map((y) => y.id + ':' + y.name).join(' ')}` : r.code);
}
