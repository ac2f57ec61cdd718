// The certificate of insurance (issue 28 item 6). In the portal: the PDF of one of the customer's
// own contracts (POST /zcp/contract/certificate) and the revocation of its QR code (…/revoke).
// In public, for the police or a garage: GET /zcp/verify/{token}, valid or not, with the plate and
// the period only, nothing personal, rate limited per address.

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FlowBundle } from '../../../engine/flow/bundle';
import { getPath } from '../../../engine/paths';
import { auth, coded, requireSession } from '../../accounts/http';
import type { CustomerRow } from '../../customers/store';
import type { Db } from '../../db';
import { type ServiceContext, today } from '../../platform/context';
import { ApiError, requestLang } from '../../platform/errors';
import type { Lang } from '../../platform/i18n';
import { hitLimit } from '../../platform/rateLimit';
import { answers, body, noContent, str } from '../../platform/schemaParts';
import { type ContractDetail, contractDetail, holderName, ownContract, type StoredContract } from '../detail';
import { certificateFileName, certificatePdf } from './pdf';
import { certificateOf, currentToken, revokeToken, TOKEN_PATTERN } from './store';

const TAG = 'portal: contracts';
const CONTRACT_KEY = body({ CONTRACT_NO: str(20), PRODUCT_ID: str(10) }, ['CONTRACT_NO', 'PRODUCT_ID']);
type ContractKey = { CONTRACT_NO: string; PRODUCT_ID: string };

/** What the verification page is told: never a name, an id or a policy number. */
export type Verification = {
  VALID: boolean;
  STATUS: 'VALID' | 'NOT_YET_VALID' | 'EXPIRED' | 'NOT_IN_FORCE' | 'REVOKED';
  LICENSE_PLATE: string;
  START_DATE: string;
  EXPIRY_DATE: string;
};

const certificateOfFlow = (bundles: FlowBundle[], flowId: string) =>
  bundles.find((b) => b.flow.id === flowId)?.flow.product?.certificate;

/** The verdict on a certificate today: revoked, not in force (withdrawn, cancelled), not yet, ended, or valid. */
export function verdict(
  cert: { revoked: boolean; status: string; start_date: string; expiry_date: string },
  on: string,
): Verification['STATUS'] {
  if (cert.revoked) return 'REVOKED';
  if (cert.status !== 'ACTIVE') return 'NOT_IN_FORCE';
  if (on < cert.start_date) return 'NOT_YET_VALID';
  if (on > cert.expiry_date) return 'EXPIRED';
  return 'VALID';
}

async function verify(
  db: Db,
  bundles: FlowBundle[],
  token: string,
  on: string,
): Promise<Verification | undefined> {
  const cert = await certificateOf(db, token);
  const config = cert && certificateOfFlow(bundles, cert.flow_id);
  if (!cert || !config) return undefined;
  const status = verdict(cert, on);
  const plate = getPath(cert.data, config.platePath);
  return {
    VALID: status === 'VALID',
    STATUS: status,
    LICENSE_PLATE: typeof plate === 'string' ? plate : '',
    START_DATE: cert.start_date,
    EXPIRY_DATE: cert.expiry_date,
  };
}

const unknownCertificate = () => coded(404, 'errors.certificate.unknown', 'NOT_FOUND');

type CertificateConfig = NonNullable<ReturnType<typeof certificateOfFlow>>;

/** The certificate PDF of a contract in force, with the QR code of its current token. */
async function drawCertificate(
  ctx: ServiceContext,
  row: StoredContract,
  config: CertificateConfig,
  detail: ContractDetail & Record<string, unknown>,
  lang: Lang,
): Promise<{ pdf: Buffer; fileName: string }> {
  const token = await currentToken(ctx.db, row.contract_no, ctx.now());
  const contract = detail.CS_CONTRACT;
  const pdf = await certificatePdf({
    lang,
    config,
    data: row.data,
    contractNo: row.contract_no,
    holderName: holderName(row.data, detail),
    vehicle: String(detail.CS_OBJECT.OBJECT_DESC ?? ''),
    cover: String(contract.PACKAGE_DESC ?? ''),
    startDate: row.start_date,
    expiryDate: row.expiry_date,
    issuedOn: today(ctx),
    verifyUrl: `${ctx.config.publicUrl}/verify/${token}`,
  });
  return { pdf, fileName: certificateFileName(row.contract_no, lang) };
}

/**
 * The certificate of a contract already checked to be the caller's (the documents' page): 409 when
 * its product has none or it is not in force, as on the contract page.
 */
export async function renderCertificate(
  ctx: ServiceContext,
  row: StoredContract,
  customer: CustomerRow,
  lang: Lang,
): Promise<{ pdf: Buffer; fileName: string }> {
  const config = certificateOfFlow(ctx.bundles, row.flow_id);
  if (!config) throw coded(409, 'errors.certificate.none', 'NO_CERTIFICATE');
  const detail = contractDetail(row, ctx.bundles, customer, lang, today(ctx));
  if (detail.CS_CONTRACT.CERTIFICATE !== true)
    throw coded(409, 'errors.certificate.notInForce', 'NOT_IN_FORCE');
  return drawCertificate(ctx, row, config, detail, lang);
}

export function certificateRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const active = requireSession(ctx, 'ACTIVE');

  /** The caller's own contract with a certificate in force, or the reason there is none. */
  async function certifiable(request: FastifyRequest<{ Body: ContractKey }>) {
    const { customer } = auth(request);
    const row = await ownContract(ctx.db, customer, request.body.CONTRACT_NO, request.body.PRODUCT_ID);
    const config = certificateOfFlow(ctx.bundles, row.flow_id);
    if (!config) throw coded(409, 'errors.certificate.none', 'NO_CERTIFICATE');
    const lang = requestLang(request);
    const detail = contractDetail(row, ctx.bundles, customer, lang, today(ctx));
    if (detail.CS_CONTRACT.CERTIFICATE !== true)
      throw coded(409, 'errors.certificate.notInForce', 'NOT_IN_FORCE');
    return { row, config, detail, lang };
  }

  return async (app) => {
    app.post<{ Body: ContractKey }>(
      '/contract/certificate',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary:
            "The certificate of insurance of one of the customer's contracts in force, as a PDF with a QR code of the verification page (products with product.certificate: motor)",
          body: CONTRACT_KEY,
          response: answers({
            200: {
              description: 'The certificate (application/pdf, attachment), in the Accept-Language language',
              content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
            },
          }),
        },
      },
      async (request, reply) => {
        const { row, config, detail, lang } = await certifiable(request);
        const { pdf, fileName } = await drawCertificate(ctx, row, config, detail, lang);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );

    app.post<{ Body: ContractKey }>(
      '/contract/certificate/revoke',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary:
            "Revokes the QR code of the contract's certificates (a lost or shared copy): the verification page answers REVOKED for them, and the next certificate gets a new code",
          body: CONTRACT_KEY,
          response: answers(noContent('Revoked (or there was no certificate yet)')),
        },
      },
      async (request, reply) => {
        const { row } = await certifiable(request);
        await revokeToken(ctx.db, row.contract_no, ctx.now());
        return reply.code(204).send();
      },
    );
  };
}

/** GET /zcp/verify/{token}: public, outside the portal's scope (no session, no CSRF: it changes nothing). */
export function verifyRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { token: string } }>(
      '/verify/:token',
      {
        schema: {
          tags: ['certificates'],
          summary:
            'Whether a certificate of insurance is valid today, with the plate and the period only (the page its QR code opens)',
          params: body({ token: str(43) }, ['token']),
          response: answers({
            200: {
              type: 'object',
              required: ['VALID', 'STATUS', 'LICENSE_PLATE', 'START_DATE', 'EXPIRY_DATE'],
              additionalProperties: false,
              properties: {
                VALID: { type: 'boolean' },
                STATUS: { enum: ['VALID', 'NOT_YET_VALID', 'EXPIRED', 'NOT_IN_FORCE', 'REVOKED'] },
                LICENSE_PLATE: { type: 'string' },
                START_DATE: { type: 'string' },
                EXPIRY_DATE: { type: 'string' },
              },
            },
          }),
        },
      },
      async (request) => {
        const allowed = await hitLimit(
          ctx.db,
          {
            bucket: 'VERIFY_IP',
            key: request.ip,
            limit: ctx.config.rateLimit.verifyPerIpHour,
            windowMs: 3600_000,
          },
          ctx.now(),
          ctx.config.sessionSecret,
        );
        if (!allowed)
          throw new ApiError(429, [{ key: 'errors.http.rateLimited', code: 'TOO_MANY' }], {
            CODE: 'TOO_MANY',
          });
        // A malformed code is answered as an unknown one: nothing tells a guesser how close they came.
        if (!new RegExp(TOKEN_PATTERN).test(request.params.token)) throw unknownCertificate();
        const answer = await verify(ctx.db, ctx.bundles, request.params.token, today(ctx));
        if (!answer) throw unknownCertificate();
        return answer;
      },
    );
  };
}
