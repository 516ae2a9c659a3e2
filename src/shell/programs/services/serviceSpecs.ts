import type { CommandSpecs } from '../../catalog/commandSpec';
import { BACKUP_COMMANDS } from './backupSpecs';
import { FEATURE_FLAG_COMMANDS } from './featureFlagSpecs';
import { HOSTED_SERVICE_COMMANDS } from './hostedServiceSpecs';
import { KEY_VALUE_STORE_COMMANDS } from './keyValueStoreSpecs';
import { MESSAGE_BROKER_COMMANDS } from './messageBrokerSpecs';
import { OBJECT_STORAGE_COMMANDS } from './objectStorageSpecs';
import { SERVER_ADMIN_COMMANDS } from './serverAdminSpecs';
import { STORAGE_SYNC_COMMANDS } from './storageSyncSpecs';
import { WEB_SERVER_COMMANDS } from './webServerSpecs';

/**
 * The command-line clients of services and infrastructure: backup tools, remote and object storage,
 * secret and key-value stores, message brokers, web servers, feature-flag and other hosted
 * services, and the administration commands of servers run here. Their read-only verbs name things
 * the service holds; the verbs that delete, destroy, purge, prune, reset, revoke, disable or stop
 * are SYSTEM_IMPACT, whose details say what and where (serviceFindingDetails.ts).
 */
export const SERVICE_COMMANDS: CommandSpecs = {
  ...BACKUP_COMMANDS,
  ...STORAGE_SYNC_COMMANDS,
  ...OBJECT_STORAGE_COMMANDS,
  ...KEY_VALUE_STORE_COMMANDS,
  ...MESSAGE_BROKER_COMMANDS,
  ...WEB_SERVER_COMMANDS,
  ...FEATURE_FLAG_COMMANDS,
  ...HOSTED_SERVICE_COMMANDS,
  ...SERVER_ADMIN_COMMANDS,
};
