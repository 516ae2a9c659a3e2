import { describe, expect, it } from 'vitest';
import { categorize } from '../../src/index';

// a careful user names secrets in Russian too: reading one is FS_CONFIG_SECRETS, as for 'secrets.txt'
const options = {
  workspaceRoot: '/nonexistent-intentgate-tests/project',
  homeDir: '/nonexistent-intentgate-tests/home',
};

describe('Russian secret words', () => {
  it.each([
    { path: 'секреты.txt', kind: 'credentials' },
    { path: 'секрет/prod.json', kind: 'credentials' },
    { path: 'токен.txt', kind: 'token' },
    { path: 'токены-доступа.txt', kind: 'token' },
    { path: 'пароли.txt', kind: 'password' },
    { path: 'ключи/api.txt', kind: 'credentials' },
    { path: 'учётные данные.txt', kind: 'credentials' },
    { path: 'учетные-данные.json', kind: 'credentials' },
    { path: 'мои учётных данных.txt', kind: 'credentials' },
  ])('raises FS_CONFIG_SECRETS for a read of $path ($kind)', ({ path, kind }) => {
    const risk = categorize('read_file', { path }, options);
    expect(risk.evidence).toContainEqual(
      expect.objectContaining({ category: 'FS_CONFIG_SECRETS', note: `${kind} file` }),
    );
  });

  it.each(['данные.csv', 'учётные-записи.md', 'секретарь.txt', 'токенизатор.ts'])(
    'raises nothing for a read of %s',
    (path) => {
      expect(categorize('read_file', { path }, options).categories).toEqual([]);
    },
  );
});
