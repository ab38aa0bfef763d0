import { WinGenerator } from './generate.js';
import { scoreWithMajiang } from './majiang.js';
import { scoreWin } from '../../rules/score.js';
const gen = new WinGenerator(Number(process.argv[2] ?? 1));
const N = Number(process.argv[3] ?? 20000);
let agree = 0; const classes = new Map<string, { n: number; ex: string }>();
for (let i = 0; i < N; i++) {
  const w = gen.next();
  const m = scoreWithMajiang(w);
  const r = scoreWin(w);
  let key = '';
  if (!r.ok) { if (m.error !== r.code) key = `ours ${r.code} / majiang ${m.error ?? 'win'}`; }
  else if (m.error) key = `ours win / majiang ${m.error}`;
  else {
    const o = r.value;
    if (o.han !== m.han) key += 'han ';
    if (o.fu !== m.fu) key += 'fu ';
    if (o.total !== m.total) key += 'total ';
    if (o.yakuman !== m.yakuman) key += 'yakuman ';
  }
  if (!key) { agree++; continue; }
  const c = classes.get(key) ?? { n: 0, ex: JSON.stringify({ w, r, m }).slice(0, 1500) }; c.n++; classes.set(key, c);
}
console.log('agree', agree, '/', N);
for (const [k, c] of classes) console.log(c.n, k, c.ex);
