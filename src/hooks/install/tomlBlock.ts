import { parse, TomlError } from 'smol-toml';
import { HooksInstallError } from './installError';

// TOML has no library here that writes a file back with its comments, so install appends one
// block between these lines and uninstall removes exactly it (docs/dependencies.md)
export const TOML_BLOCK_BEGIN = '# >>> intentgate hooks install: `intentgate hooks uninstall codex` removes this block';
export const TOML_BLOCK_END = '# <<< intentgate hooks install';

/** Reads a TOML file's text; HooksInstallError (`invalid_settings_file`) names the file, the line and the reason when it is not TOML. */
export function parseTomlText(text: string, file: string): Readonly<Record<string, unknown>> {
  try {
    return parse(text);
  } catch (error) {
    const reason =
      error instanceof TomlError
        ? `${error.message.split('\n')[0] ?? ''} (line ${error.line}, column ${error.column})`
        : String(error);
    throw new HooksInstallError(
      'invalid_settings_file',
      file,
      `${file} is not valid TOML: ${reason}; it was left as it is`,
      { cause: error },
    );
  }
}

/** The block as it is appended: its lines between the markers. */
export const tomlBlock = (lines: readonly string[]): string =>
  [TOML_BLOCK_BEGIN, ...lines, TOML_BLOCK_END, ''].join('\n');

/** The text appended to a file: the block, after a blank line when the file has text, and a line break when its last line lacks one. */
export function tomlAppendix(text: string, block: string): string {
  if (text.length === 0) return block;
  return `${text.endsWith('\n') ? '' : '\n'}\n${block}`;
}

/**
 * The text without the appended block: exactly what install appended when it is still there as
 * written, else the lines from the begin marker to the end marker. Undefined when neither is found.
 */
export function removeTomlAppendix(text: string, appendix: string): string | undefined {
  const at = text.lastIndexOf(appendix);
  if (at !== -1) return text.slice(0, at) + text.slice(at + appendix.length);
  const begin = text.lastIndexOf(`${TOML_BLOCK_BEGIN}\n`);
  const end = begin === -1 ? -1 : text.indexOf(`${TOML_BLOCK_END}\n`, begin);
  if (end === -1) return undefined;
  return text.slice(0, begin) + text.slice(end + TOML_BLOCK_END.length + 1);
}
