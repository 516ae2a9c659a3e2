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
