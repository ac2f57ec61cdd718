// The upload core (issues 14 and 15): files recognised by their content, size and emptiness
// refused with a translated message, images re-encoded without their location and camera data,
// the original's hash kept, and a file served to its owner only.

import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import type { ApiError } from '../../src/server/platform/errors';
import { ownUpload, saveUpload } from '../../src/server/uploads/files';
import { diskStore } from '../../src/server/uploads/store';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';

let s: TestService;
const limits = { documentMaxBytes: 200_000, photoMaxBytes: 300_000 };

beforeAll(async () => {
  s = await startService({ config: { portal: { ...testConfig().portal, demoData: true } } });
});
afterAll(async () => {
  await s?.close();
});

const uploads = () => ({ db: s.testDb.db, store: diskStore(s.config.uploads.dir), limits, now: s.clock.now });

async function photoWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Copyright: 'Andreas Georgiou' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '34/1 41/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '33/1 2/1 0/1',
      },
    })
    .toBuffer();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as ApiError).messages?.[0]?.code;
  }
  return undefined;
}

describe('saveUpload', () => {
  const base = { customerNo: '900001', purpose: 'test', field: 'FILE' };

  it('re-encodes a photo without its EXIF (location, camera) and keeps the original hash', async () => {
    const original = await photoWithLocation();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const row = await saveUpload(uploads(), {
      ...base,
      kind: 'photo',
      bytes: original,
      name: 'IMG_0042.JPG',
    });
    expect(row.mime).toBe('image/jpeg');
    expect(row.original_sha256).toBe(createHash('sha256').update(original).digest('hex'));
    const stored = await ownUpload(uploads(), '900001', row.upload_id);
    expect(stored).not.toBeNull();
    const meta = await sharp(stored?.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored?.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(row.stored_sha256).not.toBe(row.original_sha256);
  });

  it('recognises a PDF under a .jpg name and stores it as a PDF', async () => {
    const row = await saveUpload(uploads(), {
      ...base,
      kind: 'document',
      bytes: PDF,
      name: 'certificate.jpg',
    });
    expect(row.mime).toBe('application/pdf');
    expect(row.original_name).toBe('certificate.pdf');
  });

  it('refuses a script named .pdf, an empty file, an oversized one and an undecodable image', async () => {
    const script = Buffer.from('#!/bin/sh\nrm -rf /\n');
    expect(
      await refusal(saveUpload(uploads(), { ...base, kind: 'document', bytes: script, name: 'a.pdf' })),
    ).toBe('UPLOAD_WRONG_TYPE');
    expect(
      await refusal(
        saveUpload(uploads(), { ...base, kind: 'document', bytes: Buffer.alloc(0), name: 'a.pdf' }),
      ),
    ).toBe('UPLOAD_EMPTY');
    const big = Buffer.concat([PDF, Buffer.alloc(limits.documentMaxBytes)]);
    expect(
      await refusal(saveUpload(uploads(), { ...base, kind: 'document', bytes: big, name: 'a.pdf' })),
    ).toBe('UPLOAD_TOO_LARGE');
    const truncated = (await photoWithLocation()).subarray(0, 40);
    expect(
      await refusal(saveUpload(uploads(), { ...base, kind: 'photo', bytes: truncated, name: 'a.jpg' })),
    ).toBe('UPLOAD_UNREADABLE');
    // A PDF is a document, not a photo.
    expect(await refusal(saveUpload(uploads(), { ...base, kind: 'photo', bytes: PDF, name: 'a.pdf' }))).toBe(
      'UPLOAD_WRONG_TYPE',
    );
  });
});

describe('GET /zcp/files/{id}', () => {
  it('serves a file to its owner as a sandboxed attachment, and to nobody else', async () => {
    const row = await saveUpload(uploads(), {
      customerNo: '900001',
      purpose: 'test',
      field: 'FILE',
      kind: 'document',
      bytes: PDF,
      name: 'Πιστοποιητικό τράπεζας.pdf',
    });
    const owner = new PortalClient(s, { ip: '10.9.0.1' });
    expect((await owner.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
    const res = await owner.get(`/zcp/files/${row.upload_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('Πιστοποιητικό τράπεζας.pdf'));
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload.equals(PDF)).toBe(true);

    const other = new PortalClient(s, { ip: '10.9.0.2' });
    expect((await other.login('99000002', DEMO_PASSWORD)).statusCode).toBe(200);
    const refused = await other.get(`/zcp/files/${row.upload_id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().MESSAGES[0].MSGTEXT).toBe('The file was not found.');
    expect((await other.get('/zcp/files/not-a-uuid')).statusCode).toBe(404);
    expect((await new PortalClient(s).get(`/zcp/files/${row.upload_id}`)).statusCode).toBe(401);
  });
});
