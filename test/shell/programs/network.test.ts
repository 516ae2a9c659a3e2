import { describe, it } from 'vitest';
import {
  type CategoryCase,
  EXEC,
  expectCategories,
  expectOperands,
  NET,
  SUDO,
  SYS,
  ONLY_EXEC,
  type OperandCase,
} from '../support';

// Downloads, remote shells, file transfer and network probes (src/shell/programs/network/
// networkSpecs.ts, sshOptions.ts): each reaches the network; a download names the file it writes.

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
