import { describe, expect, it } from 'vitest';
import { processCalls } from '../../src/shell/programs/interpreters/processCalls';

const embeddedCommands = (code: string, language: string): string[] => processCalls(code, language).lines;
import { analyzeShell } from '../../src/shell/analyzeShell';
import { cpuMs } from '../support/cpuTime';

const many = (count: number, call: string): string => Array.from({ length: count }, () => call).join('; ');

describe('shell commands in inline code, however many', () => {
  it.each([
    {
      name: 'finds sudo after 50 os.system calls',
      command: `python3 -c 'import os; ${many(50, 'os.system("ls")')}; os.system("sudo id")'`,
    },
    {
      name: 'finds sudo after 500 execSync calls',
      command: `node -e "${many(500, "execSync('ls')")}; execSync('sudo id')"`,
    },
    { name: 'finds sudo after 60 perl backticks', command: `perl -e '${many(60, 'print `ls`')}; print \`sudo id\`'` },
    {
      name: 'reads an argv list of more than 50 words',
      command: `python -c 'import subprocess; subprocess.run(["sudo", "id", ${many(60, '"x"').replace(/; /g, ', ')}])'`,
    },
  ])('$name', ({ command }) => {
    expect(analyzeShell(command).commands.some((words) => words[0] === 'sudo' && words[1] === 'id')).toBe(true);
  });

  it('lists every call in the order it appears', () => {
    expect(embeddedCommands(`${many(120, 'os.system("ls")')}; os.system("id")`, 'python')).toEqual([
      ...Array.from({ length: 120 }, () => 'ls'),
      'id',
    ]);
  });

  it('reads inline code of 1 MB in linear time', () => {
    const code = 'system("'.repeat(131_072);
    // CPU time: a quadratic reading takes minutes, a linear one milliseconds
    expect(cpuMs(() => embeddedCommands(code, 'perl'))).toBeLessThan(2000);
  });
});
