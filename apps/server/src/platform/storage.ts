import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live: a directory (DATA_DIR/files) by default. Keys are made by the server
 * (a UUID and an extension chosen from the content), never from a client's file name.
 */
export type FileStorage = {
  put(data: Buffer, extension: string): Promise<string>;
  read(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
};

const KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

export function directoryStorage(dir: string): FileStorage {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    async put(data, extension) {
      const key = `${randomUUID()}.${extension}`;
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data, { flag: 'wx' });
      return key;
    },
    async read(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
