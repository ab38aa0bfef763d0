// `npm run bench`: runs every bench/*.bench.ts in turn; each prints its own figures and peer ratios.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv[2];
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.bench.ts') && (!only || name.includes(only)))
  .sort();
for (const file of files) {
  console.log(`\n=== ${file.replace('.bench.ts', '')}`);
  const bench = (await import(new URL(file, import.meta.url).href)) as { run: () => Promise<void> | void };
  await bench.run();
}
