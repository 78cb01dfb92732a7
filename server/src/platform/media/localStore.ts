import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { mediaKeyPattern } from '@convene/contract';
import { signPolicy } from './policy.ts';
import type { LocalMediaStore } from './storeTypes.ts';

/** Where the browser posts uploads when media live on local disk. */
export const localUploadUrl = '/api/media/upload';

/**
 * Media on local disk under `root`. Only keys matching the contract's strict pattern map to a
 * path (no '..', no absolute paths, no other files), and each key is written once.
 */
export function createLocalStore(root: string, secret: string): LocalMediaStore {
  const resolvedRoot = path.resolve(root);
  const fileOf = (key: string): string | null => {
    if (!mediaKeyPattern.test(key)) return null;
    const file = path.resolve(resolvedRoot, key);
    return file.startsWith(resolvedRoot + path.sep) ? file : null;
  };

  const exists = (key: string): boolean => {
    const file = fileOf(key);
    return file ? fs.existsSync(file) : false;
  };

  /**
   * Writes a new key's file aside, then hard-links it into place: readers never see a partial
   * file, and link() fails if the key exists, so two uploads to one key cannot both win.
   */
  const publish = async (key: string, write: (temporary: string) => Promise<void>): Promise<boolean> => {
    const file = fileOf(key);
    if (!file) return false;
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(8).toString('hex')}.tmp`;
    try {
      await write(temporary);
      await fsp.link(temporary, file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await fsp.rm(temporary, { force: true });
    }
  };

  return {
    kind: 'local',

    async createUploadForm(contents) {
      const { policy, signature } = signPolicy(secret, contents);
      return { url: localUploadUrl, fields: { key: contents.key, policy, signature }, policy, signature };
    },

    save(key, data) {
      return publish(key, (temporary) => fsp.writeFile(temporary, data, { flag: 'wx' }));
    },

    saveStream(key, source) {
      return publish(key, (temporary) => pipeline(source, fs.createWriteStream(temporary, { flags: 'wx' })));
    },

    async open(key, pickRange) {
      const file = fileOf(key);
      if (!file) return null;
      try {
        const handle = await fsp.open(file, 'r');
        const { size } = await handle.stat();
        const range = pickRange?.(size) ?? null;
        if (range === 'unsatisfiable') {
          await handle.close();
          return { unsatisfiable: true, size };
        }
        if (range) return { stream: handle.createReadStream({ ...range }), size, range };
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async exists(key) {
      return exists(key);
    },

    // Local files passed the upload pipeline (size, type by content, re-encoded).
    async hasUpload(key) {
      return exists(key);
    },
  };
}
