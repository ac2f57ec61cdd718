// Demo values the endorsement screens need on the demo contracts (never in production: called
// from the portal's demo seeding). Added once, to contracts never changed since they were seeded
// (version 1 without the value), so a customer's own change is never overwritten on a restart.

import type { Db } from '../db';

type Json = Record<string, unknown>;

const DEMO_VALUES: { contractNo: string; object: string; values: Json; top?: Json }[] = [
  {
    // Ανδρέας Γεωργίου's flat in Strovolos: contents, jewellery, a mortgage with the Bank of Cyprus.
    contractNo: 'CY9000102',
    object: 'CS_PROPERTY',
    values: {
      VALUE_OF_CONTENTS: 24000,
      VALUE_OF_VALUABLES: 3500,
      PHOTOVOLTAICS: '2',
      MORTGAGE: '1',
      MORTGAGE_ORGANISATION: 'BOC',
      ALARM_CONNECTION: 'MONITORING',
      UNOCCUPIED: '2',
    },
    top: {
      CT_VALUABLES: [
        { DESCRIPTION: 'Χρυσό κολιέ', VALUE: 2000 },
        { DESCRIPTION: 'Ρολόι χειρός', VALUE: 1500 },
      ],
    },
  },
  // His RAV4: not financed, no trailer.
  { contractNo: 'CY9000101', object: 'CS_VEHICLE', values: { FINANCED: '2', TRAILER: '2' } },
  // Ελένη Χαραλάμπους's house in Germasogeia: contents above 60,000, so not editable online.
  {
    contractNo: 'CY9000202',
    object: 'CS_PROPERTY',
    values: { VALUE_OF_CONTENTS: 64000, ALARM: '2', MORTGAGE: '2' },
  },
];

export async function seedEndorsementDemo(db: Db): Promise<void> {
  for (const demo of DEMO_VALUES) {
    const first = Object.keys(demo.values)[0];
    await db.query(
      `UPDATE contracts
          SET data = jsonb_set(data || $3::jsonb, ARRAY[$2::text], COALESCE(data -> $2::text, '{}'::jsonb) || $4::jsonb)
        WHERE contract_no = $1 AND version = 1 AND NOT (COALESCE(data -> $2::text, '{}'::jsonb) ? $5::text)`,
      [demo.contractNo, demo.object, JSON.stringify(demo.top ?? {}), JSON.stringify(demo.values), first],
    );
  }
}
