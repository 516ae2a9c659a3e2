import type { CommandSpecs } from '../../catalog/commandSpec';
import { destroys, resourceCli, resourceVerbs } from './serviceRules';

// feature-flag services: LaunchDarkly's ldcli and the Unleash CLI, written `PROGRAM RESOURCE VERB`
// (`ldcli flags list`, `unleash features enable my-toggle`). Listing, reading, creating, updating
// and turning a flag on or off name things the service holds; deleting or archiving a flag, a
// project, an environment or a segment takes it away from every application that reads it:
// SYSTEM_IMPACT at the level `service`.

const DELETES = destroys('deletes feature flags or what holds them', 'service', [
  'ldcli flags delete my-flag --project my-project',
  'ldcli projects delete my-project',
  'unleash projects delete my-project',
]);

const ARCHIVES = destroys('archives feature flags: applications no longer get them', 'service', [
  'ldcli flags archive my-flag --project my-project',
  'unleash features archive my-toggle',
]);

const READS = ['list', 'get', 'create', 'update', 'replace', 'enable', 'disable', 'toggle', 'copy'];

/** ldcli (LaunchDarkly) and unleash. */
export const FEATURE_FLAG_COMMANDS: CommandSpecs = {
  ldcli: resourceCli(resourceVerbs(READS, { delete: DELETES, archive: ARCHIVES }), {
    login: { operands: 'data' },
    config: { unknownOptions: 'data', operands: 'data' },
  }),
  unleash: resourceCli(resourceVerbs(READS, { delete: DELETES, archive: ARCHIVES })),
};
