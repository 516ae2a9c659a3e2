import { describe, it } from 'vitest';
import { type CommandsCase, expectCommands, expectFailClosed, EXEC, type FailCase, SUDO } from './support';

describe('NUL bytes', () => {
  it.each<FailCase>([
    { name: 'fails closed on a NUL byte in a command name', command: 'su\u0000do ls', reason: 'NUL byte' },
    { name: 'fails closed on a NUL byte in an argument', command: 'echo a\u0000b', reason: 'NUL byte' },
    {
      name: 'fails closed on a NUL byte in a heredoc fed to bash',
      command: 'bash <<EOF\nsu\u0000do ls\nEOF',
      reason: 'NUL byte',
    },
  ])('$name', expectFailClosed);
});

describe('names and subscripts evaluated as code', () => {
  it.each<FailCase>([
    {
      name: 'fails closed on a single-quoted subscript of an assignment holding code',
      command: "a['$(rm -rf /)']=1",
      reason: 'subscript',
    },
    {
      name: 'fails closed on a subscript of a declare assignment holding code',
      command: "declare a['$(id)']=1",
      reason: 'subscript',
    },
    {
      name: 'fails closed on a compound array subscript holding code',
      command: "a=(['$(id)']=1)",
      reason: 'subscript',
    },
    {
      name: 'fails closed on declare of a name built at run time',
      command: 'declare "$x"',
      reason: 'name built at run time',
    },
    {
      name: 'fails closed on typeset of a name built at run time',
      command: 'typeset "$x"',
      reason: 'name built at run time',
    },
    {
      name: 'fails closed on local of a name built at run time',
      command: 'f() { local "$x"; }',
      reason: 'name built at run time',
    },
    {
      name: 'fails closed on export of a name built at run time',
      command: 'export "$x"',
      reason: 'name built at run time',
    },
    {
      name: 'fails closed on readonly of a name built at run time',
      command: 'readonly "$x"',
      reason: 'name built at run time',
    },
    {
      name: 'fails closed on export of a substitution',
      command: 'export $(cat .env | xargs)',
      reason: 'name built at run time',
    },
    { name: 'fails closed on a nameref to a name built at run time', command: 'declare -n r="$x"', reason: 'nameref' },
    { name: 'fails closed on a nameref holding code', command: "declare -n r='a[$(id)]'", reason: 'nameref' },
    {
      name: 'fails closed on test -v of a name built at run time',
      command: 'test -v "$x"',
      reason: 'name built at run time',
    },
    {
      name: 'fails closed on [ -v ] of a name built at run time',
      command: '[ -v "$x" ]',
      reason: 'name built at run time',
    },
    {
      name: 'fails closed on [[ -v ]] of a name built at run time',
      command: '[[ -v $x ]]',
      reason: 'name built at run time',
    },
    {
      name: 'fails closed on read into a name built at run time',
      command: 'read -r "$x"',
      reason: 'name built at run time',
    },
    {
      name: 'fails closed on read -a into a name built at run time',
      command: 'read -a "$x"',
      reason: 'name built at run time',
    },
    {
      name: 'fails closed on printf -v into a name built at run time',
      command: 'printf -v "$x" 1',
      reason: 'name built at run time',
    },
    {
      name: 'fails closed on unset of a name built at run time',
      command: 'unset "$x"',
      reason: 'name built at run time',
    },
    {
      name: 'fails closed on mapfile into a name built at run time',
      command: 'mapfile "$x" < f',
      reason: 'name built at run time',
    },
    {
      name: 'fails closed on a mapfile callback built at run time',
      command: 'mapfile -C "$cb" -c 1 a < f',
      reason: 'mapfile callback built at run time',
    },
  ])('$name', expectFailClosed);

  it.each<CommandsCase>([
    {
      name: 'analyses the callback of mapfile -C as a script',
      command: "mapfile -C 'sudo ls' -c 1 a < f",
      commands: [['mapfile', '-C', 'sudo ls', '-c', '1', 'a'], ['sudo', 'ls'], ['ls']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses the callback of readarray --callback',
      command: "readarray -t -C 'sudo ls' a < f",
      commands: [['readarray', '-t', '-C', 'sudo ls', 'a'], ['sudo', 'ls'], ['ls']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'leaves a read prompt built at run time alone',
      command: 'read -r -p "$prompt" answer',
      commands: [['read', '-r', '-p', '"$prompt"', 'answer']],
      categories: [EXEC],
    },
    {
      name: 'leaves an export of an assignment with a runtime value alone',
      command: 'export PATH="$PATH:/opt/bin"',
      commands: [['export', 'PATH="$PATH:/opt/bin"']],
      categories: [EXEC],
    },
    {
      name: 'leaves a literal subscript alone',
      command: 'a[1]=x; declare -A m; m[key]=v',
      commands: [['declare', '-A', 'm']],
      categories: [EXEC],
    },
    {
      name: 'leaves printf -v with a literal name alone',
      command: 'printf -v out %s "$x"',
      commands: [['printf', '-v', 'out', '%s', '"$x"']],
      categories: [EXEC],
    },
    {
      name: 'leaves test -v of a literal name alone',
      command: '[[ -v HOME ]] && test -v PATH',
      commands: [['test', '-v', 'PATH']],
      categories: [EXEC],
    },
  ])('$name', expectCommands);
});
