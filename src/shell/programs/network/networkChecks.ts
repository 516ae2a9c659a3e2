import type { CommandReading } from '../../catalog/commandReading';
import type { RuleCheckRegistry } from '../../catalog/reader';
import { remoteHost } from '../../words/urls';
import { apiPublish } from './forgeApiCalls';

/** Whether a copy names another machine (`host:path`, `rsync://host/module`) rather than only local paths. */
function remoteOperand(reading: CommandReading): boolean {
  return reading.words.slice(1).some((word) => {
    const value = word.value ?? '';
    return !value.startsWith('-') && remoteHost(value) !== undefined;
  });
}

/** The network family's named checks, by the name a rule gives in `when.check`. */
export const NETWORK_CHECKS: RuleCheckRegistry = { remoteOperand, apiPublish };
