import type { ProgramFamily } from '../../registry/programFamily';
import { CLOUD_COMMANDS } from './cloudSpecs';

/** The cloud family: aws, gcloud, az, terraform, pulumi and kin. */
export const CLOUD_FAMILY: ProgramFamily = {
  specs: [() => CLOUD_COMMANDS],
};
