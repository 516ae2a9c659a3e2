import type { ProgramFamily } from '../../registry/programFamily';
import { SERVICE_COMMANDS } from './serviceSpecs';
import { serviceReader } from './serviceFindingDetails';
import { objectStorageReader } from './objectStorageReader';
import { SERVICE_RULE_CHECKS } from './serviceChecks';

/** The services family: backup tools, secret stores, message brokers, object stores and web servers. */
export const SERVICES_FAMILY: ProgramFamily = {
  specs: [() => SERVICE_COMMANDS],
  readers: { service: serviceReader, objectStorage: objectStorageReader },
  checks: SERVICE_RULE_CHECKS,
};
