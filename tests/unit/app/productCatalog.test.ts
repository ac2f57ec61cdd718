import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keepsQuery, PRODUCTS, productFromId, SEND_OFFER_PRODUCTS } from '../../../src/shell/routeTable';

const flowFolders = readdirSync('flows').filter((d) => !d.startsWith('_'));
const product = (id: string) => JSON.parse(readFileSync(`flows/${id}/flow.json`, 'utf8')).product;

describe('the product catalog comes from the flow folders', () => {
  it('lists every product flow, in the menu order the flows give', () => {
    const products = flowFolders.filter((id) => product(id));
    expect([...PRODUCTS].sort()).toEqual(products.sort());
    expect(PRODUCTS).toEqual(['motor', 'property', 'travel', 'driver', 'hunter', 'cyber']);
  });

  it('offers send-offer where a flow names the route, and keeps the query where a variant needs it', () => {
    expect(SEND_OFFER_PRODUCTS).toEqual(['motor', 'property']);
    expect(PRODUCTS.filter(keepsQuery)).toEqual(['motor']);
  });

  it('reads a product from its fixed PRODUCT_ID or its key, and nothing from an unknown id', () => {
    expect(productFromId('519')).toBe('cyber');
    expect(productFromId(157)).toBe('property');
    expect(productFromId('TRAVEL')).toBe('travel');
    expect(productFromId('120')).toBeNull();
    expect(productFromId('120', 'motor')).toBe('motor');
    expect(productFromId('120', 'no-such-product')).toBeNull();
  });
});
