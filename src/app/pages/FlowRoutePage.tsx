// The flow routes: /{product}/offer/{step}, /{product}/payment/{step}, /{motor|property}/send-offer.
// The step must be a positive number; the flow itself is the lead's FlowPage, loaded lazily.

import { useParams } from 'react-router';
import { NotFoundPage } from '../../shell/pages/NotFoundPage';
import type { FlowSection, ProductKey } from '../../shell/routeTable';
import { parseStep } from '../../shell/routeTable';
import { lazyNamed } from '../../ui/lazy';
import { PromoLink } from '../components/PromoLink';
import { usePromo } from '../state/promo';

const FlowPage = lazyNamed(() => import('../../ui/FlowPage'), 'FlowPage');

export function FlowRoutePage({ product, section }: { product: ProductKey; section: FlowSection }) {
  const params = useParams();
  const promo = usePromo();
  const step = section === 'send-offer' ? 1 : parseStep(params.step);
  if (step === null) return <NotFoundPage />;
  return (
    <FlowPage
      key={product}
      flowId={product}
      section={section}
      step={step}
      // The promo block travels in every quote, so the service prices with the code (or without it
      // once removed).
      values={{ CS_PROMO: promo ?? {} }}
      aside={<PromoLink />}
    />
  );
}
