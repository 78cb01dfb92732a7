import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** Width and height from a PNG's IHDR chunk (bytes 16–23). */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(path.join(repoRoot, file));
  expect(bytes.subarray(1, 4).toString('latin1'), file).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the README and the licence', () => {
  it('is AGPL-3.0-or-later: the FSF text in LICENSE, the field in every package.json', () => {
    const license = read('LICENSE');
    expect(license.trimStart().startsWith('GNU AFFERO GENERAL PUBLIC LICENSE')).toBe(true);
    expect(license).toContain('Version 3, 19 November 2007');
    expect(license).toContain('END OF TERMS AND CONDITIONS');
    for (const manifest of [
      'package.json',
      'contract/package.json',
      'server/package.json',
      'web/package.json',
    ]) {
      expect(JSON.parse(read(manifest)).license, manifest).toBe('AGPL-3.0-or-later');
    }
    expect(read('README.md')).toContain('[LICENSE](LICENSE)');
  });

  it('describes chat and live streams as they are, with current screenshots that exist and stay small', () => {
    const readme = read('README.md');
    expect(readme).not.toMatch(/still to come|placeholder/i);
    const images = [...readme.matchAll(/!\[[^\]]+\]\(([^)]+)\)/g)].map((match) => match[1] ?? '');
    expect(images).toEqual(
      expect.arrayContaining([
        'docs/screenshots/calendar.png',
        'docs/screenshots/event.png',
        'docs/screenshots/chat.png',
        'docs/screenshots/stream.png',
      ]),
    );
    for (const image of images) {
      expect(image.startsWith('docs/screenshots/'), image).toBe(true);
      expect(pngSize(image)).toEqual({ width: 1280, height: 800 });
      expect(statSync(path.join(repoRoot, image)).size, image).toBeLessThan(250_000);
    }
  });
});
