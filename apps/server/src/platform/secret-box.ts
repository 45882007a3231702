import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Secrets the server must read back (webhook signing secrets: it signs with them, so a hash would
 * not do) are kept encrypted at rest with AES-256-GCM under a key from the configuration. A copy of
 * the database alone (a backup, a replica) then does not let anyone forge deliveries.
 */
const VERSION = 'v1';

export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function secretBox(keyText: string): SecretBox {
  const key = createHash('sha256').update(keyText).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed) {
      const [version, data] = sealed.split('.');
      if (version !== VERSION || !data) throw new Error('unknown sealed secret format');
      const bytes = Buffer.from(data, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
