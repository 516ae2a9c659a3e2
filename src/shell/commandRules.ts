import { DEPS_RULES } from './depsRules';
import { INFRA_RULES } from './infraRules';
import { NETWORK_RULES } from './networkRules';
import { PUBLISH_RULES } from './publishRules';
import { RELEASE_RULES } from './releaseRules';
import type { CommandRule } from './ruleTypes';
import { SYSTEM_RULES } from './systemRules';

/** Commands that run another command with elevated privileges, or as another user (runuser needs root). */
export const SUDO_RULE: CommandRule = {
  category: 'SUDO',
  commands: ['sudo', 'sudo-rs', 'sudoedit', 'doas', 'su', 'pkexec', 'pfexec', 'run0', 'runuser', 'gosu', 'su-exec', 'setuidgid', 's6-setuidgid'],
  note: 'elevated privileges',
  examples: ['sudo ls', 'sudo-rs ls', 'doas rm x', "su -c 'id'", 'pkexec true', 'pfexec id', 'run0 id', 'runuser -u bob -- id', 'gosu root id', 'su-exec app id'],
};

/**
 * Every command rule, as data: docs are generated from it and the tests run each rule's examples.
 * Only a command's evaluated name (after wrappers) and its subcommand select a rule.
 */
export const COMMAND_RULES: readonly CommandRule[] = [SUDO_RULE, ...DEPS_RULES, ...PUBLISH_RULES, ...RELEASE_RULES, ...SYSTEM_RULES, ...INFRA_RULES, ...NETWORK_RULES];

const BY_COMMAND: ReadonlyMap<string, readonly CommandRule[]> = (() => {
  const map = new Map<string, CommandRule[]>();
  for (const rule of COMMAND_RULES) {
    for (const command of rule.commands) {
      const list = map.get(command) ?? [];
      list.push(rule);
      map.set(command, list);
    }
  }
  return map;
})();

const NO_RULES: readonly CommandRule[] = [];
// pip3.12 reads as pip3, python3.12 as python3
const VERSIONED = /^(pip[23]?|python[23]?)\.?\d+(?:\.\d+)*$/;

/** The rules naming a command; versioned names (`mkfs.ext4`, `pip3.12`, `python3.12`) read as their family. */
export function rulesFor(name: string): readonly CommandRule[] {
  return BY_COMMAND.get(ruleName(name)) ?? NO_RULES;
}

export function ruleName(name: string): string {
  if (BY_COMMAND.has(name)) return name;
  if (name.startsWith('mkfs.')) return 'mkfs';
  if (name.startsWith('fsck.')) return 'fsck';
  if (!name.startsWith('p')) return name;
  const versioned = VERSIONED.exec(name);
  if (versioned?.[1] !== undefined && BY_COMMAND.has(versioned[1])) return versioned[1];
  return name;
}

export function isSudoCommand(name: string): boolean {
  return SUDO_RULE.commands.includes(name);
}
