import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('GET /api/networks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists published public networks with their station counts, to visitors too', async () => {
    const open = await seedNetwork(t.database.db, { name: 'Alpha RTK', dailyPrice: 3 }, 3);
    await seedNetwork(t.database.db, { name: 'Hidden', isPublished: false });
    await seedNetwork(t.database.db, { name: 'Private', visibility: 'private' });
    const res = await t.app.inject({ url: '/api/networks' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: open.id,
        name: 'Alpha RTK',
        dailyPrice: 3,
        stationCount: 3,
        accessStartsAt: 'purchase',
      }),
    ]);
  });
});
