// @vitest-environment jsdom
// The referral's call-back when the flow names a call for it (referralCallBack, the endorsement
// flows' work order): a button that runs it and says the request was recorded, instead of the link
// to the public call-back form; a failed call says so and the button stays.

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Flow } from '../../../src/engine/flow/types';
import { i18next, initI18n } from '../../../src/i18n';
import { ReferralNotice } from '../../../src/ui/flow/Pauses';

const flow = { id: 'endorsement-home', area: 'portal', steps: [] } as unknown as Flow;

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['flow']);
});
afterEach(cleanup);

function show(onCallBack?: () => Promise<unknown>) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <ReferralNotice
            flow={flow}
            message="cannot be completed automatically"
            type="5"
            onEdit={() => {}}
            onCallBack={onCallBack}
          />
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the referral call-back', () => {
  it('links to the call-back form without a flow call', () => {
    show();
    expect(
      screen.getByRole('link', { name: i18next.t('flow:referral.contactMe') }).getAttribute('href'),
    ).toMatch(/^\/contact\?product=endorsement-home&type=5/);
  });

  it("runs the flow's call and says the request was recorded", async () => {
    const call = vi.fn().mockResolvedValue({ WORKORDER_ID: 'WO300001' });
    show(call);
    expect(screen.queryByRole('link', { name: i18next.t('flow:referral.contactMe') })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: i18next.t('flow:referral.contactMe') }));
    });
    expect(call).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe(i18next.t('flow:referral.callBackDone'));
    expect(screen.queryByRole('button', { name: i18next.t('flow:referral.contactMe') })).toBeNull();
  });

  it('says so when the call fails, and lets the customer try again', async () => {
    const call = vi.fn().mockRejectedValueOnce(new Error('HTTP 500')).mockResolvedValue({});
    show(call);
    const button = screen.getByRole('button', { name: i18next.t('flow:referral.contactMe') });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(screen.getByText(i18next.t('flow:referral.callBackFailed'))).toBeTruthy();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(call).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
