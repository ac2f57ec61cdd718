// The demo customer's stored home (OF900112) and motor (OF900111) offers with every answer of their
// purchase flows, so they can be bought from /my-offers: reopened in the flow, re-quoted and paid
// (issue 14 item 3). Their stored premiums (498, 298.40) are not today's tariff prices, so opening
// one asks "premium changed, continue with the new price?" as spec §4/§8 describe. Idempotent:
// only an open offer still lacking the answers is completed.

import { setPath } from '../../engine/paths';
import type { Db } from '../db';

/** Answers of the property flow's building, amounts, plans and payment substeps, by quote path. */
const HOME_ANSWERS: Record<string, unknown> = {
  'CS_PROPERTY.DISTRICT': 'NIC',
  'CS_PROPERTY.CITY': 'STROVOLOS',
  'CS_PROPERTY.STREET': 'Λεωφόρος Στροβόλου',
  'CS_PROPERTY.STREET_NUMBER': '112',
  'CS_PROPERTY.POSTAL_CODE': '2003',
  'CS_PROPERTY.BUILDING_TYPE': 'DETACHED',
  'CS_PROPERTY.USE_OF_RESIDENCE': 'PERMANENT',
  'CS_PROPERTY.YEAR_BUILT': 2011,
  'CS_PROPERTY.PROPERTY_AREA': 165,
  'CS_PROPERTY.CONSTRUCTION_FRAMEWORK': 'CONCRETE',
  'CS_PROPERTY.WALLS_TYPE': 'BRICK',
  'CS_PROPERTY.ROOF_TYPE': 'CONCRETE_TILED',
  'CS_PROPERTY.NUMBER_OF_FLOORS': 2,
  'CS_PROPERTY.BASEMENTS': 0,
  'CS_PROPERTY.UNDER_CONSTRUCTION': '2',
  'CS_PROPERTY.OWNER_OR_TENANT': 'OWNER',
  'CS_PROPERTY.PROFESSIONAL_USE': '2',
  'CS_PROPERTY.PRIOR_REFUSAL': '2',
  'CS_PROPERTY.PAST_DAMAGE': '2',
  'CS_PROPERTY.ADJOINING_BUILDINGS': '2',
  'CS_PROPERTY.FIRE_PROTECTION': '1',
  'CS_PROPERTY.CO_OWNERS': '2',
  'CS_PROPERTY.SAME_ADDRESS': '1',
  'CS_PROPERTY.PROPERTY_VALUE': 230000,
  'CS_PROPERTY.VALUE_OF_CONTENTS': 35000,
  'CS_PROPERTY.VALUE_OF_VALUABLES': 3200,
  CT_VALUABLES: [
    { DESCRIPTION: 'Βέρα και μονόπετρο', VALUE: 1900 },
    { DESCRIPTION: 'Ρολόι Longines', VALUE: 1300 },
  ],
  'CS_PROPERTY.SAFE_BOX': '2',
  'CS_PROPERTY.PHOTOVOLTAICS': '1',
  'CS_PROPERTY.PHOTOVOLTAIC_VALUE': 7200,
  'CS_PROPERTY.PHOTOVOLTAIC_PLACE': 'ROOF',
  'CS_PROPERTY.MORTGAGE': '1',
  'CS_PROPERTY.MORTGAGE_ORGANISATION': 'BOC',
  'CS_PROPERTY.MORTGAGE_TYPE': 'HOUSING',
  'CS_PROPERTY.ALARM': '1',
  'CS_PROPERTY.ALARM_CONNECTION': 'MONITORING',
  'CS_PROPERTY.UNOCCUPIED': '2',
  'CS_PROPERTY.EXCESS_DEDUCTIBLE': 'D600',
  'CS_POLICY.CONS_VALID_DATA': true,
  'CS_POLICY.CONS_PRECONTR_INFO': true,
  'CS_POLICY.CONS_GDPR': true,
};

/** The motor flow's answers beyond the vehicle register's (the Corolla NXY433 is in it). */
const MOTOR_ANSWERS: Record<string, unknown> = {
  'CS_VEHICLE.SEARCH_BY': 'PLATE',
  'CS_VEHICLE.ELECTRIC': '2',
  'CS_VEHICLE.NEW_VEHICLE': '2',
  'CS_VEHICLE.USED_VEHICLE': '2',
  'CS_VEHICLE.FINANCED': '2',
  'CS_VEHICLE.LEFT_SIDE': '2',
  'CS_VEHICLE.CONVERTIBLE': '2',
  'CS_VEHICLE.RENTAL_USE': '2',
  'CS_VEHICLE.OWNER_NATURAL_PERSON': '1',
  'CS_DRIVERS.NO_OF_DRIVERS': '2',
  'CS_DRIVERS.OWNER_IS_DRIVER': '1',
  'CS_DRIVERS.DRIVER_LICENSE_YEAR': '10',
  'CS_DRIVERS.DATE_OWNER_LICENSE': '2004-09-14',
  'CS_DRIVERS.LICENSE_EXPIRY_DATE': '2031-05-16',
  'CS_DRIVERS.DISTRICT': 'NIC',
  'CS_DRIVERS.DRIVERS_25_70': '1',
  'CS_DRIVERS.CLAIMS_3_YEARS': '2',
  'CS_DRIVERS.FOREIGN_DRIVER': '2',
  'CS_DRIVERS.NON_CY_LICENSE': '2',
  'CS_DRIVERS.REFUSED_BY_INSURER': '2',
  'CS_DRIVERS.INVALIDITY': '2',
  'CS_DRIVERS.CURRENT_INSURER_IND': '1',
  'CS_DRIVERS.CURRENT_INSURER': 'Atlantic Insurance',
  'CS_DRIVERS.CURRENT_INSURER_PLATE': 'NXY433',
  'CS_DRIVERS.COVER_NOTE': '2',
  'CS_USER_EXTRAS.RULES_ACCEPTED': true,
  'CS_VEHICLE.EXCESS_DEDUCTIBLE': 'EX500',
  'CS_VEHICLE.WINDSCREEN_DEDUCTIBLE': 'WS75',
  'CS_VEHICLE.LOSS_OF_USE_DEDUCTIBLE': 'LU50',
  'CS_USER_EXTRAS.TERMS_ACCEPTED': true,
  'CS_POLICY_HOLDER.CONS_PRIVACY': true,
  'CS_POLICY.PAYMENT_METHOD': 'CARD',
};

export const DEMO_HOME_OFFER = 'OF900112';
export const DEMO_MOTOR_OFFER = 'OF900111';

/** Each demo offer, a key its complete answers have (so it is completed once) and its answers. */
const COMPLETE: {
  offerNo: string;
  part: string;
  marker: string;
  answers: Record<string, unknown>;
  cents?: number;
}[] = [
  // A stored price below today's tariff for this home: reopening it asks about the new price.
  {
    offerNo: DEMO_HOME_OFFER,
    part: 'CS_PROPERTY',
    marker: 'USE_OF_RESIDENCE',
    answers: HOME_ANSWERS,
    cents: 49800,
  },
  { offerNo: DEMO_MOTOR_OFFER, part: 'CS_VEHICLE', marker: 'SEARCH_BY', answers: MOTOR_ANSWERS },
];

export async function completeDemoOffers(db: Db): Promise<void> {
  for (const offer of COMPLETE) {
    const [row] = await db.query<{ quote: unknown; premium_cents: number }>(
      `SELECT quote, premium_cents FROM offers WHERE offer_no = $1 AND status = 'OPEN'
          AND NOT (coalesce(quote -> $2, '{}'::jsonb) ? $3)`,
      [offer.offerNo, offer.part, offer.marker],
    );
    if (!row) continue;
    let quote = (typeof row.quote === 'string' ? JSON.parse(row.quote) : row.quote) as Record<
      string,
      unknown
    >;
    for (const [path, value] of Object.entries(offer.answers)) quote = setPath(quote, path, value);
    await db.query('UPDATE offers SET quote = $2::jsonb, premium_cents = $3 WHERE offer_no = $1', [
      offer.offerNo,
      JSON.stringify(quote),
      offer.cents ?? Number(row.premium_cents),
    ]);
  }
}
