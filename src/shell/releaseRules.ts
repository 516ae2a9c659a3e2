import type { CommandRule } from './ruleTypes';

// release tools run through a package runner: `npx changeset publish`, `pnpm dlx semantic-release`
const RELEASE_TOOLS = ['changeset publish', '@changesets/cli publish', 'release-it', 'semantic-release', 'lerna publish', 'lerna version'];

/** Release and deploy tools: each publishes a version, tag or site to the outside (seed 002 D: publish/release). */
export const RELEASE_RULES: readonly CommandRule[] = [
  {
    category: 'GIT_PUBLISH',
    commands: ['release-it', 'semantic-release'],
    note: 'package publish',
    purpose: 'upload',
    examples: ['release-it minor --ci', 'semantic-release'],
  },
  {
    category: 'GIT_PUBLISH',
    commands: ['changeset'],
    subcommands: ['publish'],
    note: 'package publish',
    purpose: 'upload',
    examples: ['changeset publish'],
  },
  {
    category: 'GIT_PUBLISH',
    commands: ['lerna'],
    subcommands: ['publish', 'version'],
    note: 'package publish',
    purpose: 'upload',
    examples: ['lerna publish from-git', 'lerna version patch --yes'],
  },
  {
    category: 'GIT_PUBLISH',
    commands: ['npx', 'pnpx', 'bunx'],
    subcommands: RELEASE_TOOLS,
    note: 'package publish',
    purpose: 'upload',
    examples: ['npx changeset publish', 'npx --yes semantic-release', 'bunx release-it'],
  },
  {
    category: 'GIT_PUBLISH',
    commands: ['npm', 'pnpm', 'yarn', 'bun'],
    subcommands: ['exec', 'x', 'dlx'].flatMap((runner) => RELEASE_TOOLS.map((tool) => `${runner} ${tool}`)),
    note: 'package publish',
    purpose: 'upload',
    examples: ['npm exec semantic-release', 'pnpm dlx release-it', 'yarn dlx semantic-release'],
  },
  {
    category: 'GIT_PUBLISH',
    // pnpm and yarn run a project's bins by name
    commands: ['pnpm', 'yarn'],
    subcommands: RELEASE_TOOLS,
    note: 'package publish',
    purpose: 'upload',
    examples: ['pnpm changeset publish', 'yarn release-it'],
  },
  {
    category: 'GIT_PUBLISH',
    commands: ['python', 'python2', 'python3', 'py', 'pypy', 'pypy3'],
    check: 'setupPyUpload',
    note: 'package publish',
    purpose: 'upload',
    examples: ['python setup.py sdist upload', 'python3 setup.py bdist_wheel upload -r pypi'],
  },
  {
    category: 'GIT_PUBLISH',
    commands: ['vercel'],
    subcommands: ['', 'deploy', 'promote', 'redeploy', 'rollback'],
    note: 'site deploy',
    purpose: 'upload',
    examples: ['vercel --prod', 'vercel deploy'],
  },
  {
    category: 'GIT_PUBLISH',
    commands: ['netlify', 'firebase', 'wrangler', 'fly', 'flyctl'],
    subcommands: ['deploy', 'publish', 'pages deploy'],
    note: 'site deploy',
    purpose: 'upload',
    examples: ['netlify deploy --prod', 'firebase deploy', 'wrangler deploy', 'fly deploy'],
  },
];
