// Where the database lives by default: the user's data folder, computed purely from platform + env + home.
import path from 'node:path';

export const APP_FOLDER = 'mahjong-table';
export const DATABASE_FILE = 'mahjong-table.sqlite';

/**
 * The per-user data folder for this program:
 * - Linux and other Unixes: `$XDG_DATA_HOME/mahjong-table`, or `~/.local/share/mahjong-table` when
 *   XDG_DATA_HOME is unset, empty or relative (the XDG spec says to ignore relative values);
 * - Windows: `%APPDATA%\mahjong-table`, or `~\AppData\Roaming\mahjong-table` without APPDATA;
 * - macOS: `~/Library/Application Support/mahjong-table`.
 * Pure: the caller passes `process.platform`, `process.env` and `os.homedir()`.
 */
export function defaultDataDir(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): string {
  if (platform === 'win32') {
    const appData = env['APPDATA'];
    const base =
      appData && path.win32.isAbsolute(appData) ? appData : path.win32.join(home, 'AppData', 'Roaming');
    return path.win32.join(base, APP_FOLDER);
  }
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', APP_FOLDER);
  const xdg = env['XDG_DATA_HOME'];
  const base = xdg && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(home, '.local', 'share');
  return path.posix.join(base, APP_FOLDER);
}

/** The default database file inside `defaultDataDir`. */
export function defaultDatabasePath(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): string {
  const join = platform === 'win32' ? path.win32.join : path.posix.join;
  return join(defaultDataDir(platform, env, home), DATABASE_FILE);
}
