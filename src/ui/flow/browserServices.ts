// The flow machine's services in the browser: the /zcp client.

import { isZcpError } from '../../api/errors';
import { callZcp, generateOtp, getRulesDetail, registerPayment, validateOtp } from '../../api/zcp';
import type { CheckPoint } from '../../engine/checkpoints';
import { todayInNicosia } from '../../engine/dates';
import type { Flow } from '../../engine/flow/types';
import { callRequest } from '../../engine/machine/calls';
import type { FlowServices, OtpResult } from '../../engine/machine/services';
import { getPath } from '../../engine/paths';

const EXPIRED_CODES = ['EXPIRED', 'OTP_EXPIRED', 'OTP_ATTEMPTS'];

export function browserServices(flow: Flow): FlowServices {
  let rules: Promise<readonly CheckPoint[]> | null = null;
  return {
    today: () => todayInNicosia(),
    call: (_name, spec, quote) => {
      const request = callRequest(spec, quote);
      return callZcp(request.method, request.path, request.body);
    },
    checkPoints: () => {
      if (!flow.product) return Promise.resolve([]);
      rules ??= getRulesDetail(flow.product.rulesKey as never).then(
        (r) => r.ET_CHECK_POINTS as readonly CheckPoint[],
      );
      rules.catch(() => {
        rules = null;
      });
      return rules;
    },
    otpGenerate: async (email) => {
      await generateOtp(email, { quiet: true });
    },
    otpValidate: async (email, code): Promise<OtpResult> => {
      try {
        await validateOtp(email, code, { quiet: true });
        return 'ok';
      } catch (error) {
        if (!isZcpError(error) || error.status !== 422) throw error;
        const body = (error.body ?? {}) as { CODE?: string };
        const expired =
          EXPIRED_CODES.includes(body.CODE ?? '') || EXPIRED_CODES.some((id) => error.hasMessageId(id));
        return expired ? 'expired' : 'invalid';
      }
    },
    payment: async (name, quote) => {
      // A payment naming one of the flow's calls (a portal card registration) runs that call.
      const spec = flow.calls?.[name];
      if (spec) {
        const request = callRequest(spec, quote);
        const answer = await callZcp(request.method, request.path, request.body);
        return (answer as { ES_RETURN_DATA: Awaited<ReturnType<FlowServices['payment']>> }).ES_RETURN_DATA;
      }
      const answer = await registerPayment({
        CS_POLICY: {
          OFFER_NO: String(getPath(quote, 'CS_POLICY.OFFER_NO') ?? ''),
          PRODUCT_ID: String(getPath(quote, 'CS_POLICY.PRODUCT_ID') ?? ''),
        },
        LANGUAGE: document.documentElement.lang || 'el',
      } as never);
      return (answer as unknown as { ES_RETURN_DATA: Awaited<ReturnType<FlowServices['payment']>> })
        .ES_RETURN_DATA;
    },
  };
}
