import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The shared/ folder beside the checkout (or SHARED_DIR). */
export const sharedDir = resolve(process.env.SHARED_DIR ?? resolve(repoRoot, '../shared'));
export const rtcmTestdata = resolve(sharedDir, 'testdata/rtcm');

if (!existsSync(rtcmTestdata)) {
  throw new Error(`The interop suite needs ${rtcmTestdata} (set SHARED_DIR to the shared folder).`);
}
