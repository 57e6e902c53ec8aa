import { describe, expect, it } from 'vitest';
import { createSecretBox, generateSecretKey } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox(generateSecretKey());

  it('round-trips and never stores the plain text', () => {
    const sealed = box.encrypt('rover-pass-123');
    expect(sealed).not.toContain('rover-pass-123');
    expect(box.decrypt(sealed)).toBe('rover-pass-123');
    expect(box.encrypt('rover-pass-123')).not.toBe(sealed); // fresh IV each time
  });

  it('compares in constant time and refuses other keys and tampering', () => {
    const sealed = box.encrypt('s3cret');
    expect(box.matches(sealed, 's3cret')).toBe(true);
    expect(box.matches(sealed, 's3cret ')).toBe(false);
    expect(createSecretBox(generateSecretKey()).matches(sealed, 's3cret')).toBe(false);
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('x').toString('base64url')].join('.');
    expect(() => box.decrypt(tampered)).toThrow();
    expect(box.matches('garbage', 's3cret')).toBe(false);
  });

  it('checks candidates against one secret again and again with one matcher, as matches does', () => {
    const sealed = box.encrypt('rover-pass-123');
    const matches = box.matcherFor(sealed);
    expect(['rover-pass-123', 'rover-pass-12', 'rover-pass-123', ''].map(matches)).toEqual([true, false, true, false]);
    expect(box.matcherFor('garbage')('rover-pass-123')).toBe(false);
    expect(createSecretBox(generateSecretKey()).matcherFor(sealed)('rover-pass-123')).toBe(false);
  });
});
