import { describe, it } from 'vitest';
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
