import { describe, expect, it } from 'vitest';
import { HANDSHAKE_SENTENCE, handshakePrompt, type HandshakePromptContext } from '../../src/lifecycle/handshakePrompt';
import type { Intent } from '../../src/intents/intent';
import type { LifecycleState } from '../../src/lifecycle/lifecycleState';

// seed 003 FR-005, verbatim
const SEED_SENTENCE =
  'Analysis and read-only actions are permitted, but an active intent is still required for mutations (writes/commands).';

const AUTH: Intent = { id: 'INT-001', name: 'JWT authentication', owned_scope: ['src/auth/**', 'tests/auth/'] };
const DOCS: Intent = { id: 'INT-002', owned_scope: ['docs/**'] };
const EMPTY_SCOPE: Intent = { id: 'INT-003', owned_scope: [] };

const lines = (text: string): string[] => text.split('\n');
const lineWith = (text: string, ...parts: string[]): string | undefined =>
  lines(text).find((line) => parts.every((part) => line.includes(part)));

describe('HANDSHAKE_SENTENCE', () => {
  it('is the sentence of seed 003 FR-005, verbatim', () => {
    expect(HANDSHAKE_SENTENCE).toBe(SEED_SENTENCE);
  });
});

describe('handshakePrompt contains the handshake sentence', () => {
  const cases: ReadonlyArray<{ name: string; state: LifecycleState; context?: HandshakePromptContext }> = [
    { name: 'states the sentence in REQUEST with no context', state: 'REQUEST' },
    { name: 'states the sentence in REQUEST with intents', state: 'REQUEST', context: { intents: [AUTH] } },
    { name: 'states the sentence in REASONING with no context', state: 'REASONING' },
    { name: 'states the sentence in REASONING with intents', state: 'REASONING', context: { intents: [AUTH, DOCS] } },
    {
      name: 'states the sentence in REASONING with a kept intent',
      state: 'REASONING',
      context: { intents: [AUTH], activeIntent: AUTH },
    },
  ];

  it.each(cases)('$name', ({ state, context }) => {
    expect(handshakePrompt(state, context)).toContain(SEED_SENTENCE);
  });
});

describe('handshakePrompt in REASONING', () => {
  const intentCases: ReadonlyArray<{ name: string; intents: readonly Intent[]; intent: Intent }> = [
    { name: 'lists the first intent with every glob of its scope', intents: [AUTH, DOCS], intent: AUTH },
    { name: 'lists the second intent with its scope', intents: [AUTH, DOCS], intent: DOCS },
    { name: 'lists an intent whose scope is empty', intents: [AUTH, EMPTY_SCOPE], intent: EMPTY_SCOPE },
  ];

  it.each(intentCases)('$name', ({ intents, intent }) => {
    const text = handshakePrompt('REASONING', { intents });
    const line = lineWith(text, intent.id, ...intent.owned_scope);
    expect(line).toBeDefined();
    // no other intent's id shares the line
    expect(intents.filter((other) => other !== intent && line?.includes(other.id))).toEqual([]);
  });

  it('lists the intent name next to its id', () => {
    expect(lineWith(handshakePrompt('REASONING', { intents: [AUTH] }), AUTH.id, 'JWT authentication')).toBeDefined();
  });

  it('lists the intents in the order given', () => {
    const text = handshakePrompt('REASONING', { intents: [DOCS, AUTH] });
    expect(text.indexOf(DOCS.id)).toBeLessThan(text.indexOf(AUTH.id));
  });

  it('tells the model to call select_active_intent', () => {
    expect(handshakePrompt('REASONING', { intents: [AUTH] })).toContain('select_active_intent');
  });

  it('still tells the model to call select_active_intent when there are no intents', () => {
    expect(handshakePrompt('REASONING', { intents: [] })).toContain('select_active_intent');
  });

  it('mentions no intent ids when there are none', () => {
    const text = handshakePrompt('REASONING');
    expect([AUTH, DOCS, EMPTY_SCOPE].filter((intent) => text.includes(intent.id))).toEqual([]);
  });

  it('adds one line about re-selecting a kept intent', () => {
    const without = lines(handshakePrompt('REASONING', { intents: [AUTH, DOCS] }));
    const withKept = lines(handshakePrompt('REASONING', { intents: [AUTH, DOCS], activeIntent: DOCS }));
    const added = withKept.filter((line) => !without.includes(line));
    expect(added).toHaveLength(1);
    expect([added[0]?.includes(DOCS.id), added[0]?.includes('select_active_intent')]).toEqual([true, true]);
  });

  it('keeps every other line when an intent is kept', () => {
    const without = lines(handshakePrompt('REASONING', { intents: [AUTH, DOCS] }));
    const withKept = lines(handshakePrompt('REASONING', { intents: [AUTH, DOCS], activeIntent: DOCS }));
    expect(without.filter((line) => !withKept.includes(line))).toEqual([]);
  });
});

describe('handshakePrompt in REQUEST', () => {
  it('does not depend on a kept intent', () => {
    expect(handshakePrompt('REQUEST', { intents: [AUTH], activeIntent: AUTH })).toBe(
      handshakePrompt('REQUEST', { intents: [AUTH] }),
    );
  });

  it('tells the model that select_active_intent starts a request, and lists the intents (seed 003 SC-001)', () => {
    const text = handshakePrompt('REQUEST', { intents: [AUTH, DOCS] });
    expect(text).toContain('select_active_intent');
    expect(
      [lineWith(text, AUTH.id, ...AUTH.owned_scope), lineWith(text, DOCS.id, ...DOCS.owned_scope)].every(Boolean),
    ).toBe(true);
  });
});

describe('handshakePrompt in ACTION', () => {
  const cases: ReadonlyArray<{ name: string; intent: Intent }> = [
    { name: 'names an intent with a two-glob scope and every glob', intent: AUTH },
    { name: 'names an intent with a one-glob scope', intent: DOCS },
    { name: 'names an intent with an empty scope', intent: EMPTY_SCOPE },
  ];

  it.each(cases)('$name', ({ intent }) => {
    const text = handshakePrompt('ACTION', { intents: [AUTH, DOCS, EMPTY_SCOPE], activeIntent: intent });
    expect(lineWith(text, intent.id, ...intent.owned_scope)).toBeDefined();
  });

  it('names only the active intent, not the others', () => {
    const text = handshakePrompt('ACTION', { intents: [AUTH, DOCS], activeIntent: DOCS });
    expect([text.includes(DOCS.id), text.includes(AUTH.id), text.includes('src/auth/**')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('mentions attempt_completion', () => {
    expect(handshakePrompt('ACTION', { activeIntent: AUTH })).toContain('attempt_completion');
  });

  it('mentions select_active_intent for switching intents', () => {
    expect(handshakePrompt('ACTION', { activeIntent: AUTH })).toContain('select_active_intent');
  });

  it('still mentions attempt_completion without an active intent', () => {
    expect(handshakePrompt('ACTION')).toContain('attempt_completion');
  });
});
