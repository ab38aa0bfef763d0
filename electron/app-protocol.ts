// Serves the built renderer (dist/renderer/) under app://mahjong/, refusing anything outside that folder.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_HOST, APP_SCHEME, CONTENT_SECURITY_POLICY } from './security.js';

export type AppPathRefusal = 'wrong_origin' | 'bad_path' | 'path_traversal';

export type AppPathResult =
  | { readonly ok: true; readonly file: string }
  | {
      readonly ok: false;
      readonly code: AppPathRefusal;
      readonly status: 400 | 403 | 404;
      readonly message: string;
    };

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export const contentTypeOf = (file: string): string =>
  CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * Maps a request URL to a file under `root`. `/` and extension-less paths (`/console`, `/scoreboard`) are
 * the single-page app's routes and get `index.html`. Refused: another scheme or host, undecodable
 * escapes, NUL, backslashes (a Windows separator in disguise) and any `..` segment after decoding
 * (`/..%2F..%2Fetc%2Fpasswd`). The final containment check guards whatever the segment rules miss.
 */
export function resolveAppPath(root: string, requestUrl: string): AppPathResult {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { ok: false, code: 'bad_path', status: 400, message: `not a URL: ${requestUrl}` };
  }
  if (
    url.protocol !== `${APP_SCHEME}:` ||
    url.host !== APP_HOST ||
    url.username !== '' ||
    url.password !== ''
  )
    return {
      ok: false,
      code: 'wrong_origin',
      status: 403,
      message: `not ${APP_SCHEME}://${APP_HOST}: ${requestUrl}`,
    };
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return { ok: false, code: 'bad_path', status: 400, message: `bad escape in ${url.pathname}` };
  }
  if (decoded.includes('\0') || decoded.includes('\\'))
    return { ok: false, code: 'bad_path', status: 400, message: `NUL or backslash in ${url.pathname}` };
  const segments = decoded.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..'))
    return { ok: false, code: 'path_traversal', status: 403, message: `.. in ${url.pathname}` };
  const last = segments.at(-1);
  const relative = last === undefined || path.extname(last) === '' ? 'index.html' : segments.join('/');
  const base = path.resolve(root);
  const file = path.resolve(base, relative);
  const inside = path.relative(base, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside))
    return {
      ok: false,
      code: 'path_traversal',
      status: 403,
      message: `${url.pathname} leaves the renderer folder`,
    };
  return { ok: true, file };
}

const baseHeaders = (contentType: string): Record<string, string> => ({
  'Content-Type': contentType,
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-cache',
});

const textResponse = (status: number, text: string): Response =>
  new Response(text, { status, headers: baseHeaders('text/plain; charset=utf-8') });

/** The `protocol.handle('app', ...)` handler: GET and HEAD of files under `root`, with the CSP on every answer. */
export async function serveAppRequest(root: string, request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return textResponse(405, `${request.method} not allowed`);
  const resolved = resolveAppPath(root, request.url);
  if (!resolved.ok) return textResponse(resolved.status, `${resolved.code}: ${resolved.message}`);
  let body: Buffer;
  try {
    body = await readFile(resolved.file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR')
      return textResponse(404, `not found: ${new URL(request.url).pathname}`);
    throw error;
  }
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
    status: 200,
    headers: baseHeaders(contentTypeOf(resolved.file)),
  });
}
