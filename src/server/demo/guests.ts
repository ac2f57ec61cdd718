// Demo buyers without a portal account (issue 28 item 1): each bought a policy on the site, paid
// by card through the sandbox, and got the policy e-mail with its withdrawal link (/withdraw#…),
// which a tester opens from /dev/mailbox. Κυριάκος Ιωάννου bought his home cover yesterday (within
// the 14 days); Παναγιώτα Σωκράτους her car cover 20 days ago (the page says the period is over).
// Added once: a guest whose contract exists is left as a tester changed it.

import { addDays, policyEndDate, todayInNicosia, ymdToDisplay } from '../../engine/dates';
import type { FlowBundle } from '../../engine/flow/bundle';
import { formatEuro } from '../../engine/money';
import { createWithdrawalLink, withdrawalLinkUrl } from '../contracts/withdrawal/links';
import { periodDaysOf } from '../contracts/withdrawal/state';
import type { Db } from '../db';
import { enqueueMail } from '../outbox';
import { SANDBOX_MERCHANT } from '../payments/config';
import { hasKey, t } from '../platform/i18n';

type Guest = {
  contractNo: string;
  offerNo: string;
  flow: string;
  productId: string;
  packageId: string;
  premium: number;
  issuedDaysAgo: number;
  card: string;
  holder: Record<string, string>;
  object: Record<string, unknown>;
};

export const DEMO_GUESTS: Guest[] = [
  {
    contractNo: 'CY9000901',
    offerNo: 'OF900901',
    flow: 'property',
    productId: '157',
    packageId: 'HOME_PLUS',
    premium: 236,
    issuedDaysAgo: 1,
    card: '535522******6150',
    holder: {
      FIRST_NAME: 'Κυριάκος',
      LAST_NAME: 'Ιωάννου',
      NATIONAL_ID_TYPE: 'ID',
      NATIONAL_ID: '712094',
      BIRTH_DATE: '1987-04-19',
      GENDER_ID: 'M',
      MOB_PHONE_NO: '99000021',
      MAIL_ADDRESS: 'kyriakos.ioannou@example.com.cy',
      DISTRICT: 'LAR',
      CITY: 'LARNACA',
      POSTAL_CODE: '6021',
      STREET: 'Οδός Ερμού',
      STREET_NUMBER: '41',
    },
    object: {
      CS_PROPERTY: {
        DISTRICT: 'LAR',
        CITY: 'LARNACA',
        POSTAL_CODE: '6021',
        STREET: 'Οδός Ερμού',
        STREET_NUMBER: '41',
        BUILDING_TYPE: 'HOUSE',
        PROPERTY_AREA: 142,
        PROPERTY_VALUE: 185000,
        OWNER_OR_TENANT: 'OWNER',
        ALARM: '0',
      },
    },
  },
  {
    contractNo: 'CY9000902',
    offerNo: 'OF900902',
    flow: 'motor',
    productId: '120',
    packageId: 'COMP',
    premium: 512,
    issuedDaysAgo: 20,
    card: '431280******4488',
    holder: {
      FIRST_NAME: 'Παναγιώτα',
      LAST_NAME: 'Σωκράτους',
      NATIONAL_ID_TYPE: 'ID',
      NATIONAL_ID: '805561',
      BIRTH_DATE: '1983-12-02',
      GENDER_ID: 'F',
      MOB_PHONE_NO: '99000022',
      MAIL_ADDRESS: 'panagiota.sokratous@example.com.cy',
      DISTRICT: 'PAF',
      CITY: 'GEROSKIPOU',
      POSTAL_CODE: '8200',
      STREET: 'Λεωφόρος Ελλάδος',
      STREET_NUMBER: '9',
    },
    object: {
      CS_VEHICLE: {
        LICENSE_PLATE: 'RCK318',
        CHASSIS_NUMBER: 'WVWZZZAWZMU061542',
        VEHICLE_TYPE: 'CAR',
        MANUFACTURER: 'VOLKSWAGEN',
        MODEL: 'POLO',
        MANUFACTURE_YEAR: 2021,
        ENGINE_CAPACITY: 999,
        NO_OF_SEATS: '5',
        VEHICLE_VALUE: 15400,
        VEHICLE_USE: 'PRIVATE',
      },
    },
  },
];

/** The product's name as the policy e-mail writes it (payments/completion.ts). */
function productName(bundles: FlowBundle[], flowId: string): string {
  const rulesKey = bundles.find((b) => b.flow.id === flowId)?.flow.product?.rulesKey;
  return rulesKey && hasKey('el', `products.${rulesKey}`) ? t('el', `products.${rulesKey}`) : flowId;
}

async function seedGuest(db: Db, g: Guest, today: string, publicUrl: string, bundles: FlowBundle[]) {
  const issuedOn = addDays(today, -g.issuedDaysAgo);
  const end = policyEndDate(issuedOn, { years: 1 });
  const cents = g.premium * 100;
  const at = `${issuedOn}T09:40:00Z`;
  const quote = {
    CS_POLICY_HOLDER: g.holder,
    CS_POLICY: {
      PRODUCT_ID: g.productId,
      PACKAGE_ID: g.packageId,
      START_DATE: issuedOn,
      END_DATE: end,
      AMOUNT: g.premium,
      PREMIUM_AFTER_DISC_AMOUNT: g.premium,
    },
    ...g.object,
    PAYMENT: { PADDED_CARD_NO: g.card },
  };
  await db.query(
    `INSERT INTO offers (offer_no, flow_id, product_id, package_id, quote, premium_cents, mail_address, customer_no,
                         status, expiry_date, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, NULL, 'PAID', $8::date, $9::timestamptz, $9::timestamptz)`,
    [
      g.offerNo,
      g.flow,
      g.productId,
      g.packageId,
      JSON.stringify(quote),
      cents,
      g.holder.MAIL_ADDRESS,
      addDays(issuedOn, 30),
      at,
    ],
  );
  await db.query(
    `INSERT INTO contracts (contract_no, offer_no, product_id, package_id, customer_no, start_date, expiry_date,
       premium_cents, balance_cents, status, data, created_at)
     VALUES ($1, $2, $3, $4, NULL, $5::date, $6::date, $7, 0, 'ACTIVE', $8::jsonb, $9::timestamptz)`,
    [
      g.contractNo,
      g.offerNo,
      g.productId,
      g.packageId,
      issuedOn,
      end,
      cents,
      JSON.stringify({
        ...quote,
        CS_POLICY: { ...quote.CS_POLICY, CONTRACT_NO: g.contractNo, OFFER_NO: g.offerNo },
      }),
      at,
    ],
  );
  const orderId = `${g.offerNo}-1`;
  await db.query(
    `INSERT INTO sandbox_orders (mer_id, order_id, acq_id, amount_cents, currency, capture_flag, mer_resp_url,
       page_token, order_status, action_code, response_code, reason_code, reason_text, reference_no, padded_card_no,
       auth_code, paid_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, '978', 'A', 'http://localhost/zcp/jcc/return', 'demo', 2, 0, '1', '1',
       'Approved', $5, $6, '512907', $7::timestamptz, $7::timestamptz, $7::timestamptz)
     ON CONFLICT DO NOTHING`,
    [
      SANDBOX_MERCHANT.merchantId,
      orderId,
      SANDBOX_MERCHANT.acquirerId,
      cents,
      `DEMO${g.offerNo.slice(-4)}`,
      g.card,
      at,
    ],
  );
  await db.query(
    `INSERT INTO payment_orders (order_id, offer_no, attempt, amount_cents, status, response_code, reason_code,
       reference_no, padded_card_no, auth_code, provider_order_status, contract_no, created_at, updated_at,
       completed_at)
     VALUES ($1, $2, 1, $3, 'APPROVED', '1', '1', $4, $5, '512907', 2, $6, $7::timestamptz, $7::timestamptz,
       $7::timestamptz)`,
    [orderId, g.offerNo, cents, `DEMO${g.offerNo.slice(-4)}`, g.card, g.contractNo, at],
  );
  // The link lives as the real one does: a month past the period (payments/completion.ts).
  const withdrawalDays = periodDaysOf(bundles, g.flow) ?? 0;
  const token = await createWithdrawalLink(
    db,
    g.contractNo,
    new Date(`${addDays(issuedOn, withdrawalDays + 31)}T00:00:00+02:00`),
  );
  await enqueueMail(db, {
    to: g.holder.MAIL_ADDRESS,
    template: 'policyIssued',
    lang: 'el',
    values: {
      withdrawalDays,
      link: withdrawalLinkUrl(publicUrl, token),
      name: `${g.holder.FIRST_NAME} ${g.holder.LAST_NAME}`,
      contractNo: g.contractNo,
      product: productName(bundles, g.flow),
      startDate: ymdToDisplay(issuedOn),
      endDate: ymdToDisplay(end),
      amount: formatEuro(g.premium, 'el'),
    },
  });
}

/** Adds the guests whose contract is missing. */
export async function seedGuestDemo(
  db: Db,
  now: Date,
  publicUrl: string,
  bundles: FlowBundle[],
): Promise<void> {
  const today = todayInNicosia(now);
  for (const guest of DEMO_GUESTS) {
    const [exists] = await db.query('SELECT 1 FROM contracts WHERE contract_no = $1', [guest.contractNo]);
    if (!exists) await db.transaction((tx) => seedGuest(tx, guest, today, publicUrl, bundles));
  }
}
