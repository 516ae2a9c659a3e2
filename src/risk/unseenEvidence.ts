import { RISK_CATEGORIES } from '../categories/riskCategories';
import type { Evidence } from '../categories/evidence';
import type { UnseenCode } from '../shell/runFiles/codeFiles';
import type { PathContext } from './fileRisk';

/** Every category, for code that cannot be read: the call fails closed, as for a command built at run time. */
export function unseenEvidence(file: UnseenCode, context: PathContext): Evidence[] {
  return RISK_CATEGORIES.map((category) => ({
    category,
    argument: 'command',
    trigger: file.label,
    note: file.reason,
    details: category === 'EXEC_ARBITRARY' ? [file.label, context.base, 'runs code that cannot be read'] : ['', '', ''],
    unseen: true,
  }));
}
