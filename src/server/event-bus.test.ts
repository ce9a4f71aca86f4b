import { describe, expect, it } from 'vitest';
import { createEventBus, type ServerEvent } from './event-bus.js';

describe('createEventBus', () => {
  it('delivers events to every subscriber until it unsubscribes', () => {
    const bus = createEventBus();
    const a: ServerEvent[] = [];
    const b: ServerEvent[] = [];
    const offA = bus.subscribe((e) => a.push(e));
    bus.subscribe((e) => b.push(e));
    bus.publish({ type: 'run', runId: 'r', status: 'running' });
    offA();
    bus.publish({ type: 'run', runId: 'r', status: 'completed' });
    expect(a.map((e) => (e.type === 'run' ? e.status : ''))).toEqual(['running']);
    expect(b).toHaveLength(2);
    expect(bus.size).toBe(1);
  });

  it('drops a listener that throws so a run is never broken by a subscriber', () => {
    const bus = createEventBus();
    const seen: ServerEvent[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    bus.subscribe((e) => seen.push(e));
    expect(() => bus.publish({ type: 'run', runId: 'r', status: 'running' })).not.toThrow();
    expect(bus.size).toBe(1);
    expect(seen).toHaveLength(1);
  });
});
