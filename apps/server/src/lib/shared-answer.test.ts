import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAnswerCache, createChangeSignal, pickEncoding, shareAnswer, shareWireValue } from './shared-answer';

describe('shared answers', () => {
  it('encode through the response schema once, and compress to the same JSON in every encoding', async () => {
    const schema = z.object({ name: z.string(), at: z.iso.datetime() });
    const answer = await shareAnswer(schema, {
      name: 'x'.repeat(2000),
      at: '2026-11-25T00:00:00.000Z',
      secret: 'dropped',
    });
    expect(JSON.parse(answer.json)).toEqual({ name: 'x'.repeat(2000), at: '2026-11-25T00:00:00.000Z' });
    expect(brotliDecompressSync(answer.body('br')).toString()).toBe(answer.json);
    expect(gunzipSync(answer.body('gzip')).toString()).toBe(answer.json);
    expect(answer.body('br')).toBe(answer.body('br'));
    expect(answer.etag).toBe((await shareAnswer(schema, JSON.parse(answer.json))).etag);
    await expect(shareAnswer(schema, { name: 1 })).rejects.toThrow();
  });

  it("take a value already in its wire form as it is, and give it the same ETag as the schema's encoding", async () => {
    const schema = z.object({ title: z.string(), items: z.array(z.object({ id: z.number() })) });
    const value = { title: 'feed', items: Array.from({ length: 47 }, (_, id) => ({ id })) };
    const wire = await shareWireValue(value);
    expect(JSON.parse(wire.json)).toEqual(value);
    expect(wire.etag).toBe((await shareAnswer(schema, value)).etag);
    expect(brotliDecompressSync(wire.body('br')).toString()).toBe(wire.json);
  });

  it('pick brotli, then gzip, then none, as accept-encoding allows', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('br;q=0.5')).toBe('br');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });

  it('are built once per period by concurrent callers, and rebuilt behind the previous one once it aged', async () => {
    let clock = 0;
    let builds = 0;
    const cache = createAnswerCache<'all'>({
      ttlMs: 1000,
      now: () => clock,
      build: () => shareAnswer(z.number(), ++builds),
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
    const [first, second] = await Promise.all([cache.get('all'), cache.get('all')]);
    expect(first).toBe(second);
    expect(builds).toBe(1);
    clock = 999;
    expect((await cache.get('all')).json).toBe('1');
    // Aged: the callers get the previous answer at once while the next is built, once.
    clock = 1000;
    expect((await cache.get('all')).json).toBe('1');
    expect((await cache.get('all')).json).toBe('1');
    await settle();
    expect(builds).toBe(2);
    expect((await cache.get('all')).json).toBe('2');
    // Aged twice over: too old to hand out; the caller waits for a new one.
    clock = 3000;
    expect((await cache.get('all')).json).toBe('3');
  });

  it('are built anew and waited for after invalidate(), even while a rebuild runs', async () => {
    let clock = 0;
    let builds = 0;
    let release: () => void = () => undefined;
    const cache = createAnswerCache<'all'>({
      ttlMs: 1000,
      now: () => clock,
      build: async () => {
        const value = ++builds;
        if (value === 2) await new Promise<void>((resolve) => (release = resolve));
        return shareAnswer(z.number(), value);
      },
    });
    expect((await cache.get('all')).json).toBe('1');
    clock = 1500;
    expect((await cache.get('all')).json).toBe('1');
    const signal = createChangeSignal();
    signal.onChange(cache.invalidate);
    signal.changed();
    expect((await cache.get('all')).json).toBe('3');
    // The rebuild that began before the write finishes later and must not replace the newer answer.
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await cache.get('all')).json).toBe('3');
  });

  it('keep the previous answer when a rebuild fails, and try again', async () => {
    let clock = 0;
    let builds = 0;
    const cache = createAnswerCache<'all'>({
      ttlMs: 1000,
      now: () => clock,
      build: async () => {
        builds++;
        if (builds === 2) throw new Error('database away');
        return shareAnswer(z.number(), builds);
      },
    });
    expect((await cache.get('all')).json).toBe('1');
    clock = 1200;
    expect((await cache.get('all')).json).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await cache.get('all')).json).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await cache.get('all')).json).toBe('3');
  });

  it('keep no failed build', async () => {
    let attempts = 0;
    const cache = createAnswerCache<string>({
      ttlMs: 60_000,
      build: async (key) => {
        attempts++;
        if (attempts === 1) throw new Error(`no ${key}`);
        return shareAnswer(z.string(), key);
      },
    });
    await expect(cache.get('a')).rejects.toThrow('no a');
    expect((await cache.get('a')).json).toBe('"a"');
  });
});
