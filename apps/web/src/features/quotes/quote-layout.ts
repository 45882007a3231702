import { formatPrice, type Quote } from '@freight/contract';

/**
 * The container types present on a page of quotes, one price column each, always in the reference
 * list's order (`order`: container type ids as GET /api/container lists them; unknown ones after,
 * by id). Not in first-seen order: a sort of the rows must never move the price columns.
 */
export function containerTypes(
  quotes: Quote[],
  order: readonly number[] = [],
): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const quote of quotes)
    for (const space of quote.spaces)
      if (!seen.has(space.container_id)) seen.set(space.container_id, space.container_name);
  const rank = (id: number) => {
    const at = order.indexOf(id);
    return at < 0 ? order.length + id : at;
  };
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => rank(a.id) - rank(b.id));
}

/** The quote's route: port of loading → port of discharge, and the delivery place when it differs. */
export function routeText(quote: Quote): string {
  const ports = `${quote.pol_name} → ${quote.pod_name}`;
  return quote.to_name && quote.to_name !== quote.pod_name ? `${ports} → ${quote.to_name}` : ports;
}

/** The price of one container type on a quote, as the board shows it. */
export const priceOf = (quote: Quote, containerId: number) =>
  formatPrice(quote.spaces.find((s) => s.container_id === containerId)?.price) || '-';
