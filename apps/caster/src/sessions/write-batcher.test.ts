import { describe, expect, it } from 'vitest';
import { createWriteBatcher } from './write-batcher';

describe('createWriteBatcher', () => {
  it('writes what arrives together in one batch, and later rows in the next', async () => {
    const batches: number[][] = [];
    const batcher = createWriteBatcher<number>({
      write: async (rows) => {
        batches.push(rows);
      },
      writeOne: async () => {},
    });
    await Promise.all([1, 2, 3].map((row) => batcher.add(row)));
    await batcher.add(4);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('keeps batches to their maximum and writes one batch at a time, in order', async () => {
    const batches: number[][] = [];
    let writing = 0;
    let mostAtOnce = 0;
    const batcher = createWriteBatcher<number>({
      write: async (rows) => {
        writing++;
        mostAtOnce = Math.max(mostAtOnce, writing);
        await new Promise((resolve) => setTimeout(resolve, 5));
        batches.push(rows);
        writing--;
      },
      writeOne: async () => {},
      maxBatch: 2,
    });
    await Promise.all([1, 2, 3, 4, 5].map((row) => batcher.add(row)));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(mostAtOnce).toBe(1);
  });

  it('retries a failed batch row by row, so only the bad row fails its caller', async () => {
    const written: number[] = [];
    const batcher = createWriteBatcher<number>({
      write: async () => {
        throw new Error('foreign key');
      },
      writeOne: async (row) => {
        if (row === 2) throw new Error(`row ${row} refused`);
        written.push(row);
      },
    });
    const results = await Promise.allSettled([1, 2, 3].map((row) => batcher.add(row)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(written).toEqual([1, 3]);
  });

  it('is idle once everything handed over is written', async () => {
    const written: number[] = [];
    const batcher = createWriteBatcher<number>({
      write: async (rows) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        written.push(...rows);
      },
      writeOne: async () => {},
    });
    void batcher.add(1);
    void batcher.add(2);
    await batcher.idle();
    expect(written).toEqual([1, 2]);
  });
});
