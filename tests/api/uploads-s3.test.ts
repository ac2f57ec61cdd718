// The upload store on an S3-compatible bucket (UPLOAD_S3_BUCKET), tested against s3rver, a local S3
// fake: a claim photo sent to ClmUplDocuments lands in the bucket, re-encoded without its camera
// data, under the configured prefix; GET /zcp/files/{id} serves it back to its owner only. The
// service picks the store from the environment (loadConfig).

import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { loadConfig, testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';

const BUCKET = 'gic-claims';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let fake: S3rver;
let folder: string;
let endpoint: string;
let s: TestService;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 's3rver-'));
  fake = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: folder,
    configureBuckets: [{ name: BUCKET }],
  });
  const address = (await fake.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  const base = testConfig();
  s = await startService({
    config: {
      portal: { ...base.portal, demoData: true },
      uploads: {
        ...base.uploads,
        s3: {
          bucket: BUCKET,
          endpoint,
          region: 'eu-central-1',
          prefix: 'portal/',
          forcePathStyle: true,
          credentials,
        },
      },
    },
  });
});
afterAll(async () => {
  await s?.close();
  await fake?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('uploaded files on an S3-compatible store', () => {
  it('keeps a claim photo in the bucket, re-encoded, and serves it to its owner only', async () => {
    const andreas = new PortalClient(s, { ip: '10.16.0.1' });
    expect((await andreas.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
    const eleni = new PortalClient(s, { ip: '10.16.0.2' });
    expect((await eleni.login('99000002', DEMO_PASSWORD)).statusCode).toBe(200);

    const home = (await andreas.post('/zcp/claim/SrchPolicy', { PRODUCT_CODE: 'PROPERTY' })).json()
      .CT_POLICY[0];
    const created = await andreas.post('/zcp/claim/CrtClaim', {
      PRODUCT_ID: home.PRODUCT_ID,
      CONTRACT_NO: home.CONTRACT_NO,
      IS_INCIDENT: {
        INCIDENT_DATE: '2026-03-09',
        INCIDENT_TIME: '22:40',
        CAUSE_NO: 'WATER_LEAK',
        CAUSE_DETAILS_NO: 'PIPE',
        DESCRIPTION: 'Έσπασε σωλήνας στο μπάνιο και πλημμύρισε ο διάδρομος.',
      },
      IS_HOME: { POLICE_PRESENCE: '', FIRE_RESCUE_PRESENCE: '' },
      CONSENT_CLAIM_DATA: 'X',
      CONSENT_GDPR: 'X',
      IT_PHOTO_SLOTS: ['INCIDENT_1'],
    });
    expect(created.statusCode).toBe(200);
    const { C_CLAIM_NO, C_CLAIM_ID, C_OBJECT_NO } = created.json();

    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#2e86c1' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' } })
      .toBuffer();
    const sent = await andreas.upload(
      '/zcp/claim/ClmUplDocuments',
      { name: 'σαλόνι.jpg', bytes: photo },
      { CLAIM_NO: C_CLAIM_NO, CLAIM_ID: C_CLAIM_ID, OBJECT_NO: C_OBJECT_NO, SLOT: 'INCIDENT_1' },
    );
    expect(sent.statusCode).toBe(200);
    const uploadId = sent.json().IT_ATTACHMENT_LIST[0].UPLOAD_ID as string;

    // In the bucket under the prefix, and nothing written to the data folder.
    const client = new S3Client({ region: 'eu-central-1', endpoint, forcePathStyle: true, credentials });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'portal/' }));
    expect(listed.Contents).toHaveLength(1);
    const key = listed.Contents?.[0].Key as string;
    expect(key).toMatch(/^portal\/\d{4}-\d{2}\/[0-9a-f-]{36}\.jpg$/);
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    const inBucket = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    expect(inBucket.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect((await sharp(inBucket).metadata()).width).toBe(80);

    const mine = await andreas.get(`/zcp/files/${uploadId}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(inBucket)).toBe(true);
    expect((await eleni.get(`/zcp/files/${uploadId}`)).statusCode).toBe(404);
  });

  it('is chosen by UPLOAD_S3_BUCKET; a bad endpoint stops the start', () => {
    const base = { NODE_ENV: 'test', SESSION_SECRET: 'test-secret-0123456789-abcdefghijklmnop' };
    expect(loadConfig(base).uploads.s3).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        UPLOAD_S3_BUCKET: 'gic-claims',
        UPLOAD_S3_ENDPOINT: 'https://minio.gic.local:9000',
        UPLOAD_S3_PREFIX: 'portal/',
      }).uploads.s3,
    ).toEqual({
      bucket: 'gic-claims',
      endpoint: 'https://minio.gic.local:9000',
      region: 'eu-central-1',
      prefix: 'portal/',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ ...base, UPLOAD_S3_BUCKET: 'b', UPLOAD_S3_ENDPOINT: 'ftp://x' })).toThrow(
      /UPLOAD_S3_ENDPOINT/,
    );
  });
});
