import fs from 'node:fs';
import path from 'node:path';
import { versionFile } from '@freight/contract';

/**
 * The version fixed when the web app was built (dist/version.json). Read on every call (the file is
 * tiny) so that a redeployed web build is noticed by open pages at once. Without a build it is
 * "dev".
 */
export function readVersion(webDist: string): string {
  try {
    return versionFile.parse(JSON.parse(fs.readFileSync(path.join(webDist, 'version.json'), 'utf8'))).version;
  } catch {
    return 'dev';
  }
}
