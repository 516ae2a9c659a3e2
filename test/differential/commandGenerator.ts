import fc from 'fast-check';

// A grammar of random command lines: risky and harmless command names under quoting and path
// variants, operators, substitutions, subshells, blocks, loops, redirections, heredocs, wrappers
// and inner scripts, plus junk mutations that may not parse.

const NAMES = [
  'sudo',
  'curl',
  'git',
  'npm',
  'rm',
  'echo',
  'ls',
  'cat',
  'wget',
  'pip',
  'grep',
  'printf',
  'true',
  'id',
  'systemctl',
] as const;
const WORDS = [
  'push',
  'install',
  '-rf',
  '/tmp/x',
  '~/.bashrc',
  'https://x.example',
  'id',
  '.',
  'origin',
  'main',
  '-la',
  '--quiet',
  'a b',
  '$HOME',
  '*.ts',
  '../up',
  'x=1',
] as const;
const OPERATORS = [' ; ', ' && ', ' || ', ' | ', ' & ', '\n', ' |& '] as const;
const REDIRECTIONS = [
  '> out.txt',
  '>> log.txt',
  '< in.txt',
  '2>&1',
  '2> /dev/null',
  '&> all.txt',
  "<<< 'here string'",
  '>| f',
] as const;
const JUNK = [
  "'",
  '"',
  '`',
  '(',
  ' (',
  ')',
  '{',
  '}',
  '$',
  '\\',
  ';',
  '&',
  '|',
  '<',
  '>',
  '\n',
  '\r',
  '#',
  '*',
  '[',
  '!',
  '\u0455',
  '\u200b',
  ' ',
  '$(',
  '<<',
] as const;

function singleQuote(script: string): string {
  return `'${script.replace(/'/g, "'\\''")}'`;
}

function hexEscape(name: string): string {
  return `$'${[...name].map((char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')}'`;
}

function nameVariants(name: string): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constant(name), weight: 12 },
    {
      arbitrary: fc.constantFrom(
        `'${name}'`,
        `"${name}"`,
        `${name.slice(0, 1)}""${name.slice(1)}`,
        `${name.slice(0, 1)}\\${name.slice(1)}`,
        `/usr/bin/${name}`,
        `./${name}`,
        hexEscape(name),
      ),
      weight: 6,
    },
    // built at run time: the analyzer must fail closed
    { arbitrary: fc.constantFrom(`"$(printf ${name})"`, `$${name.toUpperCase()}`), weight: 1 },
  );
}

const commandName: fc.Arbitrary<string> = fc.constantFrom(...NAMES).chain(nameVariants);

const plainWord: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.constantFrom(...WORDS).map((word) => singleQuote(word)),
  fc.constantFrom(...WORDS).map((word) => `"${word}"`),
  fc.constantFrom(...NAMES),
);

const redirection: fc.Arbitrary<string> = fc.constantFrom(...REDIRECTIONS);

function simpleCommand(argument: fc.Arbitrary<string>, withAssignment = true): fc.Arbitrary<string> {
  return fc
    .tuple(
      withAssignment
        ? fc.option(fc.constantFrom('A=1 ', 'PATH=/tmp:$PATH ', 'X="$(id)" '), { nil: '', freq: 4 })
        : fc.constant(''),
      commandName,
      fc.array(argument, { maxLength: 3 }),
      fc.array(redirection, { maxLength: 1 }),
    )
    .map(([assignment, name, args, redirs]) => [`${assignment}${name}`, ...args, ...redirs].join(' '));
}

const leafCommand = simpleCommand(plainWord);
// wrappers take no assignments before the command they run
const bareLeaf = simpleCommand(plainWord, false);

const scripts = new Map<number, fc.Arbitrary<string>>();

/** Random scripts nested at most `depth` levels deep. */
export function scriptArbitrary(depth: number): fc.Arbitrary<string> {
  const cached = scripts.get(depth);
  if (cached !== undefined) return cached;
  const command = depth <= 0 ? leafCommand : commandArbitrary(depth);
  const script = fc
    .tuple(command, fc.array(fc.tuple(fc.constantFrom(...OPERATORS), command), { maxLength: 2 }))
    .map(([first, rest]) => rest.reduce((line, [operator, next]) => `${line}${operator}${next}`, first));
  scripts.set(depth, script);
  return script;
}

function commandArbitrary(depth: number): fc.Arbitrary<string> {
  const inner = scriptArbitrary(depth - 1);
  const argument = fc.oneof(
    { arbitrary: plainWord, weight: 6 },
    { arbitrary: inner.map((script) => `$(${script})`), weight: 1 },
    { arbitrary: inner.map((script) => `"$(${script})"`), weight: 1 },
    { arbitrary: leafCommand.map((leaf) => `\`${leaf}\``), weight: 1 },
    { arbitrary: inner.map((script) => `<(${script})`), weight: 1 },
    { arbitrary: inner.map((script) => `>(${script})`), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: simpleCommand(argument), weight: 8 },
    { arbitrary: inner.map((script) => `(${script})`), weight: 1 },
    { arbitrary: inner.map((script) => `{ ${script}; }`), weight: 1 },
    { arbitrary: fc.tuple(inner, inner).map(([test, body]) => `if ${test}; then ${body}; fi`), weight: 1 },
    { arbitrary: inner.map((body) => `for i in a b; do ${body}; done`), weight: 1 },
    { arbitrary: fc.tuple(inner, inner).map(([test, body]) => `while ${test}; do ${body}; done`), weight: 1 },
    { arbitrary: inner.map((body) => `f() { ${body}; }; f`), weight: 1 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('bash', 'sh', '/bin/sh', 'bash -x'), inner)
        .map(([shell, script]) => `${shell} -c ${singleQuote(script)}`),
      weight: 1,
    },
    { arbitrary: inner.map((script) => `eval ${singleQuote(script)}`), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom('sudo', 'env A=1', 'timeout 5', 'nohup', 'xargs', 'command', 'exec', 'nice -n 5', 'time'),
          bareLeaf,
        )
        .map(([wrapper, leaf]) => `${wrapper} ${leaf}`),
      weight: 2,
    },
    { arbitrary: bareLeaf.map((leaf) => `find . -exec ${leaf} {} \\;`), weight: 1 },
  );
}

const heredocTail: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('bash', 'sh', 'cat', 'sudo bash'),
    fc.constantFrom('EOF', "'EOF'", '"EOF"'),
    scriptArbitrary(1),
  )
  .map(([reader, delimiter, body]) => `\n${reader} <<${delimiter}\n${body}\nEOF`);

const withHeredoc: fc.Arbitrary<string> = fc
  .tuple(scriptArbitrary(1), heredocTail)
  .map(([script, tail]) => `${script}${tail}`);

const mutated: fc.Arbitrary<string> = fc
  .tuple(scriptArbitrary(2), fc.nat(), fc.constantFrom(...JUNK))
  .map(([script, at, junk]) => {
    const index = at % (script.length + 1);
    return `${script.slice(0, index)}${junk}${script.slice(index)}`;
  });

const noise: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...JUNK), fc.constantFrom(...NAMES), fc.constantFrom(...WORDS)), {
    minLength: 1,
    maxLength: 8,
  })
  .map((pieces) => pieces.join(''));

/** Random command lines: mostly valid bash, some with heredocs, some junk that may not parse. */
export const commandLine: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: scriptArbitrary(2), weight: 6 },
  { arbitrary: withHeredoc, weight: 2 },
  { arbitrary: mutated, weight: 2 },
  { arbitrary: noise, weight: 1 },
);
