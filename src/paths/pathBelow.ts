function components(absolute: string): string[] {
  return absolute.split('/').filter((part) => part !== '');
}

/**
 * The '/'-separated path of target below root ('' for root itself), or undefined when
 * target is not below it. Both are absolute and normalised; whole components are compared,
 * case-sensitively, so '/ws-evil' is not below '/ws'.
 */
export function pathBelow(root: string, target: string): string | undefined {
  const rootParts = components(root);
  const targetParts = components(target);
  if (targetParts.length < rootParts.length) return undefined;
  for (const [index, part] of rootParts.entries()) {
    if (targetParts[index] !== part) return undefined;
  }
  return targetParts.slice(rootParts.length).join('/');
}

/** True when `child` is `parent` or below it, as `pathBelow(parent, child) !== undefined` says of normalised paths, without splitting either. */
export function isAtOrBelow(parent: string, child: string): boolean {
  if (child === parent) return true;
  if (parent === '/') return child.startsWith('/');
  // the '/' after the parent is compared by code, which builds no joined string
  return child.length > parent.length && child.charCodeAt(parent.length) === 47 && child.startsWith(parent);
}
