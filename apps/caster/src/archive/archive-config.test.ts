import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CasterEnvError, casterOptionsFromEnv, loadCasterEnv } from '../config';

describe('archive settings from the environment', () => {
  it('records by default, every 60 s, into the archive folder of DATA_DIR', () => {
    const options = casterOptionsFromEnv(loadCasterEnv({}));
    expect(options.archive?.flushMs).toBe(60_000);
    expect(options.archive?.store.describe()).toBe(`local ${resolve('./data/archive')}`);
    const custom = casterOptionsFromEnv(loadCasterEnv({ DATA_DIR: '/srv/fixpoint', ARCHIVE_FLUSH_SECONDS: '15' }));
    expect(custom.archive?.flushMs).toBe(15_000);
    expect(custom.archive?.store.describe()).toBe('local /srv/fixpoint/archive');
    expect(casterOptionsFromEnv(loadCasterEnv({ ARCHIVE_ENABLED: 'false' })).archive).toBeUndefined();
  });

  it('uses S3 when a bucket is set, keeping the credentials out of the options and the description', () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    const options = casterOptionsFromEnv(
      loadCasterEnv({
        ARCHIVE_S3_BUCKET: 'rtcm-archive',
        ARCHIVE_S3_ENDPOINT: 'https://minio.example.test:9000',
        ARCHIVE_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        ARCHIVE_S3_SECRET_ACCESS_KEY: secret,
        ARCHIVE_S3_FORCE_PATH_STYLE: 'true',
      }),
    );
    expect(options.archive?.store.describe()).toBe('s3 rtcm-archive/ at minio.example.test:9000');
    expect(JSON.stringify(options)).not.toContain(secret);
    expect(JSON.stringify(options)).not.toContain('AKIAEXAMPLE');
  });

  it('refuses a bucket without both keys, and bad values, naming the variable', () => {
    expect(() => loadCasterEnv({ ARCHIVE_S3_BUCKET: 'b', ARCHIVE_S3_ACCESS_KEY_ID: 'a' })).toThrow(
      /ARCHIVE_S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadCasterEnv({ ARCHIVE_S3_BUCKET: 'b' })).toThrow(CasterEnvError);
    expect(() => loadCasterEnv({ ARCHIVE_FLUSH_SECONDS: '0' })).toThrow(/ARCHIVE_FLUSH_SECONDS/);
    expect(() => loadCasterEnv({ ARCHIVE_S3_ENDPOINT: 'minio:9000' })).toThrow(/ARCHIVE_S3_ENDPOINT/);
  });
});
