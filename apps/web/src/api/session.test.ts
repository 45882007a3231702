import { describe, expect, it } from 'vitest';
import { memoryStorage, SessionStore } from './session';

describe('session store', () => {
  it('tells its mirror each token it holds, and null once cleared (the page cookie)', () => {
    const told: (string | null)[] = [];
    const session = new SessionStore(memoryStorage(), (token) => told.push(token));
    session.signIn('first');
    session.renew('second');
    session.renew('second'); // the same token again: nothing new to tell
    session.clear();
    expect(told).toEqual(['first', 'second', null]);
    expect(session.token).toBeNull();
  });
});
