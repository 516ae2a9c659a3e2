import type { CommandSpec, CommandSpecs, RuleSpec } from '../../catalog/commandSpec';

// GitHub's and GitLab's CLIs: every call reaches the forge's API; releases, pull and merge
// requests, repositories and API calls that change refs publish.

const DATA = { operands: 'data' } as const;
/** The options whose values are prose (a title, a body, notes): a URL in them is no request. */
const FORGE_TEXT_OPTIONS = ['-m', '--message', '-t', '--title', '-b', '--body', '-n', '--notes'];

const FORGE_CALL: RuleSpec = {
  category: 'NETWORK_RISK',
  note: 'forge API call',
  purpose: 'API call',
  examples: ['gh issue list', 'glab mr list'],
};

function publishes(note: string, examples: string[]): CommandSpec {
  return { operands: 'data', unknownOptions: 'data', rules: [{ category: 'GIT_PUBLISH', note, examples }] };
}

/** `gh api` and `glab api`: a change of a release, tag, ref, file or merge publishes. */
const API: CommandSpec = {
  reader: 'forgeApi',
  options: {
    '-X|--method|-H|--header|-f|--raw-field|-F|--field|-q|--jq|-t|--template|--cache|-p|--preview|--hostname': 'data',
    '--input': 'read',
    '-i|--include|--paginate|--silent|--verbose|--slurp': 'flag',
  },
  operands: 'data',
  rules: [
    {
      category: 'GIT_PUBLISH',
      note: 'API change of a release, tag, ref, file or merge',
      when: { check: 'apiPublish' },
      examples: ['gh api -X POST /repos/o/r/releases -f tag_name=v1', 'glab api projects/1/releases -X POST'],
      notExamples: ['gh api /repos/o/r'],
    },
  ],
};

const GH_RELEASE = 'GitHub release or pull request';

/** Subcommand groups whose commands are looked up only: any word, any options. */
const READ_GROUP: CommandSpec = { operands: 'data', unknownOptions: 'data', anySubcommand: { operands: 'data' } };

/** gh and glab. */
export const FORGE_COMMANDS: CommandSpecs = {
  gh: {
    textOptions: FORGE_TEXT_OPTIONS,
    globalOptions: { '-R|--repo|--hostname': 'data', '-h|--help|--version': 'flag' },
    unknownOptions: 'data',
    rules: [FORGE_CALL],
    subcommands: {
      release: {
        subcommands: {
          create: publishes(GH_RELEASE, ['gh release create v1.0']),
          upload: {
            ...publishes(GH_RELEASE, ['gh release upload v1 dist/x.tgz']),
            operands: { leading: ['data'], rest: 'read' },
          },
          edit: publishes(GH_RELEASE, ['gh release edit v1 --draft=false']),
          delete: publishes(GH_RELEASE, ['gh release delete v1']),
          download: { options: { '-D|--dir': 'write', '-O|--output': 'overwrite' }, operands: 'data' },
          list: DATA,
          view: DATA,
        },
      },
      pr: {
        unknownOptions: 'data',
        subcommands: {
          create: publishes(GH_RELEASE, ['gh pr create --fill']),
          merge: publishes(GH_RELEASE, ['gh -R o/r pr merge 3']),
          checkout: DATA,
          list: DATA,
          view: DATA,
          diff: DATA,
          status: DATA,
          checks: DATA,
          comment: DATA,
          review: DATA,
          close: DATA,
          reopen: DATA,
          edit: DATA,
          ready: DATA,
        },
        anySubcommand: DATA,
      },
      repo: {
        unknownOptions: 'data',
        subcommands: {
          create: publishes(GH_RELEASE, ['gh repo create o/r --public']),
          clone: { operands: { leading: ['data', 'write'] } },
          view: DATA,
          fork: DATA,
          list: DATA,
          sync: DATA,
          edit: DATA,
          archive: DATA,
          rename: DATA,
          delete: DATA,
          'set-default': DATA,
        },
        anySubcommand: DATA,
      },
      gist: {
        unknownOptions: 'data',
        subcommands: {
          create: { ...publishes(GH_RELEASE, ['gh gist create notes.md']), operands: 'read' },
          list: DATA,
          view: DATA,
          edit: DATA,
          delete: DATA,
          clone: { operands: { leading: ['data', 'write'] } },
        },
        anySubcommand: DATA,
      },
      api: API,
      run: {
        unknownOptions: 'data',
        subcommands: { download: { options: { '-D|--dir': 'write' }, operands: 'data' } },
        anySubcommand: DATA,
      },
      // an alias with --shell or a leading '!' is a shell command gh runs later
      alias: {
        subcommands: {
          set: {
            options: { '-s|--shell|--clobber': 'flag' },
            operands: { leading: ['data', 'script'] },
            with: { '-s|--shell': { operands: { leading: ['data', 'script'] } } },
          },
          list: DATA,
          delete: DATA,
          import: { operands: 'read' },
        },
      },
      extension: {
        subcommands: {
          install: {
            operands: 'data',
            rules: [
              {
                category: 'DEPS_INSTALL_UPDATE',
                note: 'package install',
                purpose: 'package download',
                examples: ['gh extension install o/gh-x'],
              },
            ],
          },
          upgrade: {
            operands: 'data',
            rules: [
              {
                category: 'DEPS_INSTALL_UPDATE',
                note: 'package install',
                purpose: 'package download',
                examples: ['gh extension upgrade --all'],
              },
            ],
          },
          list: DATA,
          remove: DATA,
          browse: DATA,
          search: DATA,
          exec: { operands: { leading: ['data'], rest: 'unknown' } },
        },
      },
      ...Object.fromEntries(
        [
          'issue',
          'workflow',
          'auth',
          'search',
          'browse',
          'secret',
          'variable',
          'label',
          'cache',
          'codespace',
          'ssh-key',
          'gpg-key',
          'config',
          'status',
          'org',
          'project',
          'ruleset',
          'attestation',
          'completion',
          'copilot',
        ].map((name) => [name, READ_GROUP]),
      ),
    },
  },
  glab: {
    textOptions: FORGE_TEXT_OPTIONS,
    globalOptions: { '-R|--repo': 'data', '-h|--help|-v|--version': 'flag' },
    unknownOptions: 'data',
    rules: [FORGE_CALL],
    subcommands: {
      release: {
        subcommands: {
          create: publishes('GitLab release or merge request', ['glab release create v1']),
          upload: {
            ...publishes('GitLab release or merge request', ['glab release upload v1 x.tgz']),
            operands: { leading: ['data'], rest: 'read' },
          },
          delete: publishes('GitLab release or merge request', ['glab release delete v1']),
          list: DATA,
          view: DATA,
          download: DATA,
        },
      },
      mr: {
        unknownOptions: 'data',
        subcommands: {
          create: publishes('GitLab release or merge request', ['glab mr create']),
          merge: publishes('GitLab release or merge request', ['glab mr merge 3']),
        },
        anySubcommand: DATA,
      },
      repo: {
        unknownOptions: 'data',
        subcommands: {
          create: publishes('GitLab release or merge request', ['glab repo create g/r']),
          clone: { operands: { leading: ['data', 'write'] } },
        },
        anySubcommand: DATA,
      },
      api: API,
      ...Object.fromEntries(
        [
          'issue',
          'ci',
          'auth',
          'label',
          'variable',
          'config',
          'snippet',
          'ssh-key',
          'user',
          'cluster',
          'schedule',
          'incident',
          'changelog',
          'check-update',
          'completion',
          'alias',
        ].map((name) => [name, READ_GROUP]),
      ),
    },
  },
};
