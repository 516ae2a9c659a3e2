import { IntentGateError } from './IntentGateError';

/**
 * An optional peer dependency a feature needs could not be loaded (not installed, or too old):
 * `packageName` names it, `installCommand` says how to add it.
 */
export class PeerDependencyError extends IntentGateError {
  readonly packageName: string;
  readonly installCommand: string;

  constructor(packageName: string, feature: string, options?: { installCommand?: string; cause?: unknown }) {
    const installCommand = options?.installCommand ?? `npm install ${packageName}`;
    super(
      'peer_dependency_missing',
      `Peer dependency missing: ${feature} needs the optional peer dependency ${packageName}, which cannot be loaded; install it with \`${installCommand}\`.`,
      { cause: options?.cause },
    );
    this.name = 'PeerDependencyError';
    this.packageName = packageName;
    this.installCommand = installCommand;
  }
}
