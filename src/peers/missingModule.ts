/** Whether `error` says that the package `name` itself could not be found, by require or import (not a module it needs in turn). */
export function isMissingModule(error: unknown, name: string): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') return false;
  return error instanceof Error && (error.message.includes(`'${name}'`) || error.message.includes(`"${name}"`));
}
