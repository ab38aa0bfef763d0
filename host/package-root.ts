// The package folder (where package.json is), found from this module whether it runs from source or from dist/.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return from;
    dir = parent;
  }
}

/** The built renderer: dist/renderer/ under the package folder. */
export const defaultRendererDir = (): string => path.join(packageRoot(), 'dist', 'renderer');
