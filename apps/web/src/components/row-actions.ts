/**
 * Pages show a row's buttons from the `actions` its reply carries (the server's own rules) and never
 * work them out again. A column of buttons, or the selection for a batch, appears only when some
 * row of the page offers one.
 */
export function someRowOffers<A extends string>(
  rows: readonly { actions: readonly A[] }[],
  action: A,
): boolean {
  return rows.some((row) => row.actions.includes(action));
}
