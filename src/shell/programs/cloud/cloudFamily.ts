import type { ProgramFamily } from '../../registry/programFamily';
import { CLOUD_COMMANDS } from './cloudSpecs';
import { CLOUD_CHECKS } from './cloudChecks';

/** The cloud family: aws, gcloud, az, terraform, pulumi and kin. */
export const CLOUD_FAMILY: ProgramFamily = {
  specs: [() => CLOUD_COMMANDS],
  checks: CLOUD_CHECKS,
};
