import type { ServerResponse } from 'node:http';
import type { JsonResponse } from '../server/errorResponse';
import { sendJson } from '../server/respond';
import type { ConsoleAsset } from './consoleAssets';

/** The page's Content-Security-Policy: its own scripts, styles and requests only, never framed. */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** The headers every console response carries. */
export const CONSOLE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONSOLE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // no other site may embed the page's files
  'Cross-Origin-Resource-Policy': 'same-origin',
});

/** Sends one of the page's files; revalidated on each load, so a new version shows at once. */
export function sendAsset(res: ServerResponse, asset: ConsoleAsset, method: string): void {
  res.writeHead(200, {
    ...CONSOLE_SECURITY_HEADERS,
    'Content-Type': asset.type,
    'Content-Length': asset.body.length,
    'Cache-Control': 'no-cache',
  });
  res.end(method === 'HEAD' ? undefined : asset.body);
}

/** Sends text the console makes (the statechart), with the console's headers. */
export function sendText(res: ServerResponse, type: string, text: string): void {
  res.writeHead(200, {
    ...CONSOLE_SECURITY_HEADERS,
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** Sends JSON with the console's headers added. */
export function sendConsoleJson(res: ServerResponse, response: JsonResponse): void {
  sendJson(res, { ...response, headers: { ...CONSOLE_SECURITY_HEADERS, ...response.headers } });
}
