import { environmentProblem, type FamilyEnvironment } from '../../catalog/environmentCode';

/**
 * What npm reads from the environment: its configuration, where these choose the shell its
 * scripts run in, another configuration file, or the programs it starts.
 */
export const NODE_ENVIRONMENT: FamilyEnvironment = {
  codePatterns: [
    {
      pattern:
        /^npm_config_(?:script[_-]shell|shell|userconfig|globalconfig|node[_-]options|onload[_-]script|prefix|git|node[_-]gyp)$/i,
      examples: ['npm_config_script_shell', 'NPM_CONFIG_USERCONFIG', 'npm_config_node-options'],
      read: (_word, name) => environmentProblem(`${name} chooses the shell or configuration npm runs scripts with`),
    },
  ],
};
