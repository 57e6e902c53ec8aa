import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A fresh self-signed certificate for localhost and 127.0.0.1 (one day, P-256), made with the openssl CLI in `dir`:
 * the files a TLS caster is configured with (`CASTER_TLS_CERT`, `CASTER_TLS_KEY`).
 */
export function selfSignedCertificate(dir: string): { certPath: string; keyPath: string } {
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ],
    { stdio: 'ignore' },
  );
  return { certPath, keyPath };
}
