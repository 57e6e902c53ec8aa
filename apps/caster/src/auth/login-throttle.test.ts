import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from './login-throttle';

describe('login throttle', () => {
  it('holds an address and username pair after its failures, until the window has passed or a success', () => {
    const throttle = createLoginThrottle({ limit: 3, windowMs: 1_000 });
    for (let i = 0; i < 3; i++) throttle.failed('10.0.0.1', 'fx-victim', 100 * i);
    expect(throttle.isHeld('10.0.0.1', 'fx-victim', 300)).toBe(true);
    // Another address, and another account on the same address, are not held.
    expect(throttle.isHeld('10.0.0.2', 'fx-victim', 300)).toBe(false);
    expect(throttle.isHeld('10.0.0.1', 'fx-other', 300)).toBe(false);
    expect(throttle.isHeld('10.0.0.1', 'fx-victim', 1_300)).toBe(false);
    for (let i = 0; i < 3; i++) throttle.failed('10.0.0.3', 'fx-victim');
    throttle.succeeded('10.0.0.3', 'fx-victim');
    expect(throttle.isHeld('10.0.0.3', 'fx-victim')).toBe(false);
  });

  it('forgets the quietest pairs past its bound', () => {
    const throttle = createLoginThrottle({ limit: 1, maxEntries: 2 });
    throttle.failed('a', 'u');
    throttle.failed('b', 'u');
    throttle.failed('c', 'u');
    expect(throttle.isHeld('a', 'u')).toBe(false);
    expect(throttle.isHeld('c', 'u')).toBe(true);
  });
});
