import type { CommandCall } from './commandCall';
import { apiPublishMethod } from './forgeApi';
import { GIT_TAG_VALUED } from './gitOptions';
import { hasOption, optionValue, readArguments, valuedSet } from './options';
import type { RuleMatch } from './ruleMatch';
import { shownWord, type ShellWord } from './shellWord';

type Details = readonly [string, string, string];

const PUSH_VALUED = valuedSet(['-o', '--push-option', '--repo', '--receive-pack', '--exec']);
const PUBLISH_VALUED = valuedSet(['--tag', '--registry', '--access', '--otp', '-R', '--repo', '-t', '--title', '-b', '--body', '-F', '--notes-file', '-n', '--notes', '-B', '--base', '-H', '--head', '--target', '-m', '--message']);
const SETUP_VALUED = valuedSet(['-r', '--repository']);
const MAX_DETAIL = 200;

function clip(text: string): string {
  return text.length <= MAX_DETAIL ? text : `${text.slice(0, MAX_DETAIL - 1)}\u2026`;
}

function shown(word: ShellWord | undefined): string {
  return word === undefined ? '' : clip(shownWord(word));
}

function gitPushDetails(call: CommandCall, match: RuleMatch, label: string): Details {
  const parsed = readArguments(call.words, match.next, PUSH_VALUED);
  const flags = ['--tags', '--all', '--mirror'].filter((flag) => hasOption(parsed, [flag]));
  const refs = parsed.operands.slice(1).map(shownWord);
  const remote = parsed.operands[0] ?? optionValue(parsed, ['--repo']);
  return [label, clip([...refs, ...flags].join(',')), shown(remote)];
}

/** GIT_PUBLISH details (seed 002 C): [command, branch or tag, remote or registry]. */
export function publishDetails(call: CommandCall, match: RuleMatch, label: string): Details {
  if (call.name === 'git' && match.subcommand === 'push') return gitPushDetails(call, match, label);
  if (call.name === 'git' && match.subcommand === 'commit') return [label, '', ''];
  if (match.subcommand === 'api') {
    // the endpoint says what changes: a release, a tag, a ref
    const endpoint = readArguments(call.words, match.next, valuedSet(['-X', '--method', '-H', '--header', '-f', '--raw-field', '-F', '--field', '--input'])).operands[0];
    return [`${label} ${apiPublishMethod(call.name, call.words) ?? ''}`, shown(endpoint), ''];
  }
  if (match.rule.check === 'setupPyUpload') {
    return [`${call.name} setup.py upload`, '', shown(optionValue(readArguments(call.words, 1, SETUP_VALUED), ['-r', '--repository']))];
  }
  const parsed = readArguments(call.words, match.next, call.name === 'git' ? GIT_TAG_VALUED : PUBLISH_VALUED);
  const tag = optionValue(parsed, ['--tag']) ?? optionValue(parsed, ['-H', '--head']) ?? parsed.operands[0];
  const remote = optionValue(readArguments(call.words, 1, PUBLISH_VALUED), ['--registry', '-R', '--repo']);
  return [label, shown(tag), shown(remote)];
}
