// The products the service sells, read from the flow bundles: every public flow with a product
// block. Routes, rules, rating and offers are looked up here, so no product is named in code.

import type { CheckPoint } from '../../engine/checkpoints';
import { type FlowBundle, localizeRules, type RulesFile } from '../../engine/flow/bundle';
import type { Field, Flow, ProductMeta, Variant } from '../../engine/flow/types';
import type { Tariff } from '../../engine/rating/types';
import type { Lang } from '../platform/i18n';

export interface LocalizedRules {
  ET_TEXTS: { TEXT_NAME: string; TEXT: string }[];
  ET_CHECK_POINTS: CheckPoint[];
}

/**
 * The configuration versions a product was built from (config_versions ids, src/server/publishing):
 * the flow folder's (flow, rules and tariff) and the shared field sets'. Offers, contracts,
 * endorsements and claims record them. Absent when the service was given fixed flows (tests).
 */
export interface ConfigVersionRefs {
  flow: number;
  fieldset?: number;
}

export interface Product {
  id: string;
  configVersions?: ConfigVersionRefs;
  flow: Flow;
  meta: ProductMeta;
  rules: RulesFile;
  tariff?: Tariff;
  /** Localised once, so the check-point engine's per-array cache compiles each list once. */
  localized: Record<Lang, LocalizedRules>;
  /** Quote paths a visitor can edit in this flow (top-level field paths). */
  fieldPaths: Set<string>;
}

function collectFieldPaths(fields: Field[] | undefined, out: Set<string>): void {
  for (const field of fields ?? []) out.add(field.path);
}

function toProduct(bundle: FlowBundle, versions?: ConfigVersionRefs): Product | undefined {
  const { flow } = bundle;
  if (!flow.product) return undefined;
  const fieldPaths = new Set<string>();
  for (const step of flow.steps ?? []) {
    for (const sub of step.substeps ?? []) collectFieldPaths(sub.fields, fieldPaths);
  }
  const localize = (lang: Lang): LocalizedRules => localizeRules(bundle.rules, lang) as LocalizedRules;
  return {
    id: flow.id,
    ...(versions ? { configVersions: versions } : {}),
    flow,
    meta: flow.product,
    rules: bundle.rules,
    tariff: bundle.tariff,
    localized: { el: localize('el'), en: localize('en') },
    fieldPaths,
  };
}

export class Catalog {
  readonly products: Product[];

  /** `versions`: the configuration versions each flow (by id) was built from, when served from the database. */
  constructor(bundles: FlowBundle[], versions?: ReadonlyMap<string, ConfigVersionRefs>) {
    this.products = bundles
      .map((b) => toProduct(b, versions?.get(b.flow.id)))
      .filter((p): p is Product => p !== undefined);
  }

  /** The product whose rules are served as GET /zcp/offer/RulesDetail/{key} (case-insensitive). */
  byRulesKey(key: string): Product | undefined {
    const wanted = key.toUpperCase();
    return this.products.find((p) => p.meta.rulesKey.toUpperCase() === wanted);
  }

  bySegment(segment: string): Product | undefined {
    return this.products.find((p) => p.meta.api.segment === segment && p.tariff);
  }

  byFlowId(id: string): Product | undefined {
    return this.products.find((p) => p.id === id);
  }

  /** The product (and variant) a PRODUCT_ID names: the tariff's own id, a variant's, or the flow's. */
  byProductId(productId: string): { product: Product; variant?: string } | undefined {
    for (const product of this.products) {
      const tariff = product.tariff;
      if (tariff?.productId === productId) return { product };
      for (const [variant, override] of Object.entries(tariff?.variants ?? {})) {
        if (override.productId === productId) return { product, variant };
      }
    }
    const byMeta = this.products.find((p) => p.meta.productId === productId);
    return byMeta ? { product: byMeta } : undefined;
  }

  /** Products that have a variant carrying `path` in its defaults (e.g. the motor brands' makers). */
  variantsWithDefault(path: string): { product: Product; variant: Variant; value: unknown }[] {
    const out: { product: Product; variant: Variant; value: unknown }[] = [];
    for (const product of this.products) {
      for (const variant of product.flow.variants ?? []) {
        if (variant.defaults && Object.hasOwn(variant.defaults, path)) {
          out.push({ product, variant, value: variant.defaults[path] });
        }
      }
    }
    return out;
  }
}

/** The variant a quote names (CS_USER_EXTRAS.VARIANT), by id or by its query value ("1", "2"). */
export function findVariant(product: Product, name: string): Variant | undefined {
  if (name === '') return undefined;
  return (product.flow.variants ?? []).find((v) => v.id === name || v.query.value === name);
}
