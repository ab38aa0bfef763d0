// The default database location per platform, computed purely from platform + env + home.
import { describe, expect, it } from 'vitest';
import { defaultDatabasePath, defaultDataDir } from '../../host/storage/index.js';

describe('defaultDataDir', () => {
  it('uses XDG_DATA_HOME on Linux when it is absolute', () => {
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/data/xdg' }, '/home/ana')).toBe(
      '/data/xdg/mahjong-table',
    );
  });
  it('falls back to ~/.local/share on Linux when XDG_DATA_HOME is unset, empty or relative', () => {
    expect(defaultDataDir('linux', {}, '/home/ana')).toBe('/home/ana/.local/share/mahjong-table');
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '' }, '/home/ana')).toBe(
      '/home/ana/.local/share/mahjong-table',
    );
    expect(defaultDataDir('linux', { XDG_DATA_HOME: 'rel/path' }, '/home/ana')).toBe(
      '/home/ana/.local/share/mahjong-table',
    );
  });
  it('uses %APPDATA% on Windows, or the roaming folder under home without it', () => {
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\Ana\\AppData\\Roaming' }, 'C:\\Users\\Ana')).toBe(
      'C:\\Users\\Ana\\AppData\\Roaming\\mahjong-table',
    );
    expect(defaultDataDir('win32', {}, 'C:\\Users\\Ana')).toBe(
      'C:\\Users\\Ana\\AppData\\Roaming\\mahjong-table',
    );
  });
  it('uses Application Support on macOS and ignores XDG there', () => {
    expect(defaultDataDir('darwin', { XDG_DATA_HOME: '/x' }, '/Users/ana')).toBe(
      '/Users/ana/Library/Application Support/mahjong-table',
    );
  });
  it('treats other Unixes like Linux', () => {
    expect(defaultDataDir('freebsd', {}, '/home/ana')).toBe('/home/ana/.local/share/mahjong-table');
  });
  it('puts the database file inside the data folder with the platform separator', () => {
    expect(defaultDatabasePath('linux', {}, '/home/ana')).toBe(
      '/home/ana/.local/share/mahjong-table/mahjong-table.sqlite',
    );
    expect(defaultDatabasePath('win32', { APPDATA: 'D:\\Roam' }, 'C:\\Users\\Ana')).toBe(
      'D:\\Roam\\mahjong-table\\mahjong-table.sqlite',
    );
  });
});
