import type { CommandSpecs } from '../../catalog/commandSpec';
import { destroys, resourceCli, resourceVerbs } from './serviceRules';

// feature-flag services: LaunchDarkly's ldcli and the Unleash CLI, written `PROGRAM RESOURCE VERB`
// (`ldcli flags list`, `unleash features enable my-toggle`). Listing, reading, creating, updating
// and turning a flag on or off name things the service holds; deleting or archiving a flag, a
// project, an environment or a segment takes it away from every application that reads it:
// SYSTEM_IMPACT at the level `service`.

// the notes are ones the prompt's Russian already words (src/approval/evidenceWords.ts)
const DELETES = destroys('deletes a configuration entry', 'service', [
  'ldcli flags delete my-flag --project my-project',
  'ldcli projects delete my-project',
  'unleash projects delete my-project',
]);

// an archived flag is no longer served: applications get their default
const ARCHIVES = destroys('deletes a configuration entry', 'service', [
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
