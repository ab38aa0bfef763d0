// Which build a bench times: the compiled dist/ module when it is at least as new as its source, else the source through tsx.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Imports `dist/<path>.js` when it exists and is at least as new as `<path>.ts` (what `npm run bench` builds
 * first and what the package ships), otherwise `<path>.ts` through tsx, whose module wrapper turns every
 * imported binding into a getter call and slows hot paths about 2x. `path` is relative to the repository
 * root, without extension (`rules/chinese/index`). Returns the module and a label saying which one it is.
 */
export async function compiledOrSource<T>(path: string): Promise<{ module: T; label: string }> {
  const root = new URL('../', import.meta.url);
  const built = new URL(`dist/${path}.js`, root);
  const source = new URL(`${path}.ts`, root);
  if (
    existsSync(fileURLToPath(built)) &&
    statSync(fileURLToPath(built)).mtimeMs >= statSync(fileURLToPath(source)).mtimeMs
  )
    return { module: (await import(built.href)) as T, label: `compiled dist/${path}` };
  return {
    module: (await import(source.href)) as T,
    label: `TypeScript sources via tsx (run \`npm run build\` to time the compiled engine)`,
  };
}
