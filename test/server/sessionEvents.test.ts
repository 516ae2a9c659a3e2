import { describe, expect, it } from 'vitest';
import { createSessionEvents, type SessionEvent } from '../../src/server/sessionEvents';

describe('the session event bus', () => {
  it('tells every listener in order, and a listener that throws stops none of the others', () => {
    const errors: unknown[] = [];
    const events = createSessionEvents((error) => errors.push(error));
    const heard: string[] = [];
    events.subscribe(() => {
      throw new Error('broken listener');
    });
    events.subscribe((event) => heard.push(`a:${event.type}`));
    events.subscribe((event) => heard.push(`b:${event.type}`));
    events.publish({ type: 'session.started', sessionId: 's1' });
    expect(heard).toEqual(['a:session.started', 'b:session.started']);
    expect(errors).toEqual([new Error('broken listener')]);
  });

  it('stops telling a listener that unsubscribed, even one subscribed twice', () => {
    const events = createSessionEvents();
    const heard: SessionEvent[] = [];
    const listener = (event: SessionEvent): void => void heard.push(event);
    const first = events.subscribe(listener);
    events.subscribe(listener);
    first();
    events.publish({ type: 'session.reset', sessionId: 's1' });
    expect(heard).toHaveLength(1);
    expect(events.size).toBe(1);
  });

  it('survives a logger that throws', () => {
    const events = createSessionEvents(() => {
      throw new Error('logger down');
    });
    events.subscribe(() => {
      throw new Error('listener down');
    });
    expect(() => events.publish({ type: 'session.changed', sessionId: 's1' })).not.toThrow();
  });
});
