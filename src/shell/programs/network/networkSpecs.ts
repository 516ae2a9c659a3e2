import type { CommandSpec, CommandSpecs, RuleSpec } from '../../catalog/commandSpec';

// Programs that reach other machines: HTTP clients, remote shells and copies, raw connections,
// probes and lookups. Their rule's purpose says why the network is reached.

function reaches(note: string, purpose: string, examples: string[], extra: Partial<RuleSpec> = {}): RuleSpec {
  return { category: 'NETWORK_RISK', note, purpose, examples, ...extra };
}

const HTTP = (examples: string[]): RuleSpec => reaches('HTTP request', 'download', examples);

const CURL: CommandSpec = {
  reader: 'curl',
  options: {
    '-o|--output|-c|--cookie-jar|-D|--dump-header|--trace|--trace-ascii|--stderr|--libcurl|--etag-save|--hsts|--alt-svc':
      'overwrite',
    '--output-dir|--create-file-mode': 'data',
    '-T|--upload-file|-K|--config|--cacert|--capath|-E|--cert|--key|--netrc-file|--etag-compare|--proxy-cacert|--proxy-cert|--proxy-key|--crlfile':
      'read',
    '-X|--request|-H|--header|-d|--data|--data-raw|--data-binary|--data-urlencode|--data-ascii|--json|-F': 'data',
    '--form|--form-string|-u|--user|-A|--user-agent|-e|--referer|-b|--cookie|--url|--url-query|-w': 'data',
    '--write-out|--connect-timeout|-m|--max-time|--retry|--retry-delay|--retry-max-time|-x|--proxy|-U': 'data',
    '--proxy-user|--resolve|--connect-to|--limit-rate|-r|--range|-C|--continue-at|-Y|--speed-limit|-y': 'data',
    '--speed-time|--max-filesize|--max-redirs|--oauth2-bearer|--aws-sigv4|--unix-socket': 'data',
    '--abstract-unix-socket|--interface|--parallel-max|--variable|--expand-url|--expand-data': 'data',
    '--expand-header|--ciphers|--tls-max|--noproxy|--dns-servers|--happy-eyeballs-timeout-ms': 'data',
    '--keepalive-time|--local-port|--pinnedpubkey|--proto|--proto-redir|--preproxy|--cert-type|--key-type': 'data',
    '--pass|--request-target|-z|--time-cond|--mail-from|--mail-rcpt|--login-options|--sasl-authzid': 'data',
    '--service-name|--socks4|--socks4a|--socks5|--socks5-hostname|--haproxy-clientip|--ech|--ipfs-gateway': 'data',
    '-s|--silent|-S|--show-error|-L|--location|--location-trusted|-f|--fail|--fail-with-body|--fail-early': 'flag',
    '-O|--remote-name|--remote-name-all|-J|--remote-header-name|-I|--head|-i|--include|-v|--verbose|-k': 'flag',
    '--insecure|--compressed|-G|--get|-N|--no-buffer|-#|--progress-bar|--http1.0|--http1.1|--http2': 'flag',
    '--http2-prior-knowledge|--http3|--http3-only|-0|-4|--ipv4|-6|--ipv6|-Z|--parallel': 'flag',
    '--parallel-immediate|--create-dirs|-n|--netrc|--netrc-optional|--digest|--basic|--ntlm|--negotiate': 'flag',
    '--anyauth|--post301|--post302|--post303|--retry-all-errors|--retry-connrefused|--ssl|--ssl-reqd': 'flag',
    '--tlsv1|--tlsv1.0|--tlsv1.1|--tlsv1.2|--tlsv1.3|--raw|--tr-encoding|--path-as-is|--globoff|-g|-q': 'flag',
    '--disable|--no-keepalive|--no-sessionid|--no-progress-meter|--styled-output|--no-styled-output|-l': 'flag',
    '--list-only|-a|--append|-B|--use-ascii|-j|--junk-session-cookies|-M|--manual|-V|--version|-h|--help': 'flag',
    '--trace-time|--trace-ids|--skip-existing|--remove-on-error|--xattr|--ssl-no-revoke|--ssl-allow-beast': 'flag',
    '--proxy-insecure|--false-start|--tcp-nodelay|--tcp-fastopen|--suppress-connect-headers': 'flag',
    '--ignore-content-length|--clobber|--no-clobber|--proxytunnel|-p|--ca-native': 'flag',
    '--disallow-username-in-url': 'flag',
  },
  operands: 'data',
  rules: [HTTP(['curl https://example.com', 'curl -fsSL https://x.io/install.sh -o i.sh'])],
};

const WGET: CommandSpec = {
  reader: 'wget',
  options: {
    '-O|--output-document|-o|--output-file|-a|--append-output|--save-cookies|--warc-file': 'overwrite',
    '-P|--directory-prefix': 'write',
    '-i|--input-file|--post-file|--body-file|--load-cookies|--ca-certificate|--certificate|--private-key|--config':
      'read',
    '-U|--user-agent|--header|-t|--tries|-T|--timeout|--post-data|--method|--body-data|--user|--password': 'data',
    '--http-user|--http-password|-l|--level|-A|--accept|-R|--reject|-D|--domains|--exclude-domains|-I': 'data',
    '--include-directories|-X|--exclude-directories|--limit-rate|-w|--wait|--waitretry|--dns-timeout': 'data',
    '--connect-timeout|--read-timeout|-e|--execute|--restrict-file-names|-Q|--quota|--bind-address': 'data',
    '--cut-dirs|--referer|--max-redirect|--progress|--compression|--report-speed|--regex-type': 'data',
    '--accept-regex|--reject-regex|--default-page|--local-encoding|--remote-encoding': 'data',
    '-q|--quiet|-v|--verbose|-nv|--no-verbose|-c|--continue|-N|--timestamping|-S|--server-response': 'flag',
    '--spider|-r|--recursive|-np|--no-parent|-nd|--no-directories|-x|--force-directories|-nH': 'flag',
    '--no-host-directories|-k|--convert-links|-K|--backup-converted|-m|--mirror|-p|--page-requisites|-H': 'flag',
    '--span-hosts|-L|--relative|-b|--background|-F|--force-html|-E|--adjust-extension': 'flag',
    '--no-check-certificate|--content-disposition|--trust-server-names|-nc|--no-clobber|--no-cookies': 'flag',
    '--keep-session-cookies|--ignore-length|-4|--inet4-only|-6|--inet6-only|--show-progress|--no-proxy': 'flag',
    '--no-cache|--no-dns-cache|--https-only|-V|--version|-h|--help|--delete-after|--retry-connrefused': 'flag',
    '--auth-no-challenge|--ignore-case|--no-hsts|--xattr': 'flag',
  },
  operands: 'data',
  rules: [HTTP(['wget -q x.io/f'])],
};

const SSH_OPTIONS = {
  '-b|-B|-c|-D|-E|-e|-I|-J|-L|-l|-m|-O|-o|-p|-Q|-R|-S|-W|-w': 'data',
  '-F|-i': 'read',
  '-4|-6|-A|-a|-C|-f|-G|-g|-K|-k|-M|-N|-n|-q|-s|-T|-t|-V|-v|-vv|-vvv|-X|-x|-Y|-y': 'flag',
} as const;

// ssh -V prints its version and exits while it reads its options; -h, --help and --version are
// options ssh does not have, so it prints its usage and exits: none connects or runs a command
const SSH_INFORMATIONAL = ['-V', '-h', '--help', '--version'];
// scp has no -V: for -h and --help it prints its usage and exits
const SCP_INFORMATIONAL = ['-h', '--help'];

/** The operand roles while an informational option is given: the words are not read, nothing runs. */
const informational = (options: readonly string[]): NonNullable<CommandSpec['with']> => ({
  [options.join('|')]: { operands: 'data' },
});

const SCP_OPTIONS = {
  '-c|-D|-J|-l|-o|-P|-X': 'data',
  '-F|-i': 'read',
  '-S': 'script',
  '-3|-4|-6|-A|-B|-C|-O|-p|-q|-R|-r|-s|-T|-v': 'flag',
} as const;

/** HTTP clients, remote shells and copies, raw connections, probes and lookups. */
export const NETWORK_COMMANDS: CommandSpecs = {
  curl: CURL,
  wget: WGET,
  aria2c: {
    options: { '-d|--dir': 'write', '-o|--out': 'data', '-i|--input-file': 'read' },
    operands: 'data',
    rules: [HTTP(['aria2c https://x.io/f'])],
  },
  axel: {
    options: {
      '-o|--output': 'overwrite',
      '-n|--num-connections|-s|--max-speed|-H|--header|-U|--user-agent': 'data',
      '-a|-q|-v|-k|--insecure': 'flag',
    },
    operands: 'data',
    rules: [HTTP(['axel https://x.io/f'])],
  },
  // HTTPie and xh: `http [METHOD] URL [ITEMS]`; items like `field=@file` send a file
  http: {
    aliases: ['https', 'xh', 'xhs'],
    firstOperand: 'httpMethod',
    unknownOptions: 'data',
    options: {
      '-o|--output': 'overwrite',
      '-d|--download|-f|--form|-j|--json|-v|--verbose|-h|--headers|-b|--body|-p|--print|-a|--auth|-A': 'flag',
      '--auth-type|--check-status|--follow|-F|--offline|-q|--quiet|-I|--ignore-stdin|--pretty': 'flag',
    },
    operands: 'data',
    rules: [HTTP(['http POST api.io/x a=1', 'xh get example.com'])],
  },
  curlie: { ...CURL, reader: undefined, rules: [HTTP(['curlie https://example.com'])] },
  'lwp-request': {
    aliases: ['lwp-download', 'GET', 'POST', 'HEAD'],
    operands: 'data',
    rules: [HTTP(['lwp-request https://example.com'])],
  },
  nc: {
    aliases: ['ncat', 'netcat'],
    firstOperand: 'remoteHost',
    options: {
      '-p|-s|-w|-i|-x|-X|-q|-O|-I|-T|-V': 'data',
      '-e|-c': 'script',
      '-l|-k|-n|-u|-v|-z|-4|-6|-N|-d|-D|-C|-t|-U|-h': 'flag',
    },
    operands: 'data',
    rules: [reaches('raw network connection', 'raw connection', ['nc -l 8080', 'ncat example.com 80'])],
  },
  socat: {
    firstOperand: 'remoteHost',
    operands: 'data',
    options: { '-d|-dd|-ddd|-v|-x|-b|-s|-t|-T|-u|-U|-g|-L|-W|-4|-6|-h|-V': 'flag' },
    rules: [reaches('raw network connection', 'raw connection', ['socat - TCP:h:80'])],
  },
  telnet: {
    firstOperand: 'remoteHost',
    options: { '-l|-n|-b|-e|-X': 'data', '-4|-6|-8|-E|-L|-a|-d|-r|-c|-K|-x|-F|-f': 'flag' },
    operands: 'data',
    rules: [reaches('raw network connection', 'raw connection', ['telnet h 25'])],
  },
  // ssh HOST COMMAND: the remote command is shell code, analysed all the same (its sudo or rm still matters)
  ssh: {
    reader: 'ssh',
    firstOperand: 'remoteHost',
    options: SSH_OPTIONS,
    operands: { leading: ['data'], rest: 'shell', optionsAfterLeading: true },
    with: informational(SSH_INFORMATIONAL),
    rules: [
      reaches('remote shell', 'remote shell', ['ssh user@host', 'ssh -p 2222 h uptime'], {
        when: { notOptions: SSH_INFORMATIONAL },
        notExamples: ['ssh -V', 'ssh --help', 'ssh -h host uptime'],
      }),
    ],
  },
  mosh: {
    firstOperand: 'remoteHost',
    operands: { leading: ['data'], rest: 'command' },
    rules: [reaches('remote shell', 'remote shell', ['mosh h'])],
  },
  autossh: {
    reader: 'ssh',
    firstOperand: 'remoteHost',
    options: { ...SSH_OPTIONS, '-M': 'data' },
    operands: { leading: ['data'], rest: 'shell', optionsAfterLeading: true },
    with: informational(SSH_INFORMATIONAL),
    rules: [
      reaches('remote shell', 'remote shell', ['autossh -M 0 h'], {
        when: { notOptions: SSH_INFORMATIONAL },
        notExamples: ['autossh -V'],
      }),
    ],
  },
  scp: {
    reader: 'remoteCopy',
    firstOperand: 'remoteHost',
    options: SCP_OPTIONS,
    operands: { rest: 'read', last: 'overwrite', remote: true },
    with: informational(SCP_INFORMATIONAL),
    // a copy between two local paths reaches no other machine
    rules: [
      reaches('file transfer', 'file transfer', ['scp f h:/tmp', 'scp -P 22 user@host:/path/file .'], {
        when: { check: 'remoteOperand', notOptions: SCP_INFORMATIONAL },
        notExamples: ['scp a.txt backup/', 'scp --help', 'scp -h host:f .'],
      }),
    ],
  },
  sftp: {
    reader: 'ssh',
    firstOperand: 'remoteHost',
    options: { ...SCP_OPTIONS, '-b': 'read' },
    operands: { rest: 'data', remote: true },
    rules: [reaches('file transfer', 'file transfer', ['sftp h'])],
  },
  ftp: {
    aliases: ['lftp', 'tftp'],
    firstOperand: 'remoteHost',
    operands: 'data',
    rules: [reaches('file transfer', 'file transfer', ['ftp h'])],
  },
  rsync: {
    reader: 'remoteCopy',
    firstOperand: 'remoteHost',
    options: {
      '-e|--rsh|--rsync-path': 'script',
      '--exclude|--include|--filter|-f|--port|--chmod|--chown|--timeout|--bwlimit|--suffix|--max-size': 'data',
      '--min-size|--max-delete|--modify-window|--compress-level|--skip-compress|--info|--debug': 'data',
      '--out-format|--log-file-format|--usermap|--groupmap|--iconv|--protocol|--checksum-choice': 'data',
      '--compress-choice|--contimeout|--address|--outbuf|-M|--remote-option|--stop-after|--stop-at': 'data',
      '--block-size|-B': 'data',
      '--password-file|--exclude-from|--include-from|--files-from|--read-batch': 'read',
      '--log-file|--write-batch|--only-write-batch': 'overwrite',
      '-T|--temp-dir|--backup-dir|--partial-dir|--link-dest|--compare-dest|--copy-dest': 'write',
      '-v|--verbose|-q|--quiet|-a|--archive|-r|--recursive|-R|--relative|-b|--backup|-u|--update|--inplace': 'flag',
      '--append|-d|--dirs|-l|--links|-L|--copy-links|-k|--copy-dirlinks|-K|--keep-dirlinks|-H|--hard-links': 'flag',
      '-p|--perms|-E|--executability|-A|--acls|-X|--xattrs|-o|--owner|-g|--group|--devices|--specials|-D': 'flag',
      '-t|--times|-U|--atimes|-O|--omit-dir-times|-J|--omit-link-times|--super|--fake-super|-S|--sparse|-n': 'flag',
      '--dry-run|-W|--whole-file|-x|--one-file-system|--existing|--ignore-existing|--remove-source-files': 'flag',
      '--delete|--delete-before|--delete-during|--delete-delay|--delete-after|--delete-excluded': 'flag',
      '--ignore-errors|--force|--partial|--progress|-P|--prune-empty-dirs|--numeric-ids|-I|--ignore-times': 'flag',
      '--size-only|-c|--checksum|-z|--compress|-C|--cvs-exclude|-F|--stats|-8|--8-bit-output|-h': 'flag',
      '--human-readable|-i|--itemize-changes|--list-only|--no-motd|-4|-6|--ipv4|--ipv6|-V|--version|--help': 'flag',
      '-m|--mkpath|--copy-unsafe-links|--safe-links|--munge-links|-y|--fuzzy|--delay-updates': 'flag',
      '--no-implied-dirs|-s|--protect-args|--old-args|--secluded-args|--trust-sender|-0|--from0': 'flag',
      '--msgs2stderr|--noatime|--crtimes|-N|--open-noatime': 'flag',
    },
    operands: { rest: 'read', last: 'overwrite', remote: true },
    // --delete removes files of the destination that the source does not have; --remove-source-files the sources
    with: { '--remove-source-files': { operands: { rest: 'delete', last: 'overwrite', remote: true } } },
    // -l and -a copy links as links
    placesLinks: true,
    rules: [
      reaches('file transfer', 'file transfer', ['rsync -av dist/ host:/srv/www', 'rsync rsync://h/m/ x'], {
        when: { check: 'remoteOperand' },
        notExamples: ['rsync -a src/ backup/'],
      }),
    ],
  },
  ping: {
    aliases: ['ping6'],
    firstOperand: 'remoteHost',
    options: {
      '-c|-i|-I|-W|-w|-s|-t|-l|-p|-Q|-S|-M|-m': 'data',
      '-4|-6|-a|-A|-b|-B|-D|-d|-f|-h|-L|-n|-O|-q|-R|-r|-U|-v|-V': 'flag',
    },
    operands: 'data',
    rules: [reaches('network probe', 'reachability probe', ['ping -c 1 example.com'])],
  },
  traceroute: {
    aliases: ['tracepath', 'mtr'],
    firstOperand: 'remoteHost',
    options: { '-f|-m|-p|-q|-w|-i|-s|-c|-z|-l|-N|-t': 'data', '-4|-6|-I|-T|-U|-n|-r|-b|-e|-F|-d': 'flag' },
    operands: 'data',
    rules: [reaches('network probe', 'reachability probe', ['traceroute example.com'])],
  },
  dig: {
    firstOperand: 'remoteHost',
    lookupModifiers: true,
    options: { '-b|-c|-f|-k|-p|-q|-t|-x|-y': 'data', '-4|-6|-h|-m|-r|-u|-v': 'flag' },
    plusOptions: true,
    operands: 'data',
    rules: [reaches('DNS or registry lookup', 'name lookup', ['dig @1.1.1.1 example.com'])],
  },
  nslookup: {
    firstOperand: 'remoteHost',
    operands: 'data',
    rules: [reaches('DNS or registry lookup', 'name lookup', ['nslookup example.com'])],
  },
  host: {
    firstOperand: 'remoteHost',
    options: { '-t|-c|-W|-N|-R|-m': 'data', '-a|-A|-C|-d|-l|-i|-r|-s|-T|-U|-v|-V|-w|-4|-6': 'flag' },
    operands: 'data',
    rules: [reaches('DNS or registry lookup', 'name lookup', ['host example.com'])],
  },
  whois: {
    firstOperand: 'remoteHost',
    operands: 'data',
    rules: [reaches('DNS or registry lookup', 'name lookup', ['whois example.com'])],
  },
  drill: {
    firstOperand: 'remoteHost',
    lookupModifiers: true,
    operands: 'data',
    rules: [reaches('DNS or registry lookup', 'name lookup', ['drill example.com'])],
  },
  // nsupdate sends the record changes it reads (from its file, or stdin) to a DNS server: `-l` to the local one
  nsupdate: {
    options: { '-k|-y|-t|-u|-r|-p': 'data', '-l|-L|-d|-D|-v|-T|-P|-g|-o|-i|-V': 'flag' },
    operands: 'read',
    rules: [
      {
        category: 'SYSTEM_IMPACT',
        // the zone's records
        note: 'network configuration',
        level: 'network',
        examples: ["echo 'update delete example.com A' | nsupdate", 'nsupdate -l', 'nsupdate -k key changes.txt'],
        notExamples: ['nsupdate -V'],
        when: { notOptions: ['-V'] },
      },
      reaches('network request', 'request', ['nsupdate changes.txt'], {
        when: { notOptions: ['-V'] },
        notExamples: ['nsupdate -V'],
      }),
    ],
  },
  // ssh-add loads keys into the running agent, and -d / -D take them out of it: the sessions that use them lose access
  'ssh-add': {
    options: { '-t|-s|-e|-S|-E|-H|-h': 'data', '-c|-C|-k|-K|-l|-L|-q|-T|-v|-x|-X|-D|-d': 'flag' },
    operands: 'read',
    rules: [
      {
        category: 'SYSTEM_IMPACT',
        // the identities the running agent holds
        note: 'revokes a permission',
        level: 'privileges',
        examples: ['ssh-add -D', 'ssh-add -d', 'ssh-add -d ~/.ssh/id_ed25519'],
        notExamples: ['ssh-add -l', 'ssh-add -L', 'ssh-add ~/.ssh/id_ed25519'],
        when: { options: ['-d', '-D'] },
      },
    ],
  },
  'ssh-copy-id': {
    firstOperand: 'remoteHost',
    options: { '-i': 'read', '-p|-o|-F|-J|-t': 'data', '-f|-n|-s|-x|-h|-?': 'flag' },
    operands: 'data',
    rules: [reaches('installs a key on a remote host', 'key install', ['ssh-copy-id bob@example.com'])],
  },
  // ssh-keygen reaches no other machine; its mode options (-l, -y, -R, -p...) say whether -f is
  // read or written, which its reader (sshKeygen.ts) gives, with the files it writes beside
  'ssh-keygen': {
    reader: 'sshKeygen',
    options: {
      '-f': 'overwrite',
      '-s': 'read',
      // a PKCS#11 or FIDO library: code it loads
      '-D|-w': 'program',
      // the moduli output of OpenSSH before 8.2 (-G generate, -T screen)
      '-G|-T': 'overwrite',
      '-a|-b|-C|-E|-F|-I|-J|-j|-M|-m|-N|-n|-O|-P|-R|-r|-S|-t|-V|-W|-Y|-Z|-z': 'data',
      '-A|-B|-c|-e|-g|-H|-h|-i|-K|-k|-L|-l|-p|-Q|-q|-U|-u|-v|-vv|-vvv|-y|--help|-?': 'flag',
    },
    operands: 'read',
    // it has no --help: it prints its usage for an option it does not have and exits
    with: { '--help|-?': { operands: 'data' } },
  },
  // openssl's subcommands read and write files named by -in and -out
  openssl: {
    globalOptions: {
      '-in|-inkey|-CAfile|-CApath|-config|-signkey|-CA|-CAkey|-certfile|-key|-cert|-paramfile|-ssl_conf|-extfile|-rand|-signature|-sigfile|-peerkey':
        'read',
      '-out|-keyout|-writerand|-CAserial|-sess_out': 'overwrite',
      '-passin|-passout|-pass|-digest|-subj|-days|-newkey|-pkeyopt|-md|-name|-connect|-servername|-port': 'data',
      '-host|-algorithm|-cipher|-extensions|-reqexts|-set_serial|-inform|-outform|-keyform|-sigopt|-macopt': 'data',
      '-kdfopt|-iter|-k|-K|-iv|-S|-curves|-groups|-nameopt|-certopt|-addext|-provider|-propquery|-engine': 'data',
      '-keygen_engine|-verify|-url|-proxy|-alpn|-starttls': 'data',
      '-aes256|-aes128|-aes-256-cbc|-aes-128-cbc|-des3|-nodes|-noenc|-noout|-text|-pubin|-pubout|-x509': 'flag',
      '-new|-batch|-d|-e|-a|-base64|-A|-salt|-nosalt|-pbkdf2|-p|-P|-hex|-binary|-r|-c|-check|-modulus': 'flag',
      '-fingerprint|-sha256|-sha1|-sha512|-md5|-subject|-issuer|-dates|-enddate|-startdate|-serial|-hash': 'flag',
      '-purpose|-showcerts|-brief|-quiet|-tls1_2|-tls1_3|-verify_return_error|-copy_extensions|-help': 'flag',
    },
    subcommands: {
      s_client: {
        operands: 'data',
        rules: [reaches('TLS connection', 'TLS connection', ['openssl s_client -connect example.com:443'])],
      },
      s_time: {
        operands: 'data',
        rules: [reaches('TLS connection', 'TLS connection', ['openssl s_time -connect example.com:443'])],
      },
      ocsp: {
        operands: 'data',
        rules: [reaches('TLS connection', 'TLS connection', ['openssl ocsp -url http://o.io'])],
      },
      ...Object.fromEntries(
        [
          'req',
          'x509',
          'genrsa',
          'genpkey',
          'rsa',
          'ec',
          'ecparam',
          'pkey',
          'pkeyutl',
          'enc',
          'dgst',
          'rand',
          'base64',
          'pkcs12',
          'pkcs7',
          'pkcs8',
          'verify',
          'ca',
          'crl',
          'dhparam',
          'passwd',
          'version',
          'list',
          'speed',
          'smime',
          'cms',
          'asn1parse',
          'sha256',
          'sha1',
          'md5',
          'x25519',
          'kdf',
          'mac',
          'prime',
          'errstr',
          'ciphers',
          'help',
          'storeutl',
          'spkac',
          'srp',
          'ts',
          'nseq',
          'sess_id',
          'crl2pkcs7',
        ].map((name) => [name, { operands: 'read' } satisfies CommandSpec]),
      ),
    },
  },
};
