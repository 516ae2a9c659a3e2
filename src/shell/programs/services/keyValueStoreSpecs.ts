import type { CommandSpec, CommandSpecs, OptionKind } from '../../catalog/commandSpec';
import { destroying, destroys, goFlags, naming } from './serviceRules';

// secret and key-value stores: vault, consul, etcdctl. Reading a key or listing a path names
// things in the store, never files here; deleting, destroying, revoking or disabling is
// SYSTEM_IMPACT, at the level of what it takes away: data (`database`), access (`privileges`)
// or a running member (`service`).

const VAULT_OPTIONS: Record<string, OptionKind> = {
  [goFlags(
    'address|agent-address|header|mfa|namespace|ns|policy-override|tls-server-name|wrap-ttl|format|' +
      'field|mount|version|versions|cas|method|path|description|plugin-name|default-lease-ttl|' +
      'max-lease-ttl|options|accessor|mode|ttl|explicit-max-ttl|period|policy|display-name|type|role|metadata|increment|id',
  )]: 'data',
  [goFlags('ca-cert|ca-path|client-cert|client-key')]: 'read',
  [goFlags(
    'tls-skip-verify|output-curl-string|output-policy|disable-redirects|non-interactive|detailed|' +
      'force|f|prefix|sync|self|local|seal-wrap|no-store|token-only|no-print|orphan|help|h',
  )]: 'flag',
};

const VAULT: CommandSpec = {
  reader: 'service',
  globalOptions: VAULT_OPTIONS,
  subcommands: {
    delete: destroying(destroys('deletes secrets', 'database', ['vault delete secret/app/config'])),
    kv: {
      subcommands: {
        delete: destroying(destroys('deletes secrets', 'database', ['vault kv delete -mount=secret app/config'])),
        destroy: destroying(
          destroys('destroys secret versions for good', 'database', ['vault kv destroy -versions=1-3 secret/app']),
        ),
        metadata: {
          subcommands: {
            ...naming(['get', 'put', 'patch']),
            delete: destroying(
              destroys('deletes every version of secrets', 'database', ['vault kv metadata delete secret/app']),
            ),
          },
        },
        ...naming(['get', 'list', 'put', 'patch', 'undelete', 'rollback', 'enable-versioning']),
      },
    },
    policy: {
      subcommands: {
        delete: destroying(destroys('deletes an access policy', 'privileges', ['vault policy delete app-policy'])),
        // the policy's name, then the file it is read from
        write: { operands: { leading: ['data'], rest: 'read' } },
        fmt: { operands: 'overwrite' },
        ...naming(['list', 'read']),
      },
    },
    secrets: {
      subcommands: {
        disable: destroying(
          destroys('disables a secrets engine, deleting its secrets', 'database', ['vault secrets disable kv/']),
        ),
        ...naming(['list', 'enable', 'tune', 'move']),
      },
    },
    auth: {
      subcommands: {
        disable: destroying(
          destroys('disables an auth method, revoking its tokens', 'privileges', ['vault auth disable github']),
        ),
        ...naming(['list', 'enable', 'tune', 'move', 'help']),
      },
    },
    audit: {
      subcommands: {
        disable: destroying(destroys('disables an audit device', 'service', ['vault audit disable file/'])),
        ...naming(['list', 'enable']),
      },
    },
    lease: {
      subcommands: {
        revoke: destroying(destroys('revokes leases', 'privileges', ['vault lease revoke -prefix aws/creds'])),
        ...naming(['lookup', 'renew']),
      },
    },
    token: {
      subcommands: {
        revoke: destroying(destroys('revokes tokens', 'privileges', ['vault token revoke 96ddf4bc'])),
        ...naming(['lookup', 'capabilities', 'create', 'renew']),
      },
    },
    namespace: {
      subcommands: {
        delete: destroying(
          destroys('deletes a namespace and what it holds', 'database', ['vault namespace delete team']),
        ),
        ...naming(['list', 'lookup', 'create', 'patch']),
      },
    },
    plugin: {
      subcommands: {
        deregister: destroying(
          destroys('deregisters a plugin', 'service', ['vault plugin deregister secret my-plugin']),
        ),
        ...naming(['list', 'info', 'register', 'reload']),
      },
    },
    operator: {
      subcommands: {
        seal: destroying(destroys('seals the server: every request fails', 'service', ['vault operator seal'])),
        'step-down': destroying(destroys('makes the active server step down', 'service', ['vault operator step-down'])),
        raft: {
          subcommands: {
            'remove-peer': destroying(
              destroys('removes a server from the cluster', 'service', ['vault operator raft remove-peer node2']),
            ),
            snapshot: {
              subcommands: {
                save: { operands: 'overwrite' },
                restore: destroying(
                  destroys('replaces every secret with a snapshot', 'database', [
                    'vault operator raft snapshot restore backup.snap',
                  ]),
                  { operands: 'read' },
                ),
                inspect: { operands: 'read' },
              },
            },
            ...naming(['list-peers', 'join']),
          },
        },
        ...naming(['members', 'key-status', 'init', 'unseal', 'usage']),
      },
    },
    ...naming(['read', 'list', 'write', 'patch', 'status', 'version', 'login', 'path-help', 'print', 'unwrap']),
  },
};

const CONSUL_OPTIONS: Record<string, OptionKind> = {
  [goFlags(
    'http-addr|token|tls-server-name|datacenter|namespace|partition|peer|separator|cas|modify-index|' +
      'flags|session|id|kind|name|type|key|prefix|service|tag|state|reason|install|use|remove|description|rules|policy-name|policy-id|accessor-id|format',
  )]: 'data',
  [goFlags('token-file|ca-file|ca-path|client-cert|client-key')]: 'read',
  [goFlags('stale|recurse|keys|detailed|base64|acquire|release|list|enable|disable|passingonly|shell|help|h')]: 'flag',
};

/** consul's ACL objects: reads and changes name them, deletions are SYSTEM_IMPACT. */
function consulAcl(object: string): CommandSpec {
  return {
    subcommands: {
      delete: destroying(
        destroys(`deletes an ACL ${object}`, 'privileges', [`consul acl ${object} delete -id 0ba7a5b2`]),
      ),
      ...naming(['list', 'read', 'create', 'update']),
    },
  };
}

const CONSUL: CommandSpec = {
  reader: 'service',
  globalOptions: CONSUL_OPTIONS,
  subcommands: {
    kv: {
      subcommands: {
        delete: destroying(destroys('deletes keys', 'database', ['consul kv delete -recurse app/'])),
        ...naming(['get', 'put', 'export', 'import']),
      },
    },
    acl: {
      subcommands: {
        ...Object.fromEntries(
          ['policy', 'token', 'role', 'auth-method', 'binding-rule'].map((object) => [object, consulAcl(object)]),
        ),
        ...naming(['bootstrap']),
      },
    },
    services: {
      subcommands: {
        deregister: destroying(destroys('deregisters a service', 'service', ['consul services deregister -id web'])),
        register: { operands: 'read' },
      },
    },
    snapshot: {
      subcommands: {
        save: { operands: 'overwrite' },
        restore: destroying(
          destroys('replaces the whole cluster state with a snapshot', 'database', [
            'consul snapshot restore backup.snap',
          ]),
          { operands: 'read' },
        ),
        inspect: { operands: 'read' },
      },
    },
    intention: {
      subcommands: {
        delete: destroying(destroys('deletes a service intention', 'privileges', ['consul intention delete web db'])),
        ...naming(['list', 'get', 'check', 'match', 'create']),
      },
    },
    config: {
      subcommands: {
        delete: destroying(
          destroys('deletes a configuration entry', 'service', [
            'consul config delete -kind service-defaults -name web',
          ]),
        ),
        write: { operands: 'read' },
        ...naming(['list', 'read']),
      },
    },
    operator: {
      subcommands: {
        raft: {
          subcommands: {
            'remove-peer': destroying(
              destroys('removes a server from the cluster', 'service', ['consul operator raft remove-peer -id node2']),
            ),
            ...naming(['list-peers']),
          },
        },
      },
    },
    leave: destroying(destroys('makes the agent leave the cluster', 'service', ['consul leave'])),
    'force-leave': destroying(destroys('forces a member out of the cluster', 'service', ['consul force-leave node2'])),
    keyring: {
      operands: 'data',
      rules: [
        destroys('removes a gossip encryption key', 'privileges', ['consul keyring -remove pUqJrVyVRj5jsiYEkM/tFQ=='], {
          when: { options: ['-remove', '--remove'] },
          notExamples: ['consul keyring -list'],
        }),
      ],
    },
    maint: {
      operands: 'data',
      rules: [
        destroys('takes a node or service out of rotation', 'service', ['consul maint -enable -reason deploy'], {
          when: { options: ['-enable', '--enable'] },
          notExamples: ['consul maint', 'consul maint -disable'],
        }),
      ],
    },
    // the key prefix, then the command it runs holding the lock, through a shell
    lock: { operands: { leading: ['data'], rest: 'shell' } },
    // the handler it runs on each change, through a shell
    watch: { operands: { rest: 'shell' } },
    catalog: { subcommands: naming(['datacenters', 'nodes', 'services']) },
    ...naming(['members', 'info', 'version', 'monitor', 'reload', 'join']),
  },
};

const ETCDCTL: CommandSpec = {
  reader: 'service',
  unknownOptions: 'data',
  globalOptions: {
    '--endpoints|--user|--password|--dial-timeout|--command-timeout|--keepalive-time|--keepalive-timeout': 'data',
    '-w|--write-out|--discovery-srv|--discovery-srv-name|--rev|--limit|--sort-by|--order|--consistency': 'data',
    '--lease': 'data',
    '--cacert|--cert|--key': 'read',
    '--insecure-transport|--insecure-skip-tls-verify|--insecure-discovery|--debug|--hex|--prefix': 'flag',
    '--from-key|--keys-only|--print-value-only|--count-only|--prev-kv|--ignore-value|--ignore-lease': 'flag',
    '--physical|-h|--help': 'flag',
  },
  subcommands: {
    del: destroying(destroys('deletes keys', 'database', ['etcdctl del /config/app', 'etcdctl del --prefix /app'])),
    compaction: destroying(destroys('discards the history of every key', 'database', ['etcdctl compaction 1234'])),
    lease: {
      subcommands: {
        revoke: destroying(
          destroys('revokes a lease, deleting its keys', 'database', ['etcdctl lease revoke 694d5765']),
        ),
        ...naming(['grant', 'timetolive', 'list', 'keep-alive']),
      },
    },
    member: {
      subcommands: {
        remove: destroying(
          destroys('removes a member from the cluster', 'service', ['etcdctl member remove 8e9e05c5']),
        ),
        ...naming(['list', 'add', 'update', 'promote']),
      },
    },
    user: {
      subcommands: {
        delete: destroying(destroys('deletes a user', 'privileges', ['etcdctl user delete alice'])),
        'revoke-role': destroying(destroys('revokes a role', 'privileges', ['etcdctl user revoke-role alice admin'])),
        ...naming(['add', 'get', 'list', 'passwd', 'grant-role']),
      },
    },
    role: {
      subcommands: {
        delete: destroying(destroys('deletes a role', 'privileges', ['etcdctl role delete admin'])),
        'revoke-permission': destroying(
          destroys('revokes a permission', 'privileges', ['etcdctl role revoke-permission admin /app']),
        ),
        ...naming(['add', 'get', 'list', 'grant-permission']),
      },
    },
    auth: {
      subcommands: {
        disable: destroying(destroys('turns authentication off', 'privileges', ['etcdctl auth disable'])),
        ...naming(['enable', 'status']),
      },
    },
    'move-leader': destroying(
      destroys('moves the leadership to another member', 'service', ['etcdctl move-leader 8e9e05c5']),
    ),
    snapshot: {
      subcommands: {
        save: { operands: 'overwrite' },
        restore: {
          options: {
            '--data-dir|--wal-dir': 'write',
            '--name|--initial-cluster|--initial-cluster-token|--initial-advertise-peer-urls': 'data',
            '--skip-hash-check': 'flag',
          },
          operands: 'read',
        },
        status: { operands: 'read' },
      },
    },
    endpoint: { subcommands: naming(['health', 'status', 'hashkv']) },
    alarm: { subcommands: naming(['list', 'disarm']) },
    check: { subcommands: naming(['perf', 'datascale']) },
    // the key, then a command run on each change, after `--`
    watch: { operands: { leading: ['data'], rest: 'command', optionsAfterLeading: true } },
    // the lock's name, then the command run holding it
    lock: { operands: { leading: ['data'], rest: 'command', optionsAfterLeading: true } },
    ...naming(['get', 'put', 'version', 'elect']),
  },
};

/** Secret and key-value stores: vault, consul, etcdctl. */
export const KEY_VALUE_STORE_COMMANDS: CommandSpecs = { vault: VAULT, consul: CONSUL, etcdctl: ETCDCTL };
