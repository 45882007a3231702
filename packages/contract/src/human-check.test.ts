import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { proofOfWorkCounters, proofOfWorkLevel } from './human-check.js';
import { PROOF_OF_WORK } from './limits.js';

const security = readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');

describe('proof of work level', () => {
  it('doubles the work per recent failure up to the cap', () => {
    expect([0, 1, 2, 3, 4, 50, -1].map(proofOfWorkLevel)).toEqual([0, 1, 2, 3, 3, 3, 0]);
    expect(proofOfWorkCounters(0)).toEqual({ min: PROOF_OF_WORK.counterMin, max: PROOF_OF_WORK.counterMax });
    expect(proofOfWorkCounters(2)).toEqual({
      min: PROOF_OF_WORK.counterMin * 4,
      max: PROOF_OF_WORK.counterMax * 4,
    });
    expect(proofOfWorkCounters(9)).toEqual(proofOfWorkCounters(PROOF_OF_WORK.maxLevel));
  });

  it('is documented in docs/security.md as the code computes it, level by level', () => {
    for (let level = 0; level <= PROOF_OF_WORK.maxLevel; level += 1) {
      const { min, max } = proofOfWorkCounters(level);
      const rounds = ((min + max) / 2) * PROOF_OF_WORK.cost;
      const row = new RegExp(
        `^\\| ${level} +\\| [^|]+\\| ${min.toLocaleString('en-US')}–${max.toLocaleString('en-US')} +\\| ${rounds / 1e6} M +\\|`,
        'm',
      );
      expect(security).toMatch(row);
    }
  });

  it('says the captcha is a speed bump, and what carries the defence', () => {
    expect(security).toMatch(/captcha is a speed bump against generic bots/);
    expect(security).toMatch(/\*\*not\*\* a defence against an\s+attacker who targets this portal/);
    expect(security).toMatch(/\*\*Proof of work with rising difficulty\*\*/);
    expect(security).toMatch(/\*\*Throttles\*\*/);
    expect(security).toMatch(/\*\*Lockouts\*\*/);
  });
});
