import type { CommandReading } from '../../catalog/commandReading';
import type { ProgramRequest } from '../../catalog/reader';

// How curl's and wget's options shape their request, for the details of their NETWORK_RISK findings

const UPLOADING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);
// the data options besides the `--data*` family
const CURL_DATA_OPTIONS: ReadonlySet<string> = new Set(['-d', '-F', '--form', '--json']);

function given(reading: CommandReading, names: readonly string[]): boolean {
  return reading.options.some((option) => names.includes(option.name));
}

/** curl's method: -X as given, else PUT for an upload, POST for data, HEAD for -I; it uploads when it sends data. */
export function curlRequest(reading: CommandReading): ProgramRequest {
  const explicit = reading.options.find((option) => option.name === '-X' || option.name === '--request')?.value?.value;
  const data = reading.options.some((option) => option.name.startsWith('--data') || CURL_DATA_OPTIONS.has(option.name));
  const put = given(reading, ['-T', '--upload-file']);
  const method = explicit ?? (put ? 'PUT' : data ? 'POST' : given(reading, ['-I', '--head']) ? 'HEAD' : '');
  return { method, upload: data || put || UPLOADING_METHODS.has(method.toUpperCase()) };
}

/** wget sends a body with `--post-data`, `--post-file` or `--method`: then it is shown as a POST that uploads. */
export function wgetRequest(reading: CommandReading): ProgramRequest {
  const upload = reading.options.some((option) => option.name.startsWith('--post') || option.name === '--method');
  return { method: upload ? 'POST' : '', upload };
}
