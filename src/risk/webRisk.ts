import type { Evidence } from '../categories/evidence';
import { pathUseEvidence, type PathContext } from './fileRisk';

/** Seed 002 D: every call of the web tool is NETWORK_RISK; a file: URL is also a read of that path. */
export function webEvidence(url: string, argument: string, context: PathContext): Evidence[] {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  const host = parsed?.host || url;
  const evidence: Evidence[] = [
    {
      category: 'NETWORK_RISK',
      argument,
      trigger: parsed ? `${parsed.protocol}//${parsed.host}` : url,
      note: parsed ? 'web request' : 'web request to an address that is not a valid URL',
      details: [host, 'GET (web tool)', 'fetch'],
    },
  ];
  if (parsed?.protocol === 'file:') {
    evidence.push(...pathUseEvidence({ path: decodeURIComponent(parsed.pathname), role: 'read', argument }, context));
  }
  return evidence;
}
