import { describe, expect, it } from 'vitest';
import { sortCategories } from '../../src/categories/riskCategories';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';
import { catalogRules } from '../../src/shell/catalog/catalogRules';
import { commandSpecSchema, type CommandSpec, type CommandSpecs } from '../../src/shell/catalog/commandSpec';
import { BUILTIN_COMMAND_FAMILIES } from '../../src/shell/programs/builtinCommandFamilies';
import { READERS, RULE_CHECKS } from '../../src/shell/programs/readerRegistry';

// every built-in spec, each family's read at once
const BUILTIN_COMMAND_SETS: readonly CommandSpecs[] = BUILTIN_COMMAND_FAMILIES.map((family) => family.specs());

const RULES = catalogRules(BUILTIN_CATALOG);
const label = (entry: (typeof RULES)[number]): string => [entry.program, ...entry.subcommands].join(' ');

const examples = RULES.flatMap((entry) =>
  entry.rule.examples.map((example) => ({
    name: `${entry.rule.category} matches ${JSON.stringify(example)} (${label(entry)}: ${entry.rule.note})`,
    example,
    category: entry.rule.category,
  })),
);
const notExamples = RULES.flatMap((entry) =>
  (entry.rule.notExamples ?? []).map((example) => ({
    name: `${entry.rule.category} does not match ${JSON.stringify(example)} (${label(entry)})`,
    example,
    category: entry.rule.category,
  })),
);

describe('the built-in command catalog', () => {
  it.each(examples)('$name', ({ example, category }) => {
    const analysis = analyzeShell(example);
    expect(analysis.unknowable).toBeUndefined();
    expect(analysis.findings.map((finding) => finding.category)).toContain(category);
  });

  it.each(notExamples)('$name', ({ example, category }) => {
    const analysis = analyzeShell(example);
    expect(analysis.unknowable).toBeUndefined();
    expect(analysis.findings.map((finding) => finding.category)).not.toContain(category);
  });

  it('validates every spec against the schema hosts write their programs in', () => {
    for (const set of BUILTIN_COMMAND_SETS) {
      for (const [name, spec] of Object.entries(set)) {
        const result = commandSpecSchema.safeParse(spec);
        expect(
          result.success ? [] : result.error.issues.map((issue) => `${name}.${issue.path.join('.')}: ${issue.message}`),
        ).toEqual([]);
      }
    }
  });

  it('lists each program under one family only', () => {
    const seen = new Map<string, number>();
    BUILTIN_COMMAND_SETS.forEach((set, index) => {
      for (const [name, spec] of Object.entries(set)) {
        for (const alias of [name, ...(spec.aliases ?? [])]) {
          expect(seen.get(alias), alias).toBeUndefined();
          seen.set(alias, index);
        }
      }
    });
  });

  // every spec below a program: its subcommands, and the specs of other and any subcommand
  const specsBelow = (spec: CommandSpec): CommandSpec[] => [
    spec,
    ...Object.values(spec.subcommands ?? {}).flatMap(specsBelow),
    ...(spec.otherSubcommand === undefined ? [] : specsBelow(spec.otherSubcommand)),
    ...(spec.anySubcommand === undefined ? [] : specsBelow(spec.anySubcommand)),
  ];
  const EVERY_SPEC = BUILTIN_COMMAND_SETS.flatMap((set) => Object.values(set).flatMap(specsBelow));

  it('registers every reader a spec names, and names every reader registered', () => {
    const named = new Set(EVERY_SPEC.flatMap((spec) => (spec.reader === undefined ? [] : [spec.reader])));
    expect([...named].sort()).toEqual(Object.keys(READERS).sort());
  });

  it('registers every check a rule names, and names every check registered', () => {
    const named = new Set(
      EVERY_SPEC.flatMap((spec) =>
        (spec.rules ?? []).flatMap((rule) => (rule.when?.check === undefined ? [] : [rule.when.check])),
      ),
    );
    expect([...named].sort()).toEqual(Object.keys(RULE_CHECKS).sort());
  });

  it('gives every rule a note and at least one example, and every SYSTEM_IMPACT rule an impact level', () => {
    for (const { rule } of RULES) {
      expect(rule.note.length).toBeGreaterThan(0);
      expect(rule.examples.length).toBeGreaterThan(0);
    }
    expect(
      RULES.filter((entry) => entry.rule.category === 'SYSTEM_IMPACT' && entry.rule.level === undefined).map(label),
    ).toEqual([]);
  });

  it('covers the command families seed 002 names', () => {
    const withRules = new Set(RULES.flatMap((entry) => [entry.program, ...entry.aliases]));
    for (const name of [
      'pip',
      'pip3',
      'poetry',
      'pipenv',
      'npm',
      'yarn',
      'git',
      'systemctl',
      'service',
      'iptables',
      'ufw',
      'mount',
      'umount',
      'mkfs',
      'reboot',
      'shutdown',
      'sudo',
      'curl',
      'wget',
    ]) {
      expect(withRules.has(name), name).toBe(true);
    }
  });

  it.each([
    { name: 'reads mkfs.ext4 as mkfs', command: 'mkfs.ext4', program: 'mkfs' },
    { name: 'reads pip3.12 as pip', command: 'pip3.12', program: 'pip' },
    { name: 'reads python3.12 as python', command: 'python3.12', program: 'python' },
    { name: 'reads egrep as grep', command: 'egrep', program: 'grep' },
  ])('$name', ({ command, program }) => {
    expect(BUILTIN_CATALOG.lookup(command)?.path[0]).toBe(program);
  });

  it('knows no program by a prototype property name', () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty'])
      expect(BUILTIN_CATALOG.lookup(name)).toBeUndefined();
    expect(
      sortCategories(analyzeShell('constructor x; __proto__ y; toString').findings.map((finding) => finding.category)),
    ).toEqual(['EXEC_ARBITRARY']);
  });
});

describe('programs whose options all take data values (cloud CLIs)', () => {
  const possibleWrites = (command: string): string[] =>
    analyzeShell(command)
      .pathOperands.filter((operand) => operand.assumed !== undefined)
      .map((operand) => operand.source);

  it.each([
    {
      name: 'an unlisted option named for a file',
      command: 'gcloud secrets versions access 1 --secret s --out-file=docs/a',
      writes: ['--out-file=docs/a'],
    },
    {
      name: 'an unlisted option named for a folder',
      command: 'az storage blob download-batch --destination docs -s c',
      writes: ['docs'],
    },
    {
      name: 'a path after an unlisted short option, never taken as a command group',
      command: 'az storage blob download -c c -f docs/a',
      writes: ['docs/a'],
    },
    {
      name: 'an operand of an action not listed',
      command: 'aws s3api get-object --bucket b --key k docs/a.md',
      writes: ['docs/a.md'],
    },
  ])('count $name as a possible write', ({ command, writes }) => {
    expect(possibleWrites(command)).toEqual(writes);
  });

  it.each([
    {
      name: 'a resource path given to an option not named for a file',
      command: 'gcloud compute instances create vm --image projects/debian-cloud/global/images/x',
    },
    {
      name: 'the values of options that are data',
      command: 'aws ec2 describe-instances --region eu-west-1 --query Reservations[0]',
    },
  ])('read $name as data', ({ command }) => {
    expect(possibleWrites(command)).toEqual([]);
  });
});

describe("go's single-dash long options", () => {
  const writes = (command: string): (string | undefined)[] =>
    analyzeShell(command)
      .pathOperands.filter((operand) => operand.role !== 'read')
      .map((operand) => operand.path);

  it.each([
    {
      name: 'a profile written with its value attached',
      command: 'go test -coverprofile=docs/c.out ./...',
      writes: ['docs/c.out'],
    },
    {
      name: 'a profile written with its value apart',
      command: 'go test -cpuprofile docs/cpu.out ./...',
      writes: ['docs/cpu.out'],
    },
    {
      name: 'the flags a test run takes',
      command: 'go test -v -race -count=1 -run TestX -bench . -benchtime 5s ./...',
      writes: [],
    },
    { name: "the build's output", command: 'go build -ldflags "-s -w" -o bin/x .', writes: ['bin/x'] },
  ])('reads $name', ({ command, writes: expected }) => {
    expect(writes(command)).toEqual(expected);
  });
});
