// Shapes of the public /zcp calls, with the spec's field names. Where the spec says "not shown"
// the project chose the shape (docs/decisions.md); the service answers with the same names.

import type { CheckPoint } from '../engine/checkpoints';

export type RulesKey = 'MOTOR' | 'PROPERTY' | 'TRAVEL' | 'DRIVER' | 'HUNTER' | 'CYBER';

export interface EtText {
  TEXT_NAME: string;
  TEXT: string;
}

/** GET /zcp/offer/RulesDetail/{key}. */
export interface RulesDetail {
  ET_TEXTS: EtText[];
  ET_CHECK_POINTS: CheckPoint[];
}

export interface LovValue {
  VALUE: string;
  TEXT: string;
}

/** One list of values; DEPENDENCIES names the lists whose values it depends on. */
export interface LovList {
  LOV_NAME: string;
  LOV_VALUE: LovValue[];
  DEPENDENCIES?: string[];
}

/** GET /zcp/lov/multi, /lov/dep/…, /lov/yesno, /lov/CpBankList, /lov/GARAGE. */
export interface LovAnswer {
  ET_LOV: LovList[];
}

/** POST /zcp/otp/generate. */
export interface OtpGenerateRequest {
  I_MAIL_ADDRESS: string;
}

/** POST /zcp/otp/validate. */
export interface OtpValidateRequest {
  I_TOKEN: string;
  I_MAIL_ADDRESS: string;
}

export type PreferredCallTime = 'ANY' | 'MORNING' | 'MIDDAY';

/** POST /zcp/contact_us/contactus: a call-back request. */
export interface ContactRequest {
  FULL_NAME: string;
  MOB_PHONE_NO: string;
  MAIL_ADDRESS: string;
  PREFERRED_TIME: PreferredCallTime;
  /** Product key (motor, property …) or OTHER. */
  PRODUCT: string;
  MESSAGE: string;
  LANGUAGE: string;
  /** Set when the request comes from the error page (referral or unsupported risk). */
  ERROR_TYPE?: string;
  OFFER_NO?: string;
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
  CATEGORY_ID: string;
  DESCRIPTION: string;
}

export interface FaqQuestion {
  QUESTION_ID: string;
  CATEGORY_ID: string;
  QUESTION: string;
  ANSWER: string;
}

/** GET /zcp/CommonParams/FAQs. */
export interface FaqAnswer {
  CATEGORIES: FaqCategory[];
  QUESTIONS: FaqQuestion[];
}

/** POST /zcp/jcc/JCCFunc/REGPAY: what the payment step sends. */
export interface RegPayRequest {
  OFFER_NO: string;
  PRODUCT_ID: string;
  LANGUAGE: string;
  [key: string]: unknown;
}

/** ES_RETURN_DATA: where to send the browser for the card provider's page. */
export interface EsReturnData {
  ORDER_ID: string;
  /** The provider's page; fields are posted to it when FIELDS is present. */
  REDIRECT_URL: string;
  METHOD?: 'GET' | 'POST';
  FIELDS?: Record<string, string>;
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
  AMOUNT: number;
  MESSAGE?: string;
}

export interface Announcement {
  ID: string;
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
