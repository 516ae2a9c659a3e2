import { describe, expect, it } from 'vitest';
import { echoOutput, printfOutput } from '../../src/shell/words/echoText';
import { processCalls } from '../../src/shell/programs/interpreters/processCalls';

const embeddedCommands = (code: string, language: string): string[] => processCalls(code, language).lines;
import { readArguments, readLeadingOptions, valuedSet } from '../../src/shell/words/options';
import { parseShell } from '../../src/shell/engine/parseShell';
import { commandBasename, evaluateWord, staticWord } from '../../src/shell/words/shellWord';
import { findUrl, remoteHost, urlHost, wordUrl } from '../../src/shell/words/urls';

function words(...values: string[]) {
  return values.map(staticWord);
}

/** The first word of a parsed one-word command. */
function firstWord(source: string) {
  const statement = parseShell(source).commands[0];
  if (statement?.command.type !== 'Command' || statement.command.name === undefined)
    throw new Error(`no command in ${source}`);
  return statement.command.name;
}

describe('evaluateWord', () => {
  it.each([
    { name: 'removes empty double quotes', source: 's""udo', value: 'sudo' },
    { name: 'removes a backslash', source: 'su\\do', value: 'sudo' },
    { name: 'removes single quotes', source: "'sudo'", value: 'sudo' },
    { name: "decodes $'\\x73udo'", source: "$'\\x73udo'", value: 'sudo' },
    { name: 'joins mixed quotes', source: `"su"'do'`, value: 'sudo' },
    { name: 'keeps a tilde as written', source: '~/x', value: '~/x' },
    { name: 'leaves a parameter expansion unknown', source: '"$x"', value: undefined },
    { name: 'leaves a command substitution unknown', source: '$(echo rm)', value: undefined },
    { name: 'leaves arithmetic unknown', source: '$((1+2))', value: undefined },
    { name: 'leaves an unquoted glob unknown', source: '*.ts', value: undefined },
    { name: 'leaves brace expansion unknown', source: '{a,b}', value: undefined },
    { name: 'keeps a quoted glob', source: "'*.ts'", value: '*.ts' },
  ])('$name', ({ source, value }) => {
    expect(evaluateWord(firstWord(source)).value).toBe(value);
  });

  it('keeps the text of a glob word for URL checks', () => {
    expect(evaluateWord(firstWord('https://x.io/a?b=1'))).toEqual({
      value: undefined,
      literal: 'https://x.io/a?b=1',
      source: 'https://x.io/a?b=1',
    });
  });

  it.each([
    { name: 'takes the basename of an absolute path', value: '/usr/bin/sudo', expected: 'sudo' },
    { name: 'takes the basename of a relative path', value: './node_modules/.bin/x', expected: 'x' },
    { name: 'keeps a bare name', value: 'git', expected: 'git' },
  ])('$name', ({ value, expected }) => {
    expect(commandBasename(value)).toBe(expected);
  });
});

describe('option reading', () => {
  it.each([
    {
      name: 'stops at the first operand',
      line: ['sudo', '-u', 'bob', 'ls', '-l'],
      valued: ['-u'],
      options: ['-u'],
      operands: ['ls', '-l'],
    },
    {
      name: 'reads an attached short value',
      line: ['sudo', '-ubob', 'ls'],
      valued: ['-u'],
      options: ['-u'],
      operands: ['ls'],
    },
    {
      name: 'reads a value inside a cluster',
      line: ['sudo', '-Eu', 'bob', 'ls'],
      valued: ['-u'],
      options: ['-E', '-u'],
      operands: ['ls'],
    },
    {
      name: 'splits a long option at =',
      line: ['x', '--user=bob', 'ls'],
      valued: [],
      options: ['--user'],
      operands: ['ls'],
    },
    {
      name: 'reads a single-dash long option whole',
      line: ['ip', '-netns', 'n1', 'link'],
      valued: ['-netns'],
      options: ['-netns'],
      operands: ['link'],
    },
    { name: 'stops at --', line: ['x', '-a', '--', '-b'], valued: [], options: ['-a'], operands: ['-b'] },
  ])('$name', ({ line, valued, options, operands }) => {
    const parsed = readLeadingOptions(words(...line), 1, valuedSet(valued));
    expect({
      options: parsed.options.map((option) => option.name),
      operands: parsed.operands.map((word) => word.value),
    }).toEqual({ options, operands });
  });

  it('reads options anywhere, GNU style', () => {
    const parsed = readArguments(words('rm', 'a', '-rf', 'b', '--', '-c'), 1, valuedSet([]));
    expect(parsed.operands.map((word) => word.value)).toEqual(['a', 'b', '-c']);
    expect(parsed.options.map((option) => option.name)).toEqual(['-r', '-f']);
  });
});

describe('URLs', () => {
  it.each([
    { name: 'finds an https URL in code', text: `fetch('https://x.io/a')`, url: 'https://x.io/a' },
    { name: 'finds a ws URL', text: 'new WebSocket("wss://h/s")', url: 'wss://h/s' },
    { name: 'ignores a file URL', text: 'open("file:///etc/passwd")', url: undefined },
    { name: 'ignores a bare scheme', text: 'https://', url: undefined },
  ])('$name', ({ text, url }) => {
    expect(findUrl(text)).toBe(url);
  });

  it.each([
    { name: 'reads a URL word', value: 'https://x.io', url: 'https://x.io' },
    { name: 'reads an option value URL', value: '--url=http://x.io', url: 'http://x.io' },
    { name: 'ignores a URL inside a word', value: 'see:https://x.io', url: undefined },
  ])('$name', ({ value, url }) => {
    expect(wordUrl(value)).toBe(url);
  });

  it.each([
    { name: 'takes the host of a URL', value: 'https://user@h.io:8443/x?y', host: 'h.io' },
    { name: 'takes an IPv6 host', value: 'http://[::1]:80/', host: '[::1]' },
  ])('$name', ({ value, host }) => {
    expect(urlHost(value)).toBe(host);
  });

  it.each([
    { name: 'reads user@host:path', value: 'deploy@prod:/srv', host: 'prod' },
    { name: 'reads host: alone', value: 'evil.example:', host: 'evil.example' },
    { name: 'reads rsync://', value: 'rsync://h/module', host: 'h' },
    { name: 'keeps a local path with a colon after a slash', value: './a:b', host: undefined },
    { name: 'keeps a plain file', value: 'notes.txt', host: undefined },
  ])('$name', ({ value, host }) => {
    expect(remoteHost(value)).toBe(host);
  });
});

describe('echo and printf output', () => {
  it.each([
    { name: 'joins echo words with a newline', args: ['a', 'b'], output: 'a b\n' },
    { name: 'drops the newline with -n', args: ['-n', 'a'], output: 'a' },
    { name: 'keeps backslashes without -e', args: ['a\\nb'], output: 'a\\nb\n' },
    { name: 'decodes escapes with -e', args: ['-e', 'a\\nb\\x21'], output: 'a\nb!\n' },
    { name: 'stops at \\c with -e', args: ['-e', 'a\\cb'], output: 'a' },
  ])('$name', ({ args, output }) => {
    expect(echoOutput(words(...args))).toBe(output);
  });

  it.each([
    { name: 'decodes format escapes', args: ['\\x73udo id\\n'], output: 'sudo id\n' },
    { name: 'fills %s', args: ['%s;%s\\n', 'a', 'b'], output: 'a;b\n' },
    { name: 'reuses the format while arguments remain', args: ['%s\\n', 'a', 'b'], output: 'a\nb\n' },
    { name: 'prints %%', args: ['100%%'], output: '100%' },
    { name: 'gives up on other directives', args: ['%d', '1'], output: undefined },
    { name: 'gives up on -v', args: ['-v', 'x', 'y'], output: undefined },
  ])('$name', ({ args, output }) => {
    expect(printfOutput(words(...args))).toBe(output);
  });

  it('gives up on an unknown word', () => {
    expect(echoOutput([{ value: undefined, literal: undefined, source: '$x' }])).toBeUndefined();
  });
});

describe('commands embedded in inline code', () => {
  it.each([
    { name: 'finds os.system', code: 'import os; os.system("sudo id")', language: 'python3', found: ['sudo id'] },
    {
      name: 'finds subprocess argv lists',
      code: 'subprocess.run(["git", "push"])',
      language: 'python',
      found: ['git push'],
    },
    { name: 'finds execSync', code: "require('child_process').execSync('npm i')", language: 'node', found: ['npm i'] },
    { name: 'finds awk system', code: 'BEGIN { system("id") }', language: 'awk', found: ['id'] },
    { name: 'finds perl backticks', code: 'print `ls`', language: 'perl', found: ['ls'] },
    { name: 'ignores printed strings', code: "console.log('sudo')", language: 'node', found: [] },
    { name: 'ignores backticks outside perl and ruby', code: 'const s = `sudo`', language: 'node', found: [] },
  ])('$name', ({ code, language, found }) => {
    expect(embeddedCommands(code, language)).toEqual(found);
  });
});
