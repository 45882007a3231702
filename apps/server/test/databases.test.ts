import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINE_INDEPENDENT } from './databases.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the declaration of engine-independent suites', () => {
  it('names suites that exist and choose their database through describeEachDatabase, each with a reason', () => {
    for (const [file, reason] of Object.entries(ENGINE_INDEPENDENT)) {
      const source = path.join(here, file);
      expect(fs.existsSync(source), `${file} is declared but does not exist`).toBe(true);
      expect(fs.readFileSync(source, 'utf8'), `${file} does not use describeEachDatabase`).toContain(
        'describeEachDatabase(',
      );
      expect(reason.length, `${file} needs a reason`).toBeGreaterThan(20);
    }
  });
});
