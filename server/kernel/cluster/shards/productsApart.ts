import type { ServerConfig } from '../../../config.js';
import type { ServerProduct } from '../../platform/product.js';
import { productMarket, productsApart, productsOf } from './processes.js';

/**
 * The products MARKET_PROCESSES gives to processes of their own (docs/ARCHITECTURE.md "Scale-out:
 * product processes"), or, with `process`, the ones that process runs. A name that is not a
 * product able to run apart refuses the start, naming those that can.
 */
export function productsApartOf(config: ServerConfig, products: readonly ServerProduct[], process?: string): ServerProduct[] {
  const processes = config.marketProcesses ?? new Map();
  const ids = process ? productsOf(processes, process) : productsApart(processes);
  return ids.map((id) => {
    const product = products.find((p) => p.id === id);
    if (!product?.apart) {
      const able = products.filter((p) => p.apart).map((p) => p.id);
      throw new Error(`MARKET_PROCESSES: "${id}" is not a product that can run in a process of its own (${able.join(', ') || 'none'})`);
    }
    return product;
  });
}

/** The paths of these products' calls, each with the "market" its calls travel as on the bus. */
export const productRoutes = (products: readonly ServerProduct[]) =>
  products.flatMap((p) => p.apart!.paths.map((prefix) => ({ prefix, market: productMarket(p.id) })));
