// The portal's documents page (issue 28 item 5): GET /zcp/documents lists everything the customer
// has received, newest first, optionally for one contract; POST /zcp/documents/download draws one
// as a PDF. Every id is checked against the caller (403 for anyone else's, as every contract call).

import type { FastifyPluginAsync } from 'fastify';
import { auth, requireSession } from '../accounts/http';
import { ownContract } from '../contracts/detail';
import { linkPurchases } from '../customers/store';
import type { ServiceContext } from '../platform/context';
import { requestLang } from '../platform/errors';
import { answers, body, open, str } from '../platform/schemaParts';
import { DOCUMENT_KINDS, documentsOf } from './catalogue';
import { renderDocument } from './render';

const TAG = 'portal: documents';

export function documentRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const active = requireSession(ctx, 'ACTIVE');
  return async (app) => {
    app.get<{ Querystring: { CONTRACT_NO?: string; PRODUCT_ID?: string } }>(
      '/documents',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Every document the customer has received, newest first (optionally of one contract)',
          description: `Kinds: ${DOCUMENT_KINDS.join(', ')}. A CONTRACT_NO (with its PRODUCT_ID) that is not the caller's: 403 FORBIDDEN.`,
          querystring: body({ CONTRACT_NO: str(20), PRODUCT_ID: str(10) }, []),
          response: answers({
            200: open(
              '{ DOCUMENTS: [{ DOC_ID, KIND, CONTRACT_NO, PRODUCT_ID, FLOW_ID, DATE, AT, VERSION?, CLAIM_NO?, ENDORSEMENT_TYPE?, STATUS? }] }',
            ),
          }),
        },
      },
      async (request) => {
        const { customer } = auth(request);
        const { CONTRACT_NO: contractNo, PRODUCT_ID: productId } = request.query;
        if (contractNo) await ownContract(ctx.db, customer, contractNo, productId ?? '');
        else await linkPurchases(ctx.db, customer);
        return { DOCUMENTS: await documentsOf(ctx.db, customer.customer_no, contractNo || undefined) };
      },
    );

    app.post<{ Body: { DOC_ID: string } }>(
      '/documents/download',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary:
            'One of the customer’s documents as a PDF, drawn from the records in the Accept-Language language',
          description:
            'A DOC_ID from GET /zcp/documents; one that is not the caller’s (or not a document): 403 FORBIDDEN. A certificate of a contract no longer in force: 409 NOT_IN_FORCE.',
          body: body({ DOC_ID: str(120) }, ['DOC_ID']),
          response: answers({
            200: {
              description: 'The document (application/pdf, attachment)',
              content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
            },
          }),
        },
      },
      async (request, reply) => {
        const { customer } = auth(request);
        const { pdf, fileName } = await renderDocument(
          ctx,
          customer,
          requestLang(request),
          request.body.DOC_ID,
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  };
}
