import { createHmac } from 'node:crypto';

/**
 * A key of one purpose for one deployment, made from a configured secret and the deployment's public
 * address. Two deployments given the same secret (a key copied from staging to production, one
 * operator's portals) then sign differently: a solved proof-of-work challenge or an unsubscribe link
 * of one is refused by the other. The instances of one deployment share its address, and so the key.
 */
export function deploymentKey(secret: string, publicUrl: string, purpose: string): string {
  // One spelling per address: the host's case and a trailing slash do not make another deployment.
  const address = new URL(publicUrl).href.replace(/\/+$/, '');
  return createHmac('sha256', secret).update(`${purpose}\n${address}`).digest('hex');
}
