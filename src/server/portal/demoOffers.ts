// The demo customer's stored home offer (OF900112) with every answer of the property flow, so it can
// be bought from /my-offers: reopened in the purchase flow, re-quoted and paid (issue 14 item 3).
// Its stored premium (498) is not today's tariff price, so opening it asks "premium changed,
// continue with the new price?" as spec §4/§8 describe. Idempotent: only an open offer still
// lacking the answers is completed.

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

export const DEMO_HOME_OFFER = 'OF900112';

export async function completeDemoOffers(db: Db): Promise<void> {
  const [row] = await db.query<{ quote: unknown }>(
    `SELECT quote FROM offers WHERE offer_no = $1 AND status = 'OPEN'
        AND NOT (quote -> 'CS_PROPERTY' ? 'USE_OF_RESIDENCE')`,
    [DEMO_HOME_OFFER],
  );
  if (!row) return;
  let quote = (typeof row.quote === 'string' ? JSON.parse(row.quote) : row.quote) as Record<string, unknown>;
  for (const [path, value] of Object.entries(HOME_ANSWERS)) quote = setPath(quote, path, value);
  // A stored price below today's tariff for this home: reopening it asks about the new price.
  await db.query('UPDATE offers SET quote = $2::jsonb, premium_cents = 49800 WHERE offer_no = $1', [
    DEMO_HOME_OFFER,
    JSON.stringify(quote),
  ]);
}
