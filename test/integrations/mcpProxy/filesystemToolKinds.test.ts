import { describe, expect, it } from 'vitest';
import { FILESYSTEM_TOOL_KINDS, toolKindsForUpstream } from '../../../src/integrations/mcpProxy/filesystemToolKinds';

const schema = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
});

describe('toolKindsForUpstream', () => {
  it('maps only the well-known tools the upstream lists', () => {
    const kinds = toolKindsForUpstream([
      { name: 'write_file', inputSchema: schema('path', 'content') },
      { name: 'read_multiple_files', inputSchema: schema('paths') },
      { name: 'move_file', inputSchema: schema('source', 'destination') },
      { name: 'custom_tool', inputSchema: schema('path') },
    ]);
    expect(kinds).toEqual({
      write_file: { kind: 'file_write', path: 'path' },
      read_multiple_files: { kind: 'read', path: 'paths' },
      move_file: { kind: 'file_write', path: ['source', 'destination'] },
    });
  });

  it('leaves a same-named tool with other arguments unmapped', () => {
    expect(
      toolKindsForUpstream([
        { name: 'write_file', inputSchema: schema('file', 'text') },
        { name: 'move_file', inputSchema: schema('source') },
      ]),
    ).toEqual({});
  });

  it('maps list_allowed_directories, which takes no path, to none', () => {
    expect(toolKindsForUpstream([{ name: 'list_allowed_directories', inputSchema: schema() }])).toEqual({
      list_allowed_directories: { kind: 'none' },
    });
  });

  it('covers the fourteen tools of server-filesystem', () => {
    expect(Object.keys(FILESYSTEM_TOOL_KINDS)).toHaveLength(14);
  });
});
