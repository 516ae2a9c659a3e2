import { noEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { FindingDetails, Reader, RuleCheckRegistry } from '../../catalog/reader';
import type { RuleMatch } from '../../catalog/ruleMatch';
import { clip } from '../../catalog/ruleFindings';

// which of a gradle or maven line's tasks and goals publish artifacts outward, and where to: a
// rule's check (`when.check`) and the details of its GIT_PUBLISH finding

// gradle's publishing tasks, as a task path ends (`:lib:publish`); publishing to the local
// Maven repository stays on this machine
const GRADLE_PUBLISHING =
  /^(?:publish[A-Za-z0-9]*|upload[A-Za-z0-9]*|artifactoryPublish|bintrayUpload|jib|(?:closeAnd)?[Rr]elease[A-Za-z0-9]*StagingRepositor(?:y|ies))$/;
const TO_LOCAL = /ToMavenLocal$/;
// the repository a publishing task's name ends with (`publishToSonatype`, `...ToNexusRepository`)
const TASK_REPOSITORY = /To([A-Z][A-Za-z0-9]*?)(?:Repository)?$/;

// maven's lifecycle phases that publish, and the plugin goals that do (`deploy:deploy-file`)
const MAVEN_PHASES: ReadonlySet<string> = new Set(['deploy', 'site-deploy']);
const MAVEN_GOALS: ReadonlySet<string> = new Set([
  'deploy:deploy',
  'deploy:deploy-file',
  'release:perform',
  'release:prepare',
  'site:deploy',
  'site:stage-deploy',
  'jib:build',
  'nexus-staging:deploy',
  'nexus-staging:deploy-staged',
  'nexus-staging:release',
  'gpg:sign-and-deploy-file',
  'wagon:upload',
  'wagon:upload-single',
  'scm:checkin',
  'scm:tag',
  'central-publishing:publish',
]);
// `maven-deploy-plugin`, `jib-maven-plugin`: the prefix a goal is known by
const PLUGIN_ARTIFACT = /^(?:maven-(.+)-plugin|(.+)-maven-plugin)$/;

function gradlePublishes(task: string): boolean {
  const name = task.slice(task.lastIndexOf(':') + 1);
  return GRADLE_PUBLISHING.test(name) && !TO_LOCAL.test(name);
}

/** A goal as `prefix:goal`, whether written so or by the plugin's coordinates (`group:artifact[:version]:goal`). */
function mavenGoal(word: string): string {
  const parts = word.split(':');
  if (parts.length < 3) return word;
  const artifact = parts[1] ?? '';
  const match = PLUGIN_ARTIFACT.exec(artifact);
  return `${match?.[1] ?? match?.[2] ?? artifact}:${parts[parts.length - 1] ?? ''}`;
}

function mavenPublishes(word: string): boolean {
  return word.includes(':') ? MAVEN_GOALS.has(mavenGoal(word)) : MAVEN_PHASES.has(word);
}

/** The tasks or goals of the line that publish; a word built at run time may be one. */
function publishing(reading: CommandReading, publishes: (word: string) => boolean): string[] {
  return reading.operands.flatMap((word) =>
    word.value === undefined ? [word.source] : publishes(word.value) ? [word.value] : [],
  );
}

const isMaven = (reading: CommandReading): boolean => (reading.node?.path[0] ?? reading.name).startsWith('mvn');

// gradle's dry run lists the tasks it would run and runs none
const GRADLE_DRY_RUN: ReadonlySet<string> = new Set(['-m', '--dry-run']);

function gradlePublishing(reading: CommandReading): string[] {
  return reading.options.some((option) => GRADLE_DRY_RUN.has(option.name)) ? [] : publishing(reading, gradlePublishes);
}

const mavenPublishing = (reading: CommandReading): string[] => publishing(reading, mavenPublishes);

/** The repository a maven line names (`-DaltDeploymentRepository=id::url`, deploy-file's `-Durl=`), '' when none. */
function mavenRepository(reading: CommandReading): string {
  let repository = '';
  for (const option of reading.options) {
    const value = option.name === '-D' ? (option.value?.value ?? '') : '';
    const equals = value.indexOf('=');
    const key = value.slice(0, equals);
    if (key === 'altDeploymentRepository' || key === 'url')
      repository =
        value
          .slice(equals + 1)
          .split('::')
          .pop() ?? '';
  }
  return repository;
}

function repositoryOf(reading: CommandReading, tasks: readonly string[]): string {
  if (isMaven(reading)) return mavenRepository(reading);
  for (const task of tasks) {
    const named = TO_LOCAL.test(task) ? undefined : TASK_REPOSITORY.exec(task)?.[1];
    if (named !== undefined) return named;
  }
  return '';
}

const publishingOf = (reading: CommandReading): string[] =>
  isMaven(reading) ? mavenPublishing(reading) : gradlePublishing(reading);

/** GIT_PUBLISH details: [the program and its publishing tasks, no branch, the repository]. */
function publishDetails(reading: CommandReading, match: RuleMatch): FindingDetails {
  const tasks = publishingOf(reading);
  return [clip([match.label, ...tasks].join(' ')), '', clip(repositoryOf(reading, tasks))];
}

/** The checks gradle's and maven's publish rules name. */
export const BUILD_PUBLISH_CHECKS: RuleCheckRegistry = {
  gradlePublishTask: (reading) => gradlePublishing(reading).length > 0,
  mavenDeployGoal: (reading) => mavenPublishing(reading).length > 0,
};

/**
 * gradle's and maven's reader: the spec reads the line and its rule finds a publish; this gives
 * the publish's details and the NETWORK_RISK of its upload, since a goal's colon
 * (`release:perform`) is no host.
 */
export const buildPublishReader: Reader = {
  readsArguments: false,
  read(reading) {
    const effects = noEffects();
    const tasks = publishingOf(reading);
    if (tasks.length === 0) return effects;
    effects.findings.push({
      category: 'NETWORK_RISK',
      trigger: reading.name,
      command: reading.command,
      note: 'artifact publish',
      details: [clip(repositoryOf(reading, tasks)), clip([reading.name, ...tasks].join(' ')), 'upload'],
    });
    return effects;
  },
  findingDetails: { publish: publishDetails },
};
