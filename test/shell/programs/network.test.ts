import { describe, expect, it } from 'vitest';
import {
  type CategoryCase,
  EXEC,
  expectCategories,
  expectOperands,
  GIT,
  NET,
  SUDO,
  SYS,
  ONLY_EXEC,
  type OperandCase,
} from '../support';
import { decideEveryday, everydayWorkspace, type EverydayDecision } from '../../support/everydaySession';

// Downloads, remote shells, file transfer and network probes (src/shell/programs/network/: networkSpecs.ts,
// sshOptions.ts, networkFiles.ts): each reaches the network; a download names the file it writes.

describe('downloads, remote shells and network probes', () => {
  it.each<CategoryCase>([
    { name: 'raises NETWORK_RISK for curl', command: 'curl https://x.io', expected: [NET, EXEC] },
    { name: 'raises NETWORK_RISK for wget', command: 'wget x.io/f', expected: [NET, EXEC] },
    { name: 'raises NETWORK_RISK for an http(ie) call', command: 'http POST api.io/x a=1', expected: [NET, EXEC] },
    { name: 'raises NETWORK_RISK for nc', command: 'nc -l 8080', expected: [NET, EXEC] },
    { name: 'raises NETWORK_RISK for scp', command: 'scp f host:/tmp', expected: [NET, EXEC] },
    {
      name: 'raises NETWORK_RISK for rsync with a host operand',
      command: 'rsync -a dist/ host:/srv',
      expected: [NET, EXEC],
    },
    {
      name: 'raises NETWORK_RISK for ssh and analyses the remote command',
      command: 'ssh host "sudo reboot"',
      expected: [SYS, SUDO, NET, EXEC],
    },
    { name: 'reads ping', command: 'ping -c 1 example.com', expected: [NET, EXEC] },
    { name: 'reads dig', command: 'dig @1.1.1.1 example.com', expected: [NET, EXEC] },
    { name: 'reads nslookup', command: 'nslookup example.com', expected: [NET, EXEC] },
    { name: 'reads host', command: 'host example.com', expected: [NET, EXEC] },
    { name: 'reads ssh-copy-id', command: 'ssh-copy-id bob@example.com', expected: [NET, EXEC] },
    { name: 'reads openssl s_client', command: 'openssl s_client -connect example.com:443', expected: [NET, EXEC] },
    { name: 'reads ncat and socat', command: 'ncat example.com 80; socat - TCP:example.com:80', expected: [NET, EXEC] },
    { name: 'reads ftp, sftp and telnet', command: 'ftp h; sftp h; telnet h 25', expected: [NET, EXEC] },
  ])('$name', expectCategories);

  it.each<CategoryCase>([
    { name: 'treats a local rsync as local', command: 'rsync -a a/ b/', expected: ONLY_EXEC },
    { name: 'treats openssl rand as local', command: 'openssl rand -hex 16', expected: ONLY_EXEC },
    { name: 'treats grep for ping as a search', command: 'grep ping notes.md', expected: ONLY_EXEC },
    { name: 'does not read hostname as host', command: 'hostname', expected: ONLY_EXEC },
  ])('$name', expectCategories);
});

describe('downloads to standard output name no file', () => {
  it.each<OperandCase>([
    { name: 'reads wget -O- as stdout', command: 'wget -O- https://x.io', expected: [] },
    { name: 'reads wget -O - as stdout', command: 'wget -O - https://x.io', expected: [] },
    { name: 'reads curl -o - as stdout', command: 'curl -o - https://x.io', expected: [] },
    { name: 'reads curl -sSLo - as stdout', command: 'curl -sSLo - https://x.io', expected: [] },
    {
      name: 'still overwrites the file of wget -O FILE',
      command: 'wget -O out.html https://x.io',
      expected: [['out.html', 'overwrite']],
    },
    {
      name: 'still overwrites the file of curl -o FILE',
      command: 'curl -o out.html https://x.io',
      expected: [['out.html', 'overwrite']],
    },
  ])('$name', expectOperands);
});

// Forge CLIs (forgeSpecs.ts): gh, glab and hub call a forge's web API; creating releases,
// repositories and gists, or writing files through the API, publishes.

describe('forge CLIs', () => {
  it.each<CategoryCase>([
    { name: 'reads hub release create', command: 'hub release create -m v1 v1.0', expected: [GIT, NET, EXEC] },
    { name: 'reads gh repo create', command: 'gh repo create o/r --public --source=.', expected: [GIT, NET, EXEC] },
    { name: 'reads gh gist create', command: 'gh gist create notes.md --public', expected: [GIT, NET, EXEC] },
    { name: 'reads glab release create', command: 'glab release create v1', expected: [GIT, NET, EXEC] },
    {
      name: 'reads gh api POST to releases',
      command: 'gh api -X POST /repos/o/r/releases -f tag_name=v1',
      expected: [GIT, NET, EXEC],
    },
    {
      name: 'reads gh api with fields as a POST to releases',
      command: 'gh api repos/o/r/releases -f tag_name=v1',
      expected: [GIT, NET, EXEC],
    },
    {
      name: 'reads gh api --method DELETE of a release',
      command: 'gh api --method DELETE repos/o/r/releases/1',
      expected: [GIT, NET, EXEC],
    },
    {
      name: 'reads gh api PUT of a file as a commit',
      command: 'gh api -X PUT repos/o/r/contents/a.md -f message=x',
      expected: [GIT, NET, EXEC],
    },
  ])('$name', expectCategories);

  it.each<CategoryCase>([
    { name: 'treats gh api GET of releases as a read', command: 'gh api repos/o/r/releases', expected: [NET, EXEC] },
    {
      name: 'treats gh api DELETE of a comment as no publish',
      command: 'gh api -X DELETE repos/o/r/issues/comments/1',
      expected: [NET, EXEC],
    },
    { name: 'treats gh repo view as a read', command: 'gh repo view o/r', expected: [NET, EXEC] },
  ])('$name', expectCategories);
});

describe('forge API endpoints are not file paths', () => {
  it.each<OperandCase>([
    {
      name: 'reads no path in a gh api endpoint',
      command: 'gh api -X POST /repos/o/r/releases -f tag_name=v1',
      expected: [],
    },
    { name: 'reads no path in a relative gh api endpoint', command: 'gh api repos/o/r/issues', expected: [] },
    { name: 'reads no path in a glab api endpoint', command: 'glab api projects/1/releases -X POST', expected: [] },
    {
      name: 'reads the body file of gh api --input',
      command: 'gh api --input body.json /repos/o/r/releases',
      expected: [['body.json', 'read']],
    },
    {
      name: 'reads a gh api -F field given from a file',
      command: 'gh api graphql -F query=@q.graphql',
      expected: [['q.graphql', 'read']],
    },
    {
      name: 'still reads the files of gh release upload',
      command: 'gh release upload v1 dist/app.tgz',
      expected: [['dist/app.tgz', 'read']],
    },
  ])('$name', expectOperands);
});

// ssh -V prints its version and exits while it reads its options; for an option it does not
// have (-h, --help, --version) it prints its usage and exits: none connects or runs a command.
describe('informational ssh and scp calls', () => {
  it.each<CategoryCase>([
    { name: 'reads ssh --help as informational', command: 'ssh --help', expected: ONLY_EXEC },
    { name: 'reads ssh -h as informational', command: 'ssh -h', expected: ONLY_EXEC },
    { name: 'reads ssh --version as informational', command: 'ssh --version', expected: ONLY_EXEC },
    { name: 'reads ssh -V as informational', command: 'ssh -V', expected: ONLY_EXEC },
    { name: 'reads ssh -V after the host as informational', command: 'ssh host -V', expected: ONLY_EXEC },
    { name: 'reads scp --help and -h as informational', command: 'scp --help; scp -h', expected: ONLY_EXEC },
    {
      name: "still reads -V of the remote command as that command's",
      command: 'ssh host ls -V',
      expected: [NET, EXEC],
    },
    {
      name: 'still reads the ProxyCommand of an informational call',
      command: "ssh -o ProxyCommand='sudo id' -V",
      expected: [SUDO, EXEC],
    },
    {
      name: 'reads a copy between local paths as reaching no machine',
      command: 'scp a.txt backup/',
      expected: ONLY_EXEC,
    },
  ])('$name', expectCategories);
});

// Into a folder, scp and rsync write each source under its own name, as cp does: the folder
// itself is not replaced (remoteCopies.ts).
describe('scp and rsync into a folder write the files they copy there', () => {
  it.each<OperandCase>([
    {
      name: 'writes a remote file into .',
      command: 'scp user@host:file.txt .',
      expected: [['./file.txt', 'overwrite']],
    },
    {
      name: 'writes the basename of a remote absolute path, after -P',
      command: 'scp -P 22 user@host:/path/file .',
      expected: [['./file', 'overwrite']],
    },
    {
      name: 'writes a local file into a folder written with a slash',
      command: 'scp file.txt /tmp/',
      expected: [
        ['file.txt', 'read'],
        ['/tmp/file.txt', 'overwrite'],
      ],
    },
    {
      name: 'writes several sources into the folder they must go to',
      command: 'scp a b sub',
      expected: [
        ['a', 'read'],
        ['b', 'read'],
        ['sub/a', 'overwrite'],
        ['sub/b', 'overwrite'],
      ],
    },
    {
      name: 'writes rsync sources into their folder, deleting them with --remove-source-files',
      command: 'rsync --remove-source-files a.txt b.txt out/',
      expected: [
        ['a.txt', 'delete'],
        ['b.txt', 'delete'],
        ['out/a.txt', 'overwrite'],
        ['out/b.txt', 'overwrite'],
      ],
    },
    {
      name: 'writes an rsync remote file into .',
      command: 'rsync -a user@host:/path/file .',
      expected: [['./file', 'overwrite']],
    },
    {
      name: "keeps the folder when rsync copies a folder's contents",
      command: 'rsync -a src/ .',
      expected: [
        ['src/', 'read'],
        ['.', 'overwrite'],
      ],
    },
    { name: 'keeps the folder for a remote glob', command: 'scp "host:*.txt" .', expected: [['.', 'overwrite']] },
    { name: 'keeps the folder for the remote home', command: 'scp host: .', expected: [['.', 'overwrite']] },
    {
      name: 'keeps a destination that is not a folder by its writing',
      command: 'scp host:a.txt b.txt',
      expected: [['b.txt', 'overwrite']],
    },
  ])('$name', expectOperands);
});

// ssh-keygen's mode options say whether -f is read or written (sshKeygen.ts).
describe('ssh-keygen reads or writes its key file by its mode', () => {
  it.each<OperandCase>([
    {
      name: 'reads the key of -l',
      command: 'ssh-keygen -lf ~/.ssh/id_rsa.pub',
      expected: [['~/.ssh/id_rsa.pub', 'read']],
    },
    { name: 'reads the key of -y', command: 'ssh-keygen -y -f key', expected: [['key', 'read']] },
    {
      name: 'reads known_hosts for -F',
      command: 'ssh-keygen -F github.com',
      expected: [['~/.ssh/known_hosts', 'read']],
    },
    { name: 'reads no file for -l alone', command: 'ssh-keygen -l', expected: [] },
    { name: 'reads nothing for --help', command: 'ssh-keygen --help', expected: [] },
    {
      name: 'writes the new key and its .pub',
      command: "ssh-keygen -t ed25519 -f deploy_key -N ''",
      expected: [
        ['deploy_key', 'overwrite'],
        ['deploy_key.pub', 'overwrite'],
      ],
    },
    {
      name: 'writes the default key of its type',
      command: 'ssh-keygen -t ed25519',
      expected: [['~/.ssh/id_ed25519', 'overwrite']],
    },
    { name: 'rewrites the key of -p', command: 'ssh-keygen -p -f key', expected: [['key', 'overwrite']] },
    {
      name: 'rewrites known_hosts for -R, keeping a .old copy',
      command: 'ssh-keygen -R hostname',
      expected: [
        ['~/.ssh/known_hosts', 'overwrite'],
        ['~/.ssh/known_hosts.old', 'overwrite'],
      ],
    },
    {
      name: 'writes the certificate beside the key it signs',
      command: 'ssh-keygen -s ca -I id -n u user.pub',
      expected: [
        ['ca', 'read'],
        ['user.pub', 'read'],
        ['user-cert.pub', 'overwrite'],
      ],
    },
    {
      name: 'writes the signature beside the file it signs',
      command: 'ssh-keygen -Y sign -f key -n file a.txt',
      expected: [
        ['key', 'read'],
        ['a.txt', 'read'],
        ['a.txt.sig', 'overwrite'],
      ],
    },
  ])('$name', expectOperands);
});

// The decisions of a session whose intent owns `**`, with the everyday approvals: what was
// refused as a change of the workspace itself or outside it is held for what it reaches.
describe('copies and keys decided in a session owning the workspace', () => {
  const workspace = everydayWorkspace({ repository: true, files: ['file.txt'] });
  it.each<{ name: string; command: string; expected: EverydayDecision }>([
    {
      name: 'holds a copy from a host into . for the network only',
      command: 'scp user@host:file.txt .',
      expected: { verdict: 'ask', code: 'needs_approval', unapproved: ['NETWORK_RISK'] },
    },
    {
      name: 'holds a copy with -P into . for the network only',
      command: 'scp -P 22 user@host:/path/file .',
      expected: { verdict: 'ask', code: 'needs_approval', unapproved: ['NETWORK_RISK'] },
    },
    {
      name: 'holds a copy into /tmp/ as a change outside the workspace, not of the folder holding it',
      command: 'scp file.txt /tmp/',
      expected: { verdict: 'ask', code: 'needs_approval', unapproved: ['FS_OUTSIDE_WORKSPACE'] },
    },
    {
      name: 'holds ssh-keygen -lf of a home key as a read of an ssh file outside the workspace, no refusal',
      command: 'ssh-keygen -lf ~/.ssh/id_rsa.pub',
      expected: { verdict: 'ask', code: 'needs_approval', unapproved: ['FS_OUTSIDE_WORKSPACE', 'FS_CONFIG_SECRETS'] },
    },
    {
      name: 'holds ssh-keygen -R as a change of ~/.ssh/known_hosts',
      command: 'ssh-keygen -R hostname',
      expected: { verdict: 'ask', code: 'needs_approval', unapproved: ['FS_OUTSIDE_WORKSPACE', 'FS_CONFIG_SECRETS'] },
    },
    {
      name: 'allows ssh --help',
      command: 'ssh --help',
      expected: { verdict: 'allow', code: 'destructive_in_scope', unapproved: [] },
    },
  ])('$name', ({ command, expected }) => {
    const { verdict, code, unapproved } = decideEveryday(workspace, command);
    expect({ verdict, code, unapproved }).toEqual(expected);
  });
});

describe('the SSH agent and DNS updates', () => {
  it.each<CategoryCase>([
    { name: 'ssh-add -D removes every identity from the agent', command: 'ssh-add -D', expected: [SYS, EXEC] },
    { name: 'ssh-add -d removes an identity', command: 'ssh-add -d ~/.ssh/id_ed25519', expected: [SYS, EXEC] },
    {
      name: 'nsupdate sends the record changes it reads from stdin',
      command: "echo 'delete example.com' | nsupdate",
      expected: [SYS, NET, EXEC],
    },
    { name: 'nsupdate -l updates the local server', command: 'nsupdate -l', expected: [SYS, NET, EXEC] },
  ])('changes them: $name', expectCategories);

  it.each<CategoryCase>([
    { name: 'ssh-add -l lists the identities', command: 'ssh-add -l', expected: ONLY_EXEC },
    { name: 'ssh-add -L prints the public keys', command: 'ssh-add -L', expected: ONLY_EXEC },
    { name: 'ssh-add KEY adds one', command: 'ssh-add key.pem', expected: ONLY_EXEC },
    { name: 'nsupdate -V prints its version', command: 'nsupdate -V', expected: ONLY_EXEC },
  ])('leaves them: $name', expectCategories);
});
