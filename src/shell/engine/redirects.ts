import type { Redirection, RedirectOperator } from 'unbash';
import type { AnalysisContext } from './analysisContext';
import { recordPath } from './dependencyFiles';
import type { PathRole } from '../catalog/shellAnalysis';
import { evaluateWord } from '../words/shellWord';

const REDIRECT_ROLES: Partial<Record<RedirectOperator, PathRole>> = {
  '>': 'overwrite',
  '>|': 'overwrite',
  '&>': 'overwrite',
  '>&': 'overwrite',
  '>>': 'write',
  '&>>': 'write',
  '<>': 'write',
  '<': 'read',
};

const DESCRIPTOR = /^(?:\d+-?|-)$/;
const NETWORK_DEVICE = /^\/dev\/(tcp|udp)\/([^/]+)\/([^/]+)$/;

/**
 * Path operands of a command's redirections: `>`/`>|`/`&>` overwrite, `>>`/`&>>` write, `<` reads;
 * `>&2` and `<&0` duplicate descriptors and name no file; bash's `/dev/tcp/HOST/PORT` is a network connection.
 */
export function recordRedirects(redirects: readonly Redirection[], command: string, context: AnalysisContext): void {
  for (const redirect of redirects) {
    if (redirect.type !== 'Redirect' || redirect.target === undefined) continue;
    const role = REDIRECT_ROLES[redirect.operator];
    if (role === undefined) continue;
    const target = redirect.target;
    if (target.parts?.some((part) => part.type === 'ProcessSubstitution') === true) continue;
    const word = evaluateWord(target);
    if (
      (redirect.operator === '>&' || redirect.operator === '<&') &&
      word.value !== undefined &&
      DESCRIPTOR.test(word.value)
    )
      continue;
    const device = word.value === undefined ? null : NETWORK_DEVICE.exec(word.value);
    if (device !== null) {
      context.noteEffect('network connection');
      context.addFinding({
        category: 'NETWORK_RISK',
        trigger: word.value ?? target.text,
        command,
        note: `bash ${device[1] ?? 'tcp'} connection`,
        details: [
          `${device[2] ?? ''}:${device[3] ?? ''}`,
          `bash /dev/${device[1] ?? 'tcp'}`,
          role === 'read' ? 'download' : 'raw connection',
        ],
      });
      continue;
    }
    recordPath({ context, command }, word, role);
  }
}
