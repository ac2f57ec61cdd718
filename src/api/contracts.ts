// The portal's contract and offer calls beyond the dashboard's lists (docs/portal-api.md §10–§11):
// one contract's detail, its policy schedule as a PDF, and one of the customer's stored offers.

import type { CaseHistoryEntry } from './claims';
import { type ZcpCallOptions, zcpCommand, zcpRead } from './client';
import type { RenewalEntry } from './portal';
import type { OfferDetail } from './types';
import { getOfferDetail } from './zcp';

const seg = (s: string) => encodeURIComponent(s);

type Json = Record<string, unknown>;

export interface PaymentData {
  PAYMENT_METHOD: 'CARD' | 'DIRECT_DEBIT' | 'CASH';
  CARD_NUMBER: string;
  CARD_EXPIRY: string;
  BINDING_ID: string;
  IBAN: string;
  BANK: string;
  ACCOUNT_HOLDER: string;
}

/** GET /zcp/contract/detail/{contractNo}/{productId}. */
export interface ContractDetail {
  CS_CONTRACT: {
    CONTRACT_NO: string;
    OFFER_NO?: string;
    PRODUCT_ID: string;
    PRODUCT_CODE: string;
    PRODUCT_DESC?: string;
    CONTRACT_VERSION: number;
    STATUS: string;
    STATUS_DESC?: string;
    START_DATE: string;
    EXPIRY_DATE: string;
    /** A certificate of insurance can be downloaded (a motor contract in force). */
    CERTIFICATE?: boolean;
    /** The contract's renewal, once prepared (issue 28 item 2). */
    RENEWAL?: RenewalEntry | null;
    ZZPREMIUM_BEFORE_DISC_AMOUNT: number;
    ZZPREMIUM_AFTER_DISC_AMOUNT: number;
    ZZBALANCE_AMOUNT: number;
    INSTALLMENT_NUMBER: number;
    PACKAGE_ID: string;
    PACKAGE_DESC: string;
    CT_COVERS: { COVER_ID: string; COVER_DESC: string }[];
  };
  CS_CUSTOMER: Json;
  CS_CUST_ENTITIES: { CS_PAYMENT_DATA: PaymentData };
  CS_OBJECT: Json & { OBJECT_TYPE_CODE?: string; OBJECT_DESC?: string };
  /** The insured object's facts, worded by the service in the request's language. */
  ET_OBJECT_FACTS?: { FIELD: string; LABEL: string; VALUE: string }[];
  /** The contract's payment reviews (none for most contracts). */
  CT_PAYMENT_REVIEWS?: PaymentReviewEntry[];
}

/** A payment the back office reviews (a standing order or direct debit not set up), with its history. */
export interface PaymentReviewEntry {
  REF: string;
  REASON: string;
  REASON_DESC: string;
  STATUS: string;
  STATUS_DESC: string;
  ET_HISTORY: CaseHistoryEntry[];
}

export function getContractDetail(
  contractNo: string,
  productId: string,
  options?: ZcpCallOptions,
): Promise<ContractDetail> {
  return zcpRead('GET', `contract/detail/${seg(contractNo)}/${seg(productId)}`, undefined, options);
}

/** The policy schedule (POST /zcp/GetPDF), in the page's language. */
export function getPolicySchedule(contractNo: string, productId: string): Promise<Blob> {
  return zcpRead<Blob>(
    'POST',
    'GetPDF',
    { CONTRACT_NO: contractNo, PRODUCT_ID: productId },
    { binary: true, quiet: true },
  );
}

/** The certificate of insurance with its QR code (POST /zcp/contract/certificate), in the page's language. */
export function getCertificate(contractNo: string, productId: string): Promise<Blob> {
  return zcpRead<Blob>(
    'POST',
    'contract/certificate',
    { CONTRACT_NO: contractNo, PRODUCT_ID: productId },
    { binary: true, quiet: true },
  );
}

/** Revokes the QR code of the contract's certificates (a lost or shared copy). */
export function revokeCertificate(contractNo: string, productId: string): Promise<true> {
  return zcpCommand(
    'POST',
    'contract/certificate/revoke',
    { CONTRACT_NO: contractNo, PRODUCT_ID: productId },
    { quiet: true },
  );
}

/** One of the logged-in customer's stored offers, re-rated today (no cookie or link token needed). */
export function getOwnOfferDetail(offerNo: string, productId: string): Promise<OfferDetail> {
  return getOfferDetail(offerNo, productId, undefined, { quiet: true });
}
