// The logged-in fuzz of tests/api/fuzz-portal.test.ts and `npm run fuzz -- --portal`: the demo
// customer 99000001 (Ανδρέας Γεωργίου) sends every state-changing operation with his session and
// CSRF token; his own ids fill the paths; the other customer 99000002 (Ελένη Χαραλάμπους) is the
// one whose ids he tries and whose rows must not change.

import { createHash } from 'node:crypto';
import type { Config } from '../../../src/server/platform/config';
import type { TestService } from './app';
import {
  bodyWithIds,
  type FuzzReport,
  fillPath,
  fuzzOperation,
  type Operation,
  stateChangingOperations,
} from './fuzz';
import { PortalClient } from './portal';

const OWN_MOBILE = '99000001';
const OTHER_MOBILE = '99000002';

/** Limits that would otherwise stop a long run (per IP, per customer, per number). */
export function portalFuzzConfig(base: Config) {
  const unlimited = 1_000_000_000;
  return {
    rateLimit: {
      perMinute: 0,
      otpPerAddressHour: unlimited,
      otpPerIpHour: unlimited,
      contactPerIpHour: unlimited,
      otpAddressCeilingHour: unlimited,
      validationLogPerIpHour: unlimited,
      offersPerIpHour: unlimited,
    },
    portal: {
      ...base.portal,
      demoData: true,
      loginFailuresPerIpHour: unlimited,
      smsPerIpHour: unlimited,
      smsPerNumberHour: unlimited,
      requestsPerCustomerDay: unlimited,
    },
  };
}

/** The portal's state-changing operations (the public ones are fuzzed anonymously by fuzz.test.ts). */
function portalOperations(s: TestService): {
  operations: Operation[];
  components: Record<string, Record<string, unknown>>;
} {
  const { operations, components } = stateChangingOperations(s.app);
  return { operations: operations.filter((o) => o.path.startsWith('/zcp/')), components };
}

type Ids = Record<string, string>;

/** A customer's ids by the names the API gives them (body properties and path parameters). */
async function idsOf(s: TestService, mobile: string): Promise<Ids> {
  const q = async (sql: string) => (await s.testDb.db.query<{ v: string }>(sql, [mobile]))[0]?.v ?? '';
  const customerNo = await q('SELECT customer_no AS v FROM portal_users WHERE mobile = $1');
  const userId = await q('SELECT user_id AS v FROM portal_users WHERE mobile = $1');
  const of = (sql: string) => s.testDb.db.query<{ v: string }>(sql, [customerNo]).then((r) => r[0]?.v ?? '');
  const contractNo = await of(
    'SELECT contract_no AS v FROM contracts WHERE customer_no = $1 ORDER BY 1 LIMIT 1',
  );
  const productId = await of(
    'SELECT product_id AS v FROM contracts WHERE customer_no = $1 ORDER BY contract_no LIMIT 1',
  );
  const claimNo = await of('SELECT claim_no AS v FROM claims WHERE customer_no = $1 ORDER BY 1 LIMIT 1');
  const claimId = await of(
    'SELECT claim_id::text AS v FROM claims WHERE customer_no = $1 ORDER BY claim_no LIMIT 1',
  );
  const offerNo = await of('SELECT offer_no AS v FROM offers WHERE customer_no = $1 ORDER BY 1 LIMIT 1');
  const contactId = await of('SELECT contact_id AS v FROM customers WHERE customer_no = $1');
  return {
    CUSTOMER_NO: customerNo,
    CLIENT_ID: customerNo,
    customerNo,
    USER_ID: userId,
    id: userId,
    CONTRACT_NO: contractNo,
    contractNo,
    PRODUCT_ID: productId,
    productId,
    CLAIM_NO: claimNo,
    claimNo,
    CLAIM_ID: claimId,
    OFFER_NO: offerNo,
    offerNo,
    CONTACT_ID: contactId,
  };
}

async function logIn(s: TestService, mobile: string, password: string, ip: string): Promise<PortalClient> {
  // Fuzzed calls may lock the account (wrong passwords) or end the session: start it over.
  await s.testDb.db.query('UPDATE portal_users SET locked = false, failed_logins = 0 WHERE mobile = $1', [
    mobile,
  ]);
  const c = new PortalClient(s, { ip, lang: 'en' });
  const res = await c.login(mobile, password);
  if (res.statusCode !== 200) throw new Error(`fuzz: login of ${mobile} answered ${res.statusCode}`);
  return c;
}

async function stillLoggedIn(c: PortalClient): Promise<boolean> {
  return (await c.get('/zcp/um/session')).statusCode === 200;
}

export async function loggedInFuzz(
  s: TestService,
  options: {
    runs: number;
    seed: number;
    password: string;
    only?: string;
    onReport?: (r: FuzzReport, ms: number) => void;
  },
): Promise<{ reports: FuzzReport[]; operations: Operation[] }> {
  const { operations, components } = portalOperations(s);
  const selected = operations.filter((o) => !options.only || o.path.startsWith(options.only));
  const own = await idsOf(s, OWN_MOBILE);
  let client = await logIn(s, OWN_MOBILE, options.password, '10.250.0.1');
  const reports: FuzzReport[] = [];
  for (const op of selected) {
    const started = Date.now();
    if (!(await stillLoggedIn(client))) client = await logIn(s, OWN_MOBILE, options.password, '10.250.0.1');
    const c = client;
    const report = await fuzzOperation(
      (method, url, payload, contentType) =>
        c.request(method as 'POST', url, payload, { headers: { 'content-type': contentType } }),
      op,
      components,
      { runs: options.runs, seed: options.seed, pathValue: (name) => own[name] ?? 'X' },
    );
    reports.push(report);
    options.onReport?.(report, Date.now() - started);
  }
  return { reports, operations: selected };
}

/** Every row of the other customer (tables with a customer_no), hashed. */
async function snapshot(s: TestService, customerNo: string): Promise<Record<string, string>> {
  const tables = await s.testDb.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE column_name = 'customer_no' AND table_schema = current_schema() ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    const rows = await s.testDb.db.query(`SELECT * FROM ${table_name} WHERE customer_no = $1`, [customerNo]);
    // The login's own bookkeeping is not the customer's data.
    const clean = rows.map((r) => {
      const { last_login_at: _l, last_seen_at: _s, ...rest } = r as Record<string, unknown>;
      return rest;
    });
    out[table_name] = createHash('sha256').update(JSON.stringify(clean)).digest('hex');
  }
  return out;
}

/**
 * Customer 99000001 sends every operation with 99000002's ids (in the body and the path). A leak is
 * an answer holding her name, national id or e-mail, or any change to her rows.
 */
export async function foreignIdProbe(
  s: TestService,
  options: { seed: number; password: string },
): Promise<{ leaks: string[]; operations: number }> {
  const { operations, components } = portalOperations(s);
  const theirs = await idsOf(s, OTHER_MOBILE);
  const [person] = await s.testDb.db.query<{
    first_name: string;
    last_name: string;
    id_number: string;
    email: string;
  }>('SELECT first_name, last_name, id_number, email FROM customers WHERE customer_no = $1', [
    theirs.CUSTOMER_NO,
  ]);
  const markers = [person.last_name, person.id_number, person.email].filter((m) => m && m.length > 3);
  const before = await snapshot(s, theirs.CUSTOMER_NO);
  let client = await logIn(s, OWN_MOBILE, options.password, '10.250.1.1');
  const leaks: string[] = [];
  for (const op of operations) {
    if (!(await stillLoggedIn(client))) client = await logIn(s, OWN_MOBILE, options.password, '10.250.1.1');
    const url = fillPath(op.path, (name) => theirs[name] ?? 'X');
    const body = JSON.stringify(bodyWithIds(op.schema, components, (k) => theirs[k], options.seed) ?? {});
    const res = await client.request(op.method, url, body, {
      headers: { 'content-type': 'application/json' },
    });
    const shown = markers.find((m) => res.body.includes(m));
    if (shown) leaks.push(`${op.method} ${op.path} answered ${res.statusCode} with "${shown}"`);
    if (res.statusCode >= 500) leaks.push(`${op.method} ${op.path} answered ${res.statusCode}`);
  }
  const after = await snapshot(s, theirs.CUSTOMER_NO);
  for (const table of Object.keys(before)) {
    if (before[table] !== after[table]) leaks.push(`the other customer's ${table} rows changed`);
  }
  return { leaks, operations: operations.length };
}
