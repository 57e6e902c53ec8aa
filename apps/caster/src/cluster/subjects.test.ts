import { describe, expect, it } from 'vitest';
import { decodeMountpoint, encodeMountpoint, frameSubject, streamSubject } from './subjects';

describe('cluster subjects', () => {
  it('carries mountpoints with dots and wildcards as one token and back', () => {
    for (const mountpoint of ['AMS1', 'NL.AMS_RTCM3.2', 'A*B>C', 'Zürich 1']) {
      const token = encodeMountpoint(mountpoint);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeMountpoint(token)).toBe(mountpoint);
      expect(streamSubject(mountpoint).split('.')).toHaveLength(4);
      const [instanceToken, ...rest] = frameSubject(mountpoint, 'host.a:2101').split('.').reverse();
      expect(rest.reverse().join('.')).toBe(streamSubject(mountpoint));
      expect(decodeMountpoint(instanceToken ?? '')).toBe('host.a:2101');
    }
  });
});
