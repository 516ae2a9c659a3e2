import type { ShellFinding } from './shellAnalysis';
import { wordUrl } from '../words/urls';
import type { CommandEffects } from './commandEffects';
import type { CommandReading } from './commandReading';

const NO_TEXT_OPTIONS: ReadonlySet<string> = new Set();

/**
 * A network URL given to a program (`python x.py https://x.io`) is a network request, unless
 * its spec says its words are text or a rule already said where the command goes. Undefined when none.
 */
export function urlArgumentFinding(reading: CommandReading, effects: CommandEffects): ShellFinding | undefined {
  if (reading.node?.urlsAreText === true || effects.findings.some((finding) => finding.category === 'NETWORK_RISK'))
    return undefined;
  // the values of options the spec calls prose are no requests (`git commit -m "see https://x"`)
  const textOptions = reading.node?.textOptions ?? NO_TEXT_OPTIONS;
  const words = reading.words;
  for (let index = 1; index < words.length; index++) {
    const text = words[index]?.literal;
    if (text === undefined) continue;
    if (textOptions.has(text)) {
      index++;
      continue;
    }
    if (text.startsWith('--') && textOptions.has(text.slice(0, text.indexOf('=')))) continue;
    const url = wordUrl(text);
    if (url !== undefined)
      return {
        category: 'NETWORK_RISK',
        trigger: url,
        command: reading.command,
        note: 'URL argument',
        details: [url, reading.name, 'request'],
      };
  }
  return undefined;
}
