import { describe, expect, it } from 'vitest';
import { CATEGORY_TEXTS, confirmationPrompt, RISK_CATEGORIES, renderConfirmationPrompt, type Evidence, type RiskCategory } from '../../src/index';

const evidence = (category: RiskCategory, details: [string, string, string]): Evidence => ({ category, argument: 'command', trigger: 'x', note: 'n', details });

const risk = {
  categories: ['FS_DELETE_OVERWRITE', 'SUDO', 'NETWORK_RISK', 'EXEC_ARBITRARY'] as RiskCategory[],
  evidence: [
    evidence('FS_DELETE_OVERWRITE', ['build/', 'delete', 'folder']),
    evidence('SUDO', ['rm -rf build/', 'root', '']),
    evidence('NETWORK_RISK', ['example.com', 'curl', 'download']),
    evidence('EXEC_ARBITRARY', ['sudo rm -rf build/ && curl example.com', '/repo', 'runs sudo']),
  ],
};

describe('confirmationPrompt', () => {
  it('has seed 002 E five parts, with at most three changes', () => {
    const prompt = confirmationPrompt({ tool: 'shell', args: { command: 'sudo rm -rf build/ && curl example.com' }, risk, intent: { id: 'INT-1', name: 'Cleanup' } });
    expect(prompt.action).toBe('Run the command: sudo rm -rf build/ && curl example.com');
    expect(prompt.why).toBe('To work on intent INT-1 (Cleanup).');
    expect(prompt.risk).toBe('Data or file history can be lost. Elevated privileges, risk to the system. Network access to external services. Runs an arbitrary command.');
    expect(prompt.changes).toEqual(['delete build/ (folder)', 'runs with elevated privileges as root: rm -rf build/', 'network access to example.com (curl)']);
    expect(prompt.actions.map((action) => action.id)).toEqual(['continue', 'cancel', 'details', 'edit']);
  });

  it('prefers the reason the call states', () => {
    const prompt = confirmationPrompt({ tool: 'run_shell_command', args: { command: 'ls', description: 'List the build output' }, risk });
    expect(prompt.why).toBe('List the build output');
  });

  it('asks only about the given categories and fills at most three details each', () => {
    const prompt = confirmationPrompt({ tool: 'shell', args: { command: 'x' }, risk, categories: ['SUDO', 'NETWORK_RISK'] });
    expect(prompt.categories).toEqual(['SUDO', 'NETWORK_RISK']);
    expect(prompt.details).toEqual([
      { category: 'SUDO', risk: 'Elevated privileges, risk to the system.', details: [{ label: 'command', value: 'rm -rf build/' }, { label: 'target', value: 'root' }] },
      { category: 'NETWORK_RISK', risk: 'Network access to external services.', details: [{ label: 'url/host', value: 'example.com' }, { label: 'method/tool', value: 'curl' }, { label: 'purpose', value: 'download' }] },
    ]);
  });

  it.each(RISK_CATEGORIES.map((category) => ({ category })))('uses the seed risk text for $category in both locales', ({ category }) => {
    const single = { categories: [category], evidence: [evidence(category, ['a', 'b', 'c'])] };
    expect(confirmationPrompt({ tool: 'shell', args: {}, risk: single }).risk).toBe(CATEGORY_TEXTS.en[category].risk);
    const ru = confirmationPrompt({ tool: 'shell', args: {}, risk: single, locale: 'ru' });
    expect(ru.risk).toBe(CATEGORY_TEXTS.ru[category].risk);
    expect(ru.details[0]?.details.map((d) => d.label)).toEqual(CATEGORY_TEXTS.ru[category].details);
  });

  it('renders as plain text with the five numbered parts', () => {
    const text = renderConfirmationPrompt(confirmationPrompt({ tool: 'shell', args: { command: 'sudo ls' }, risk, locale: 'ru' }), true);
    expect(text.split('\n').slice(0, 2)).toEqual(['1) Что хочу сделать: Выполнить команду: sudo ls', '2) Зачем: Агент не указал причину.']);
    expect(text).toContain('5) [Продолжить] [Отмена] [Показать детали] [Изменить]');
    expect(text).toContain('SUDO: Повышенные права, риск для системы.');
  });

  it('keeps every line to one line', () => {
    const prompt = confirmationPrompt({ tool: 'shell', args: { command: `echo a\n${'x'.repeat(500)}` }, risk });
    expect(prompt.action).not.toContain('\n');
    expect(prompt.action.length).toBeLessThanOrEqual(160);
  });
});
