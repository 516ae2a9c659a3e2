import type { CommandReading } from '../../catalog/commandReading';
import type { RuleCheckRegistry } from '../../catalog/reader';

// the signals that end a web server's work: `nginx -s stop|quit`, `httpd -k stop|graceful-stop|restart`;
// a reload or reopen keeps it serving
const STOPPING: ReadonlySet<string> = new Set(['stop', 'quit', 'graceful-stop', 'restart']);
// nginx sends its signal with -s, httpd (and apachectl, which passes it on) with -k
const SIGNAL_OPTIONS: ReadonlySet<string> = new Set(['-s', '-k']);

/** Whether the command tells a running web server to stop or restart; a signal built at run time may. */
function stopsServer(reading: CommandReading): boolean {
  return reading.options.some(
    (option) =>
      SIGNAL_OPTIONS.has(option.name) &&
      (option.value?.value === undefined || STOPPING.has(option.value.value.toLowerCase())),
  );
}

/** The service family's named checks, by the name a rule gives in `when.check`. */
export const SERVICE_RULE_CHECKS: RuleCheckRegistry = { stopsServer };
