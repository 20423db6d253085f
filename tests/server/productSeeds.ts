import { PRODUCTS } from '../../server/products/index.js';

/** Every product's seed, as the server's composition root passes them to openDatabase (server/start.ts). */
export const PRODUCT_SEEDS = PRODUCTS.flatMap((product) => (product.seed ? [product.seed] : []));
