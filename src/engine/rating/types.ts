// The tariff format (flows/<id>/tariff.json): how a product is priced, as config.
// Amounts in the file are euro; the rating engine works in integer cents and answers euro with
// two decimals on the wire (AMOUNT 123.45), as the insurer's back end does.

import type { Condition } from '../conditions';
import type { Expr } from '../flow/types';

export interface Tariff {
  /** PRODUCT_ID priced by this tariff (variants may override through `variants`). */
  productId: string;
  packages: TariffPackage[];
  covers?: TariffCover[];
  /** Rating factors applied to every package, after the package's own. */
  factors?: Factor[];
  /** Discounts in order; their sum is capped by maxDiscountPercent. */
  discounts?: Discount[];
  maxDiscountPercent?: number;
  /** First-year promotions for new policies; applied after discounts, not capped by them. */
  promotions?: Promotion[];
  /** Lowest premium of any package, euro. */
  minimumPremium?: number;
  /** Deductible lists by kind (excess, windscreen, lossofuse, property), each per package or "*". */
  deductibles?: Record<string, Record<string, Deductible[]>>;
  /**
   * Where the quote holds the chosen DEDUCTIBLE_ID of each kind, e.g.
   * { "excess": "CS_VEHICLE.EXCESS_DEDUCTIBLE" }; the chosen one's PREMIUM_PERCENT changes the premium.
   */
  deductibleChoice?: Record<string, string>;
  /** Per-variant overrides: product id and cover limits of the co-branded motor flows. */
  variants?: Record<string, { productId?: string; coverLimits?: Record<string, Record<string, number>> }>;
  /** Values published to the client by the config calls (loadV2, motorproddet). */
  config?: Record<string, unknown>;
}

export interface TariffPackage {
  PACKAGE_ID: string;
  /** i18n key of the package name (PACKAGE_DESC). */
  label: string;
  /** Base premium, euro: a number or an expression over the quote (e.g. a rate of the vehicle value). */
  base: Expr;
  factors?: Factor[];
  /** Covers included in the package (COVER_IDs). */
  covers: string[];
  /** Covers that may be added to this package. */
  optionalCovers?: string[];
  /** The package is offered only when this holds. */
  when?: Condition;
}

export interface Factor {
  id: string;
  when?: Condition;
  /** Multiply the running premium. */
  multiply?: number;
  /** Add euro to the running premium. */
  add?: Expr;
  /** Banded lookup: the first range holding the value at `path` applies its multiply/add. */
  bands?: { path: string; ranges: { from?: number; to?: number; multiply?: number; add?: number }[] };
}

export interface TariffCover {
  COVER_ID: string;
  /** i18n key of the cover name. */
  label: string;
  /** Premium of an optional cover, euro (expression); included covers cost nothing extra. */
  premium?: Expr;
  /** Limits shown to the visitor (courtesy car per day, days ...), by variant id or "*". */
  limits?: Record<string, Record<string, number>>;
  /**
   * The cover is in force only when this holds (theft is excluded for a home unoccupied over 30
   * days): otherwise it is left out of every package, and as an optional cover it cannot be bought.
   */
  when?: Condition;
}

export interface Discount {
  id: string;
  percent: number;
  when: Condition;
}

export interface Promotion {
  id: string;
  percent: number;
  /** Inclusive Y-m-d bounds, compared with Europe/Nicosia "today". */
  validFrom?: string;
  validTo?: string;
  when?: Condition;
}

export interface Deductible {
  DEDUCTIBLE_ID: string;
  DEDUCTIBLE_AMOUNT: number;
  /** Premium change when chosen (percent, negative for a discount). */
  PREMIUM_PERCENT?: number;
}

/** What rating answers, in the spec's wire names. */
export interface RatedPackage {
  PACKAGE_ID: string;
  PRODUCT_ID: string;
  PACKAGE_DESC: string;
  /** Premium after discounts and promotions, euro with two decimals. */
  AMOUNT: number;
  /** Premium before discounts, euro. */
  INITIAL_AMOUNT: number;
  ZZSELECTED_IND: '' | 'X';
}

export interface RatedCover {
  COVER_ID: string;
  PACKAGE_ID: string;
  COVER_DESC: string;
  OPTIONAL: '' | 'X';
  AMOUNT: number;
  ZZSELECTED_IND: '' | 'X';
  LIMITS?: Record<string, number>;
}

export interface RatingResult {
  CT_PACKAGES: RatedPackage[];
  CT_COVERS: RatedCover[];
  /** Discounts and promotions applied to the selected package (id, percent, euro). */
  CT_DISCOUNTS: { ID: string; PERCENT: number; AMOUNT: number }[];
}

export interface RatingContext {
  /** Europe/Nicosia today, Y-m-d. */
  today: string;
  variant?: string;
  /** True for a new policy (not a renewal): promotions apply. */
  newPolicy: boolean;
  /** Promotions earned outside the tariff (a promo code), applied after the tariff's own. */
  promotions?: Promotion[];
}
