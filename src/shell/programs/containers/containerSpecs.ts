import type { CommandSpec, CommandSpecs, OptionKind, RuleSpec } from '../../catalog/commandSpec';

// Container engines and cluster clients: which subcommands reach the network, publish images,
// remove containers or change a cluster, and which run a command in a container (analysed like
// ssh's remote command: its sudo or rm still matters to the user).

const DATA = { operands: 'data' } as const;

const IMAGE_DOWNLOAD: RuleSpec = {
  category: 'NETWORK_RISK',
  note: 'image download or container run',
  purpose: 'image download',
  examples: ['docker pull alpine', 'docker run --rm alpine echo hi', 'podman pull alpine'],
};
const IMAGE_PUSH: RuleSpec = {
  category: 'GIT_PUBLISH',
  note: 'image push',
  purpose: 'image upload',
  examples: ['docker push ghcr.io/o/app:1.0'],
};
const REMOVAL: RuleSpec = {
  category: 'SYSTEM_IMPACT',
  note: 'container or image removal',
  level: 'containers',
  examples: ['docker rm -f web', 'docker system prune -af', 'docker compose down -v'],
};

const RUN_OPTIONS: Record<string, OptionKind> = {
  '-e|--env|-l|--label|-p|--publish|--name|--network|--net|--network-alias|-u|--user|-w|--workdir': 'data',
  '--entrypoint|--platform|--pull|--restart|-m|--memory|--memory-swap|--cpus|--cpu-shares|-c|--cpuset-cpus': 'data',
  '--gpus|--hostname|-h|--add-host|--dns|--dns-search|--dns-option|--mac-address|--ip|--ip6|--cap-add': 'data',
  '--cap-drop|--security-opt|--device|--ulimit|--log-driver|--log-opt|--stop-signal|--stop-timeout': 'data',
  '--health-cmd|--health-interval|--health-retries|--health-timeout|--health-start-period|--shm-size': 'data',
  '--tmpfs|--expose|--pid|--ipc|--uts|--userns|--cgroupns|--cgroup-parent|--runtime|--storage-opt|--sysctl': 'data',
  '--attach|-a|--detach-keys|--group-add|--link|--isolation|--kernel-memory|--oom-score-adj|--pids-limit': 'data',
  '--volume-driver|--volumes-from|--annotation|--cidfile': 'data',
  // a bind mount lets the container change the host's files: read here as data, the mount's host folder is not checked
  '-v|--volume|--mount': 'data',
  '--env-file|--label-file': 'read',
  '-d|--detach|-i|--interactive|-t|--tty|--rm|--privileged|--init|-P|--publish-all|--read-only': 'flag',
  '--no-healthcheck|--oom-kill-disable|--sig-proxy|-q|--quiet|--help': 'flag',
};

const EXEC: CommandSpec = {
  options: {
    '-e|--env|-u|--user|-w|--workdir|--detach-keys': 'data',
    '--env-file': 'read',
    '-d|--detach|-i|--interactive|-t|--tty|--privileged': 'flag',
  },
  operands: { leading: ['data'], rest: 'command' },
};

const RUN: CommandSpec = {
  options: RUN_OPTIONS,
  operands: { leading: ['data'], rest: 'command' },
  rules: [IMAGE_DOWNLOAD],
};
const BUILD: CommandSpec = {
  options: {
    '-t|--tag|--build-arg|--target|--platform|--network|--label|--cache-from|--cache-to|--secret|--ssh': 'data',
    '--progress|--add-host|--builder|--output|-o|--iidfile|--metadata-file|--shm-size|--ulimit|--allow': 'data',
    '-f|--file': 'read',
    '--no-cache|--pull|-q|--quiet|--rm|--force-rm|--load|--push|--squash': 'flag',
  },
  operands: 'read',
  rules: [IMAGE_DOWNLOAD],
};

const COMPOSE: CommandSpec = {
  options: {
    '-f|--file|--env-file': 'read',
    '-p|--project-name|--profile|--project-directory|--ansi|--progress|--parallel': 'data',
    '--compatibility|--dry-run|--all-resources': 'flag',
  },
  subcommands: {
    up: {
      options: {
        '--scale|-t|--timeout|--wait-timeout|--exit-code-from|--pull': 'data',
        '-d|--detach|--build|--no-build|--force-recreate|--no-recreate|--no-deps|--remove-orphans': 'flag',
        '--abort-on-container-exit|--wait|-V|--renew-anon-volumes|--no-start|--quiet-pull': 'flag',
        '--always-recreate-deps|-y|--yes': 'flag',
      },
      operands: 'data',
      rules: [IMAGE_DOWNLOAD],
    },
    pull: {
      options: { '-q|--quiet|--ignore-pull-failures|--include-deps|--policy': 'flag' },
      operands: 'data',
      rules: [IMAGE_DOWNLOAD],
    },
    build: {
      options: {
        '--build-arg|--progress|--ssh': 'data',
        '--no-cache|--pull|-q|--quiet|--push|--with-dependencies': 'flag',
      },
      operands: 'data',
      rules: [IMAGE_DOWNLOAD],
    },
    run: {
      options: { ...RUN_OPTIONS, '--service-ports|--use-aliases|--no-deps|--build|--remove-orphans': 'flag' },
      operands: { leading: ['data'], rest: 'command' },
      rules: [IMAGE_DOWNLOAD],
    },
    create: { operands: 'data', rules: [IMAGE_DOWNLOAD] },
    push: { operands: 'data', rules: [IMAGE_PUSH] },
    down: {
      options: { '-t|--timeout|--rmi': 'data', '-v|--volumes|--remove-orphans': 'flag' },
      operands: 'data',
      rules: [REMOVAL],
    },
    rm: { options: { '-f|--force|-s|--stop|-v|--volumes': 'flag' }, operands: 'data', rules: [REMOVAL] },
    kill: { options: { '-s|--signal': 'data', '--remove-orphans': 'flag' }, operands: 'data', rules: [REMOVAL] },
    exec: { ...EXEC, options: { ...EXEC.options, '--index|-T|--no-TTY': 'flag' } },
    ...Object.fromEntries(
      [
        'ps',
        'logs',
        'config',
        'stop',
        'start',
        'restart',
        'ls',
        'images',
        'top',
        'port',
        'version',
        'events',
        'pause',
        'unpause',
        'ls',
        'watch',
        'stats',
      ].map((name) => [name, DATA]),
    ),
  },
};

const DOCKER: CommandSpec = {
  aliases: ['podman'],
  options: {
    '-H|--host|--context|-c|-l|--log-level|--tlscacert|--tlscert|--tlskey': 'data',
    '--config': 'data',
    '-D|--debug|--tls|--tlsverify|-v|--version|--help': 'flag',
  },
  subcommands: {
    run: RUN,
    create: RUN,
    exec: EXEC,
    build: BUILD,
    buildx: {
      subcommands: {
        build: BUILD,
        bake: BUILD,
        imagetools: { subcommands: { create: { operands: 'data', rules: [IMAGE_PUSH] }, inspect: DATA } },
        ls: DATA,
        create: DATA,
        use: DATA,
        rm: DATA,
        inspect: DATA,
        du: DATA,
        prune: DATA,
        version: DATA,
      },
    },
    pull: {
      options: { '-a|--all-tags|-q|--quiet|--disable-content-trust': 'flag', '--platform': 'data' },
      operands: 'data',
      rules: [IMAGE_DOWNLOAD],
    },
    push: {
      options: { '-a|--all-tags|-q|--quiet|--disable-content-trust': 'flag' },
      operands: 'data',
      rules: [IMAGE_PUSH],
    },
    login: {
      options: { '-u|--username|-p|--password': 'data', '--password-stdin': 'flag' },
      operands: 'data',
      rules: [{ ...IMAGE_DOWNLOAD, examples: ['docker login ghcr.io'] }],
    },
    search: { operands: 'data', rules: [{ ...IMAGE_DOWNLOAD, examples: ['docker search alpine'] }] },
    rm: { options: { '-f|--force|-l|--link|-v|--volumes': 'flag' }, operands: 'data', rules: [REMOVAL] },
    rmi: { options: { '-f|--force|--no-prune': 'flag' }, operands: 'data', rules: [REMOVAL] },
    kill: { options: { '-s|--signal': 'data' }, operands: 'data', rules: [REMOVAL] },
    stop: { options: { '-t|--time|-s|--signal': 'data' }, operands: 'data', rules: [REMOVAL] },
    container: {
      subcommands: {
        run: RUN,
        create: RUN,
        exec: EXEC,
        rm: { options: { '-f|--force|-v|--volumes': 'flag' }, operands: 'data', rules: [REMOVAL] },
        kill: { operands: 'data', rules: [REMOVAL] },
        stop: { operands: 'data', rules: [REMOVAL] },
        prune: { options: { '-f|--force': 'flag', '--filter': 'data' }, operands: 'data', rules: [REMOVAL] },
        ...Object.fromEntries(
          [
            'ls',
            'list',
            'ps',
            'inspect',
            'logs',
            'start',
            'restart',
            'top',
            'stats',
            'port',
            'diff',
            'wait',
            'attach',
            'pause',
            'unpause',
            'rename',
            'update',
          ].map((name) => [name, DATA]),
        ),
        cp: { operands: { rest: 'read', last: 'overwrite', remote: true } },
      },
    },
    image: {
      subcommands: {
        pull: { operands: 'data', rules: [IMAGE_DOWNLOAD] },
        push: { operands: 'data', rules: [IMAGE_PUSH] },
        build: BUILD,
        rm: { options: { '-f|--force|--no-prune': 'flag' }, operands: 'data', rules: [REMOVAL] },
        prune: { options: { '-a|--all|-f|--force': 'flag', '--filter': 'data' }, operands: 'data', rules: [REMOVAL] },
        save: { options: { '-o|--output': 'overwrite' }, operands: 'data' },
        load: { options: { '-i|--input': 'read', '-q|--quiet': 'flag' }, operands: 'data' },
        ...Object.fromEntries(['ls', 'list', 'inspect', 'history', 'tag', 'import'].map((name) => [name, DATA])),
      },
    },
    volume: {
      subcommands: {
        rm: { options: { '-f|--force': 'flag' }, operands: 'data', rules: [REMOVAL] },
        prune: { options: { '-a|--all|-f|--force': 'flag' }, operands: 'data', rules: [REMOVAL] },
        ls: DATA,
        create: DATA,
        inspect: DATA,
      },
    },
    network: {
      subcommands: {
        rm: { operands: 'data', rules: [REMOVAL] },
        prune: { options: { '-f|--force': 'flag' }, operands: 'data', rules: [REMOVAL] },
        ls: DATA,
        create: DATA,
        inspect: DATA,
        connect: DATA,
        disconnect: DATA,
      },
    },
    system: {
      subcommands: {
        prune: {
          options: { '-a|--all|-f|--force|--volumes': 'flag', '--filter': 'data' },
          operands: 'data',
          rules: [REMOVAL],
        },
        df: DATA,
        info: DATA,
        events: DATA,
      },
    },
    manifest: {
      subcommands: { push: { operands: 'data', rules: [IMAGE_PUSH] }, create: DATA, inspect: DATA, annotate: DATA },
    },
    compose: COMPOSE,
    cp: {
      options: { '-a|--archive|-L|--follow-link|-q|--quiet': 'flag' },
      operands: { rest: 'read', last: 'overwrite', remote: true },
    },
    save: { options: { '-o|--output': 'overwrite' }, operands: 'data' },
    load: { options: { '-i|--input': 'read', '-q|--quiet': 'flag' }, operands: 'data' },
    export: { options: { '-o|--output': 'overwrite' }, operands: 'data' },
    ...Object.fromEntries(
      [
        'ps',
        'images',
        'logs',
        'inspect',
        'start',
        'restart',
        'pause',
        'unpause',
        'top',
        'stats',
        'port',
        'tag',
        'commit',
        'history',
        'diff',
        'events',
        'attach',
        'wait',
        'update',
        'rename',
        'info',
        'version',
        'context',
        'import',
        'logout',
        'init',
        'scout',
        'plugin',
        'trust',
      ].map((name) => [name, DATA]),
    ),
  },
};

const KUBE_CHANGE: RuleSpec = {
  category: 'SYSTEM_IMPACT',
  note: 'cluster change',
  level: 'infrastructure',
  examples: ['kubectl delete pod web-1', 'kubectl --context prod apply -f k8s/'],
};
const CLOUD_CALL: RuleSpec = {
  category: 'NETWORK_RISK',
  note: 'cloud or cluster API call',
  purpose: 'cloud API call',
  examples: ['kubectl get pods', 'helm list -A'],
};
const MANIFESTS = {
  '-f|--filename|-k|--kustomize': 'read',
  '-R|--recursive|--dry-run|--server-side|--force|--wait|--prune|--all|-o|--output': 'flag',
} as const;

const KUBECTL: CommandSpec = {
  aliases: ['oc'],
  globalOptions: {
    '--context|-n|--namespace|--cluster|--user|-s|--server|--token|--as|--as-group|--request-timeout': 'data',
    '--tls-server-name|-v|--cache-dir|-l|--selector|-o|--output|--field-selector|--template|--sort-by|-c': 'data',
    '--container|--since|--tail|--timeout|--grace-period|--type|--image|--port|--replicas': 'data',
    '--current-replicas|--field-manager|--overrides|--restart': 'data',
    '--kubeconfig|--certificate-authority|--client-certificate|--client-key': 'read',
    '-A|--all-namespaces|-w|--watch|--show-labels|--no-headers|--insecure-skip-tls-verify|-i|--stdin|-t': 'flag',
    '--tty|-q|--quiet|--previous|-p|--follow|--overwrite|--local|--record|--validate|--rm|--help|-h': 'flag',
  },
  rules: [CLOUD_CALL],
  subcommands: {
    ...Object.fromEntries(
      ['apply', 'create', 'delete', 'replace'].map((name) => [
        name,
        { options: MANIFESTS, operands: 'data', rules: [KUBE_CHANGE] },
      ]),
    ),
    ...Object.fromEntries(
      [
        'patch',
        'edit',
        'scale',
        'autoscale',
        'rollout',
        'drain',
        'cordon',
        'uncordon',
        'taint',
        'label',
        'annotate',
        'set',
        'expose',
        'run',
        'debug',
      ].map((name) => [name, { operands: 'data', rules: [KUBE_CHANGE] }]),
    ),
    exec: { operands: { leading: ['data'], rest: 'command', optionsAfterLeading: true }, rules: [KUBE_CHANGE] },
    cp: { operands: { rest: 'read', last: 'overwrite', remote: true }, rules: [KUBE_CHANGE] },
    ...Object.fromEntries(
      [
        'get',
        'describe',
        'logs',
        'top',
        'explain',
        'api-resources',
        'api-versions',
        'version',
        'config',
        'cluster-info',
        'auth',
        'diff',
        'port-forward',
        'proxy',
        'attach',
        'wait',
        'events',
        'certificate',
        'plugin',
        'completion',
        'kustomize',
        'whoami',
        'project',
        'projects',
        'status',
        'login',
        'logout',
      ].map((name) => [name, DATA]),
    ),
  },
};

const HELM_CHANGE: RuleSpec = {
  category: 'SYSTEM_IMPACT',
  note: 'cluster change',
  level: 'infrastructure',
  examples: ['helm install web ./chart', 'helm uninstall web'],
};

/** Container engines, cluster clients and helm. */
export const CONTAINER_COMMANDS: CommandSpecs = {
  docker: DOCKER,
  'docker-compose': COMPOSE,
  kubectl: KUBECTL,
  helm: {
    globalOptions: {
      '--kube-context|-n|--namespace|--registry-config|--repository-config|--repository-cache|--version': 'data',
      '--set|--set-string|--set-file|--values|-f|--timeout|--description|-o|--output': 'data',
      '--kubeconfig': 'read',
      '--debug|--wait|--atomic|--dry-run|--create-namespace|--install|-i|--force|--reuse-values|--reset-values|-A|--all-namespaces|--devel|-h|--help':
        'flag',
    },
    rules: [CLOUD_CALL],
    subcommands: {
      ...Object.fromEntries(
        ['install', 'upgrade', 'uninstall', 'delete', 'rollback'].map((name) => [
          name,
          { operands: 'data', rules: [HELM_CHANGE] },
        ]),
      ),
      push: {
        operands: 'read',
        rules: [
          { category: 'GIT_PUBLISH', note: 'chart push', purpose: 'upload', examples: ['helm push chart.tgz oci://r'] },
        ],
      },
      package: { options: { '-d|--destination': 'write' }, operands: 'read' },
      template: { operands: 'data', options: { '--output-dir': 'write' } },
      ...Object.fromEntries(
        [
          'list',
          'ls',
          'status',
          'get',
          'show',
          'inspect',
          'search',
          'repo',
          'dependency',
          'dep',
          'pull',
          'fetch',
          'lint',
          'history',
          'test',
          'version',
          'env',
          'plugin',
          'registry',
          'verify',
          'create',
          'completion',
        ].map((name) => [name, DATA]),
      ),
    },
  },
};
