import { operandEffects, optionEffects } from '../../catalog/argumentEffects';
import { noEffects, type CommandEffects, type PathEffect } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader } from '../../catalog/reader';
import type { ShellWord } from '../../words/shellWord';

// the options that make the last operand a file to replace, not a folder to put things in
const NO_TARGET_FOLDER: ReadonlySet<string> = new Set(['-T', '--no-target-directory', '--exchange']);
// ln -n replaces a link to a folder named without a trailing slash rather than linking inside it
const REPLACES_LINK: ReadonlySet<string> = new Set(['-n', '--no-dereference']);
const TARGET_OPTION: ReadonlySet<string> = new Set(['-t', '--target-directory']);

/**
 * The folder mv, cp or ln puts what it moves, copies or links into, when the line shows that
 * the target is one: `-t DIR`, a target written with a trailing slash (`archive/`: the kernel
 * then refuses anything but a folder, so a link never lands at that name), or several sources
 * (the target must be a folder, or nothing happens).
 */
function targetFolder(reading: CommandReading): ShellWord | undefined {
  const names = new Set(reading.options.map((option) => option.name));
  if ([...NO_TARGET_FOLDER].some((name) => names.has(name))) return undefined;
  const option = reading.options.find((given) => TARGET_OPTION.has(given.name));
  if (option !== undefined) return option.value;
  const target = reading.operands.at(-1);
  if (reading.operands.length < 2 || target?.value === undefined) return undefined;
  if (target.value.endsWith('/')) return target;
  const replacesLink = [...REPLACES_LINK].some((name) => names.has(name));
  return reading.operands.length > 2 && !replacesLink ? target : undefined;
}

/**
 * mv, cp and ln: their options and operands as the spec reads them, and the folder they put
 * things into marked so: the links they may place land inside it (`archive/a`), never at
 * `archive` itself, so a later path that only names the folder (`mv b archive/`) is still
 * known, while one that goes on into it (`cat archive/a/x`) is not.
 */
export const folderTargetReader: Reader = {
  readsArguments: true,
  read(reading): CommandEffects {
    const effects = noEffects();
    optionEffects(effects, reading);
    operandEffects(effects, reading);
    const folder = targetFolder(reading);
    if (folder === undefined) return effects;
    const paths = effects.paths.map((path): PathEffect =>
      path.word === folder ? { ...path, placesLinks: 'inside' } : path,
    );
    return { ...effects, paths };
  },
};
