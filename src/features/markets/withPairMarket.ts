/**
 * For another product's page that reads the pair market (usePairMarket: the spot, seconds and
 * futures trade pages): fetches the markets product's flows beside the page's chunk, so opening the page
 * is one round of fetching rather than the page and then, when its hooks first run, the flows.
 */
export function withPairMarket<Load extends () => Promise<unknown>>(load: Load): Load {
  return (async () => (await Promise.all([load(), import('./markets.flows')]))[0]) as Load;
}
