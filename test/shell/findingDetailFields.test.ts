import { describe, expect, it } from 'vitest';
import type { RiskCategory } from '../../src/categories/riskCategories';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { createCatalog, NO_FAMILY_CODE } from '../../src/shell/catalog/catalog';
import { noEffects, type CommandEffects } from '../../src/shell/catalog/commandEffects';
import type { CommandReading } from '../../src/shell/catalog/commandReading';
import type { CommandSpec, CommandSpecs, RuleSpec } from '../../src/shell/catalog/commandSpec';
import type { FamilyCode, Reader } from '../../src/shell/catalog/reader';
import { staticWord } from '../../src/shell/words/shellWord';
import { NET, SYS } from './support';

// The spec language's finding-detail fields and reader hooks, on programs made up for the test:
// what a family's findings say comes from its data or its reader, never from its name.

const reaches = (purpose: string): RuleSpec => ({
  category: 'NETWORK_RISK',
  note: 'reaches',
  purpose,
  examples: ['x'],
});
const changes: RuleSpec = { category: 'SYSTEM_IMPACT', note: 'changes', level: 'service', examples: ['x'] };

/** A request reader that says what `--send` does, as curl's says what `-d` does. */
const sendingReader: Reader = {
  readsArguments: false,
  read: () => noEffects(),
  findingDetails: {
    request: (reading) => {
      const upload = reading.options.some((option) => option.name === '--send');
      return { method: upload ? 'PUSH' : '', upload };
    },
  },
};

/** The file `to=` names, overwritten, as dd's `of=`. */
function targetWrite(reading: CommandReading): CommandEffects {
  const effects = noEffects();
  const value = reading.words.find((word) => word.value?.startsWith('to=') === true)?.value;
  if (value !== undefined) effects.paths.push({ word: staticWord(value.slice(3)), role: 'overwrite' });
  return effects;
}

/** A reader whose SYSTEM_IMPACT target is the file `to=` names, as dd's is that of `of=`. */
const targetReader: Reader = {
  readsArguments: true,
  read: targetWrite,
  findingDetails: {
    system: (reading, match) => [
      reading.name,
      reading.words.find((word) => word.value?.startsWith('to=') === true)?.value?.slice(3) ?? '',
      match.rule.level ?? '',
    ],
  },
};

/** The same write, with the details the rule's operands give. */
const plainTargetReader: Reader = { readsArguments: true, read: targetWrite };

const programs = (first: Partial<CommandSpec>, rule: RuleSpec): CommandSpec => ({
  operands: 'data',
  rules: [rule],
  ...first,
});

const SPECS: CommandSpecs = {
  reach: programs({}, reaches('probe')),
  hostreach: programs({ firstOperand: 'remoteHost' }, reaches('probe')),
  lookup: programs({ firstOperand: 'remoteHost', lookupModifiers: true }, reaches('name lookup')),
  fetch: programs({ aliases: ['fetchs'], firstOperand: 'httpMethod' }, reaches('download')),
  sender: { options: { '--send': 'flag' }, operands: 'data', reader: 'sending', rules: [reaches('download')] },
  ctl: programs({ firstOperand: 'verb' }, changes),
  svc: programs({ firstOperand: 'target' }, changes),
  plain: programs({}, changes),
  tool: { subcommands: { run: programs({ firstOperand: 'verb' }, changes) } },
  writer: { operands: 'data', reader: 'target', rules: [{ ...changes, level: 'disk' }] },
  plainwriter: { operands: 'data', reader: 'plainTarget', rules: [{ ...changes, level: 'disk' }] },
};

const CODE: FamilyCode = {
  ...NO_FAMILY_CODE,
  readers: { sending: sendingReader, target: targetReader, plainTarget: plainTargetReader },
};
const CATALOG = createCatalog([SPECS], [], CODE);

interface DetailsCase {
  readonly name: string;
  readonly command: string;
  readonly category: RiskCategory;
  readonly details: readonly [string, string, string];
}

describe('details the spec and the readers give a rule finding', () => {
  it.each<DetailsCase>([
    {
      name: 'names no host for a bare first operand when the spec says nothing of it',
      command: 'reach deploy@web1',
      category: NET,
      details: ['', 'reach', 'probe'],
    },
    {
      name: 'reads the first operand as the host it reaches, without its user',
      command: 'hostreach deploy@web1 uptime',
      category: NET,
      details: ['web1', 'hostreach', 'probe'],
    },
    {
      name: 'prefers a URL among the operands to the first operand',
      command: 'hostreach web1 https://x.io/a',
      category: NET,
      details: ['https://x.io/a', 'hostreach', 'probe'],
    },
    {
      name: 'skips lookup modifiers before the name looked up',
      command: 'lookup @1.1.1.1 +short example.com',
      category: NET,
      details: ['example.com', 'lookup', 'name lookup'],
    },
    {
      name: 'reads an HTTP method first operand as an upload',
      command: 'fetch post https://api.io/x a=1',
      category: NET,
      details: ['https://api.io/x', 'fetch POST', 'upload'],
    },
    {
      name: 'reads a GET first operand with the rule purpose',
      command: 'fetch GET https://api.io/x',
      category: NET,
      details: ['https://api.io/x', 'fetch GET', 'download'],
    },
    {
      name: 'reads the method of an alias the same way',
      command: 'fetchs PUT https://api.io/x',
      category: NET,
      details: ['https://api.io/x', 'fetchs PUT', 'upload'],
    },
    {
      name: 'reads a first operand that is no method as where it goes',
      command: 'fetch https://api.io/x',
      category: NET,
      details: ['https://api.io/x', 'fetch', 'download'],
    },
    {
      name: 'takes the method and upload a reader gives',
      command: 'sender --send https://x.io/in',
      category: NET,
      details: ['https://x.io/in', 'sender PUSH', 'upload'],
    },
    {
      name: 'shows the tool alone when the reader gives no method',
      command: 'sender https://x.io/in',
      category: NET,
      details: ['https://x.io/in', 'sender', 'download'],
    },
    {
      name: 'reads the first operand as the verb, the rest as the target',
      command: 'ctl restart web db',
      category: SYS,
      details: ['ctl restart', 'web db', 'service'],
    },
    {
      name: 'reads the first operand as the target, the second as the verb',
      command: 'svc web restart',
      category: SYS,
      details: ['svc restart', 'web', 'service'],
    },
    {
      name: 'reads a lone operand of a target-first program as the target',
      command: 'svc web',
      category: SYS,
      details: ['svc', 'web', 'service'],
    },
    {
      name: 'reads every operand as the target when the spec says nothing',
      command: 'plain restart web',
      category: SYS,
      details: ['plain', 'restart web', 'service'],
    },
    {
      name: 'names a subcommand rule by its label, whatever its first operand',
      command: 'tool run restart web',
      category: SYS,
      details: ['tool run', 'restart web', 'service'],
    },
    {
      name: 'takes the SYSTEM_IMPACT details a reader gives',
      command: 'writer if=a to=/dev/sdz',
      category: SYS,
      details: ['writer', '/dev/sdz', 'disk'],
    },
  ])('$name', ({ command, category, details }) => {
    const findings = analyzeShell(command, { catalog: CATALOG }).findings.filter(
      (finding) => finding.category === category,
    );
    expect(findings.map((finding) => finding.details)).toEqual([details]);
  });
});

describe('a write under /dev that a rule already names', () => {
  it.each<{ readonly name: string; readonly command: string; readonly details: readonly (readonly string[])[] }>([
    {
      name: 'is no second finding when the rule names the device',
      command: 'writer to=/dev/sdz',
      details: [['writer', '/dev/sdz', 'disk']],
    },
    {
      name: 'is a system file change when the rule names another target',
      command: 'plainwriter to=/dev/sdz',
      details: [
        ['plainwriter', 'to=/dev/sdz', 'disk'],
        ['plainwriter', '/dev/sdz', 'system files'],
      ],
    },
    {
      name: 'is a system file change when the rule cannot see the folder it is in',
      command: 'cd /dev && writer to=sdz',
      details: [
        ['writer', 'sdz', 'disk'],
        ['writer', '/dev/sdz', 'system files'],
      ],
    },
  ])('$name', ({ command, details }) => {
    const findings = analyzeShell(command, { catalog: CATALOG }).findings.filter((finding) => finding.category === SYS);
    expect(findings.map((finding) => finding.details)).toEqual(details);
  });
});
