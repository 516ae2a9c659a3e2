import { environmentProblem, NO_ENVIRONMENT_CODE, type FamilyEnvironment } from '../../catalog/environmentCode';
import { tarOptionsProblem } from './tarOptionsVariable';

/** What the archivers read from the environment: GNU tar's TAR_OPTIONS. */
export const ARCHIVES_ENVIRONMENT: FamilyEnvironment = {
  code: {
    TAR_OPTIONS: (word) => {
      const why = tarOptionsProblem(word);
      return why === undefined ? NO_ENVIRONMENT_CODE : environmentProblem(why);
    },
  },
};
