// Shapes of the public /zcp calls, with the spec's field names. Where the spec says "not shown"
// the project chose the shape (docs/decisions.md); the service answers with the same names.

import type { CheckPoint } from '../engine/checkpoints';

/** A product's rulesKey in its flow.json (MOTOR, PROPERTY …). */
export type RulesKey = string;

export interface EtText {
  TEXT_NAME: string;
  TEXT: string;
}

/** GET /zcp/offer/RulesDetail/{key}. */
export interface RulesDetail {
  ET_TEXTS: EtText[];
  ET_CHECK_POINTS: CheckPoint[];
}

/** A list entry; some lists carry more attributes (a garage's address, a model's seats). */
export interface LovValue {
  VALUE: string;
  TEXT: string;
  [attribute: string]: unknown;
}

/** One list of values (GET /zcp/lov/dep/…, /lov/yesno, /lov/CpBankList, /lov/GARAGE). */
export interface LovList {
  LOV_NAME: string;
  LOV_VALUE: LovValue[];
  /** For a dependent list: the key values it was filtered by. */
  DEPENDENCIES?: { KEY: string; VALUE: string }[];
}

/** GET /zcp/lov/multi: one list per name asked, in the order asked. */
export type LovMultiAnswer = LovList[];

/** POST /zcp/otp/generate. */
export interface OtpGenerateRequest {
  I_MAIL_ADDRESS: string;
}

/** POST /zcp/otp/validate. */
export interface OtpValidateRequest {
  I_TOKEN: string;
  I_MAIL_ADDRESS: string;
}

/** A product's key in capitals (MOTOR …), 'OTHER', or '' when none was chosen. */
export type ContactProduct = string;

/** POST /zcp/contact_us/contactus: a call-back request. */
export interface ContactRequest {
  FULL_NAME: string;
  MOB_PHONE_NO: string;
  MAIL_ADDRESS: string;
  /** HH:MM within the call centre's hours, or '' for any time. */
  PREFERRED_TIME: string;
  PRODUCT: ContactProduct;
  MESSAGE: string;
  LANGUAGE: string;
  /** Set when the request follows a referral: the rule's error-type code. */
  ERROR_TEXT_TYPE?: string;
  OFFER_NO?: string;
}

/** The call-back's reference and the date by which we call (Y-m-d). */
export interface ContactAnswer {
  REFERENCE: string;
  DUE_DATE: string;
}

/** POST /zcp/log/validations: a client-side validation failure, for the product team's statistics. */
export interface ValidationLogEntry {
  FLOW_ID: string;
  STEP: string;
  FIELD: string;
  RULE: string;
  LANGUAGE: string;
}

/** POST /zcp/cookies/gettexts. */
export interface CookieTexts {
  ET_TEXTS: EtText[];
}

export interface FaqCategory {
  ID: string;
  TEXT: string;
}

export interface FaqQuestion {
  ID: string;
  CATEGORY_ID: string;
  QUESTION: string;
  ANSWER: string;
}

/** GET /zcp/CommonParams/FAQs. */
export interface FaqAnswer {
  CATEGORIES: FaqCategory[];
  QUESTIONS: FaqQuestion[];
}

/** POST /zcp/jcc/JCCFunc/REGPAY: the offer to pay (the amount is the service's, never the client's). */
export interface RegPayRequest {
  CS_POLICY: { OFFER_NO: string; PRODUCT_ID?: string | number };
  LANGUAGE?: string;
  PAYMENT_METHOD?: string;
}

/** ES_RETURN_DATA: the signed form the browser posts to the card provider's page. */
export interface EsReturnData {
  URL: string;
  METHOD: 'POST';
  ORDER_ID: string;
  FIELDS: Record<string, string>;
}

export interface RegPayAnswer {
  ES_RETURN_DATA: EsReturnData;
}

export type OrderStatus = 'SUCCESS' | 'SUCCESS_PENDING' | 'FAILED' | 'PENDING';

/** GET /zcp/paymeth/ORDSTAT?ORDER_ID=… */
export interface OrderStatusAnswer {
  ORDER_ID: string;
  STATUS: OrderStatus;
  CONTRACT_NO?: string;
  OFFER_NO: string;
  PRODUCT_ID: string;
  /** Euro. */
  AMOUNT: number;
  /** The outcome in words, in the visitor's language. */
  MESSAGE?: string;
  /** The provider's reason for a failed payment. */
  REASON_TEXT?: string;
}

export interface Announcement {
  ID: string;
  LEVEL: 'info' | 'warning';
  TITLE: string;
  TEXT: string;
  VALID_FROM?: string;
  VALID_TO?: string;
}

/** GET /zcp/announcement. */
export interface AnnouncementAnswer {
  CT_ANNOUNCEMENTS: Announcement[];
}

/** POST /zcp/promo/validate. */
export interface PromoValidateRequest {
  PROMO_CODE: string;
}

/** GET /zcp/offer/detail/{offerNo}/{productId}: the offer's quote, re-rated today. */
export type OfferDetail = Record<string, unknown> & {
  CS_POLICY: Record<string, unknown> & {
    OFFER_NO: string;
    EXPIRY_DATE: string;
    PREMIUM_AFTER_DISC_AMOUNT?: number;
  };
  /** 'X' when the premium is not the one the offer was given with. */
  DATA_CHANGED: '' | 'X';
  /** 'X' when a start date that had passed moved to today. */
  DATES_CHANGED: '' | 'X';
  /** The premium the offer was given with, euro. */
  PREVIOUS_AMOUNT: number;
  /** A renewal offer: the contract it renews and the answers to confirm again (quote paths). */
  RENEWAL?: { CONTRACT_NO: string; RECONFIRM: string[] };
};
