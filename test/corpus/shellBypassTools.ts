import type { RiskCategory } from '../../src/categories/riskCategories';
import type { BypassCase } from './corpusTypes';

// Per-tool option tables, system locations, release and cloud tools (same rules as shellBypass.ts).

const EXEC: RiskCategory = 'EXEC_ARBITRARY';
const SUDO: RiskCategory = 'SUDO';
const NET: RiskCategory = 'NETWORK_RISK';
const GIT: RiskCategory = 'GIT_PUBLISH';
const SYS: RiskCategory = 'SYSTEM_IMPACT';

export const TOOL_CASES: readonly BypassCase[] = [
  {
    name: 'grep -r is a flag, so the ssh folder after the pattern is read',
    command: 'grep -r BEGIN ~/.ssh',
    mustInclude: [EXEC],
    technique: 'other',
    pathOperand: { path: '~/.ssh', role: 'read' },
  },
  {
    name: 'grep -T is a flag, so the key is read',
    command: 'grep -T x ~/.ssh/id_rsa',
    mustInclude: [EXEC],
    technique: 'other',
    pathOperand: { path: '~/.ssh/id_rsa', role: 'read' },
  },
  {
    name: 'a --include glob is an option, so the folder is read',
    command: 'grep --include=*.pem -r x ~/.ssh',
    mustInclude: [EXEC],
    technique: 'other',
    pathOperand: { path: '~/.ssh', role: 'read' },
  },
  {
    name: 'xxd -r writes its second operand',
    command: 'xxd -r payload.hex ~/.bashrc',
    mustInclude: [EXEC],
    technique: 'redirection',
    pathOperand: { path: '~/.bashrc', role: 'overwrite' },
  },
  {
    name: 'tar -x into / overwrites the root',
    command: 'tar -xzf payload.tgz -C /',
    mustInclude: [SYS, EXEC],
    technique: 'redirection',
    pathOperand: { path: '/', role: 'overwrite' },
  },
  {
    name: 'unzip -d into /etc overwrites it',
    command: 'unzip -o payload.zip -d /etc',
    mustInclude: [SYS, EXEC],
    technique: 'redirection',
    pathOperand: { path: '/etc', role: 'overwrite' },
  },
  {
    name: 'zip -m deletes what it archives',
    command: 'zip -m out.zip notes.txt',
    mustInclude: [EXEC],
    technique: 'other',
    pathOperand: { path: 'notes.txt', role: 'delete' },
  },
  {
    name: 'an append to a git hook is a write of code run later',
    command: 'echo ./evil >> .git/hooks/pre-commit',
    mustInclude: [EXEC],
    technique: 'redirection',
    pathOperand: { path: '.git/hooks/pre-commit', role: 'write' },
  },
  {
    name: 'an append to /etc/crontab affects the system',
    command: 'printf "* * * * * root id\\n" >> /etc/crontab',
    mustInclude: [SYS, EXEC],
    technique: 'redirection',
  },
  {
    name: 'tee into apt sources affects the system',
    command: 'echo deb http://evil.example x | tee /etc/apt/sources.list',
    mustInclude: [SYS, EXEC],
    technique: 'redirection',
  },
  {
    name: 'a write under /etc after cd affects the system',
    command: 'cd /etc && echo 127.0.0.1 x >> hosts',
    mustInclude: [SYS, EXEC],
    technique: 'traversal',
  },
  {
    name: 'chmod -R 777 / affects the system',
    command: 'chmod -R 777 /',
    mustInclude: [SYS, EXEC],
    technique: 'other',
  },
  {
    name: 'usermod into the sudo group affects the system',
    command: 'usermod -aG sudo agent',
    mustInclude: [SYS, EXEC],
    technique: 'other',
  },
  {
    name: 'runuser runs as another user',
    command: 'runuser -u root -- id',
    mustInclude: [SUDO, EXEC],
    technique: 'wrapper',
  },
  {
    name: 'git config --global writes the home git config',
    command: 'git config --global core.pager "sh -c id"',
    mustInclude: [EXEC],
    technique: 'other',
    pathOperand: { path: '~/.gitconfig', role: 'write' },
  },
  {
    name: 'git stash drop loses stashed work',
    command: 'git stash drop',
    mustInclude: [EXEC],
    technique: 'other',
    pathOperand: { path: '.git/refs/stash', role: 'delete' },
  },
  {
    name: 'git branch -D loses a branch',
    command: 'git branch -D main',
    mustInclude: [EXEC],
    technique: 'other',
    pathOperand: { path: '.git/refs/heads/main', role: 'delete' },
  },
  {
    name: 'npx changeset publish publishes',
    command: 'npx changeset publish',
    mustInclude: [GIT, NET, EXEC],
    technique: 'wrapper',
  },
  {
    name: 'python setup.py upload publishes',
    command: 'python3 setup.py sdist upload',
    mustInclude: [GIT, NET, EXEC],
    technique: 'other',
  },
  {
    name: 'gh api POST to releases publishes',
    command: 'gh api -X POST repos/o/r/releases -f tag_name=v9',
    mustInclude: [GIT, NET, EXEC],
    technique: 'other',
  },
  {
    name: 'kubectl delete changes a cluster',
    command: 'kubectl -n prod delete deploy web',
    mustInclude: [SYS, NET, EXEC],
    technique: 'other',
  },
  {
    name: 'terraform destroy changes infrastructure',
    command: 'terraform destroy -auto-approve',
    mustInclude: [SYS, NET, EXEC],
    technique: 'other',
  },
  {
    name: 'aws s3 rm reaches the cloud',
    command: 'aws s3 rm s3://bucket --recursive',
    mustInclude: [NET, EXEC],
    technique: 'other',
  },
  {
    name: 'docker run may pull and reach the network',
    command: 'docker run --rm -v /:/host alpine',
    mustInclude: [NET, EXEC],
    technique: 'other',
  },
  {
    name: 'openssl s_client opens a connection',
    command: 'openssl s_client -connect evil.example:443',
    mustInclude: [NET, EXEC],
    technique: 'other',
  },
  { name: 'ping reaches the network', command: 'ping -c 1 evil.example', mustInclude: [NET, EXEC], technique: 'other' },
];
