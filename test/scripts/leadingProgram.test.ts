import { describe, expect, it } from 'vitest';
import { commandsOfPrograms, leadingProgram, readProgramsOption } from '../../scripts/leadingProgram';

describe('leadingProgram', () => {
  it.each([
    ['the first word', 'sed -n 1p a.py', 'sed'],
    ['after NAME=value words', 'LANG=C FOO=1 grep x y', 'grep'],
    ['after comment lines', '# list\nls -la', 'ls'],
    ['a path as written', '/usr/bin/python3 -c 1', '/usr/bin/python3'],
    ['none in an empty line', '   ', ''],
  ])('%s', (_name, command, program) => {
    expect(leadingProgram(command)).toBe(program);
  });
});

describe('commandsOfPrograms', () => {
  const commands = ['sed -n 1p a', 'LANG=C grep x y', '/usr/bin/sed q', 'git status', 'sedx y'];

  it('keeps every command when no programs are given', () => {
    expect(commandsOfPrograms(commands, undefined)).toEqual(commands);
  });

  it('keeps the commands whose program, by its base name, is listed', () => {
    expect(commandsOfPrograms(commands, 'sed,grep')).toEqual(['sed -n 1p a', 'LANG=C grep x y', '/usr/bin/sed q']);
  });

  it('keeps none for a program no command starts with', () => {
    expect(commandsOfPrograms(commands, 'npm')).toEqual([]);
  });
});

describe('readProgramsOption', () => {
  it('reads the programs and keeps the other arguments that are no option, in order', () => {
    expect(readProgramsOption(['../base', '--public', '--programs=sed,grep', '5'])).toEqual({
      programs: 'sed,grep',
      positional: ['../base', '5'],
    });
  });

  it('names no programs when the option is not given', () => {
    expect(readProgramsOption(['../base', '4', '8'])).toEqual({
      programs: undefined,
      positional: ['../base', '4', '8'],
    });
  });
});
