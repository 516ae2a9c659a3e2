/** One sample line of the Prometheus text format. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** The text format as scraped: each family's TYPE, and every sample. */
export interface ParsedMetrics {
  readonly types: ReadonlyMap<string, string>;
  readonly samples: readonly Sample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the Prometheus text exposition format; a line that is neither a comment nor a sample throws. */
export function parseMetrics(text: string): ParsedMetrics {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type?.[1] !== undefined && type[2] !== undefined) {
      types.set(type[1], type[2]);
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (sample?.[1] === undefined || sample[3] === undefined) throw new Error(`not a metrics line: ${line}`);
    const labels = Object.fromEntries(
      [...(sample[2] ?? '').matchAll(LABEL)].map((match) => [match[1] ?? '', match[2] ?? '']),
    );
    samples.push({ name: sample[1], labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

/** The sum of the samples named `name` whose labels include `labels` (0 when none). */
export function valueOf(metrics: ParsedMetrics, name: string, labels: Readonly<Record<string, string>> = {}): number {
  return metrics.samples
    .filter(
      (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** Scrapes `GET <url>/metrics` and parses it. */
export async function scrape(url: string, headers: Readonly<Record<string, string>> = {}): Promise<ParsedMetrics> {
  const response = await fetch(`${url}/metrics`, { headers });
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  return parseMetrics(await response.text());
}
