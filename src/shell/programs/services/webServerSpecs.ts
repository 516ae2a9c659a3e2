import type { CommandSpec, CommandSpecs } from '../../catalog/commandSpec';
import { destroying, destroys, naming } from './serviceRules';

// web servers and load balancers: nginx, apachectl and httpd, haproxy, caddy. Testing a
// configuration or printing a version reads; stopping the running server, or signalling its
// processes to end, is SYSTEM_IMPACT. A graceful reload (`nginx -s reload`, `apachectl graceful`,
// `caddy reload`) keeps the server serving and is not asked.

const STOPS_SERVER = 'stops or restarts the web server';

const NGINX: CommandSpec = {
  reader: 'service',
  options: { '-s|-g|-p|-e': 'data', '-c': 'read', '-t|-T|-q|-v|-V|-h|-?': 'flag' },
  operands: 'data',
  rules: [
    destroys(STOPS_SERVER, 'service', ['nginx -s stop', 'nginx -c /etc/nginx/nginx.conf -s quit'], {
      // the signal `-s` sends decides (stopsServer, serviceChecks.ts)
      when: { check: 'stopsServer' },
      notExamples: ['nginx -s reload', 'nginx -s reopen', 'nginx -t', 'nginx -T', 'nginx -V'],
    }),
  ],
};

/** apachectl's own verbs that end the running server's work. */
const APACHE_STOPS = Object.fromEntries(
  ['stop', 'graceful-stop', 'restart'].map((verb) => [
    verb,
    destroying(destroys(STOPS_SERVER, 'service', [`apachectl ${verb}`, `apache2ctl ${verb}`])),
  ]),
);

const APACHECTL: CommandSpec = {
  reader: 'service',
  aliases: ['apache2ctl', 'httpd'],
  // httpd's options, which apachectl passes on; `-k VERB` is httpd's form of the verbs
  options: { '-k|-d|-C|-c|-D|-e': 'data', '-f': 'read', '-E': 'write', '-t|-S|-M|-v|-V|-l|-L|-X|-h': 'flag' },
  operands: 'data',
  rules: [
    destroys(STOPS_SERVER, 'service', ['apachectl -k stop', 'httpd -k graceful-stop', 'httpd -k restart'], {
      when: { check: 'stopsServer' },
      notExamples: ['apachectl -k graceful', 'apachectl -t', 'httpd -S'],
    }),
  ],
  subcommands: {
    ...APACHE_STOPS,
    ...naming(['start', 'graceful', 'configtest', 'status', 'fullstatus']),
  },
};

const HAPROXY: CommandSpec = {
  reader: 'service',
  options: {
    '-f': 'read',
    '-p': 'write',
    '-C|-L|-N|-n|-m|-x|-S': 'data',
    '-c|-v|-vv|-V|-d|-db|-dM|-D|-W|-Ws|-q|-sf|-st|-h': 'flag',
  },
  // the process ids `-sf` and `-st` signal
  operands: 'data',
  rules: [
    destroys(
      'signals the running load balancer processes to end',
      'processes',
      ['haproxy -f /etc/haproxy/haproxy.cfg -sf 4120', 'haproxy -st 4120'],
      {
        when: { options: ['-sf', '-st'] },
        notExamples: ['haproxy -c -f /etc/haproxy/haproxy.cfg', 'haproxy -vv'],
      },
    ),
  ],
};

const CADDY_RUN = {
  options: { '-c|--config|--envfile': 'read', '-a|--adapter|--pidfile': 'data', '--watch|--resume|--environ': 'flag' },
  operands: 'data',
} as const;

const CADDY: CommandSpec = {
  reader: 'service',
  globalOptions: { '--address': 'data', '-h|--help': 'flag' },
  subcommands: {
    stop: destroying(
      destroys('stops the web server', 'service', ['caddy stop', 'caddy stop --address localhost:2019']),
    ),
    run: CADDY_RUN,
    start: CADDY_RUN,
    reload: CADDY_RUN,
    validate: CADDY_RUN,
    adapt: CADDY_RUN,
    fmt: { options: { '--diff': 'flag' }, operands: 'read', with: { '--overwrite|-w': { operands: 'overwrite' } } },
    ...naming(['version', 'list-modules', 'environ', 'build-info', 'hash-password']),
  },
};

/** Web servers and load balancers: nginx, apachectl, haproxy, caddy. */
export const WEB_SERVER_COMMANDS: CommandSpecs = {
  nginx: NGINX,
  apachectl: APACHECTL,
  haproxy: HAPROXY,
  caddy: CADDY,
};
