import type { ProgramFamily } from '../../registry/programFamily';
import { CONTAINER_COMMANDS } from './containerSpecs';

/** The containers family: docker, podman, kubectl, helm and kin. */
export const CONTAINERS_FAMILY: ProgramFamily = {
  specs: [() => CONTAINER_COMMANDS],
};
