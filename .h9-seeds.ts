import { Host } from './host/host.js';
import { mkdtempSync } from 'node:fs';
for (let seed = 1; seed <= 14; seed++) {
  const dir = mkdtempSync('/tmp/h9/seed-');
  const h = Host.open({ dbPath: `${dir}/db.sqlite`, pace: { thinkMs: 0, motorMs: 1 }, maxGames: 1 });
  if (!h.ok) throw new Error(h.message);
  const t = Date.now();
  await h.value.startSession({ variant: 'minefield', target: { kind: 'simulator', seed }, seed });
  const s = await h.value.waitFor((st) => st.session?.status === 'ended', 120000);
  const v = s.view as { handNumber: number; points: number[] };
  console.log(seed, v.handNumber, JSON.stringify(v.points), Date.now() - t, 'ms', s.eventSeq);
  await h.value.close();
}
