// The studio's admin pages in Chromium against the real service (issue 26): an admin in Greek at
// 390 px creates a staff account, is refused a duplicate e-mail and a missing name in words beside
// the field, changes the account's role and disables it after a confirmation; an admin in English
// at 1280 px filters the audit trail down to exactly those actions and downloads them as CSV; an
// editor gets no admin links and both pages refuse them, as does the service. Axe on every screen.
// E-mails are unique per run: the server may be reused between runs.

import { expect } from '@playwright/test';
import { localeText } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import { S, STAFF, staffPage, studioCall } from './studioSupport';
import { expectAccessible, expectNoSideScroll } from './support';

test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const NEW_EMAIL = `niki.ioannou.${run}@gic.com.cy`;
const NEW_NAME = 'Νίκη Ιωάννου';
/** The created account's id, read from its row: the audit trail's target. */
let newId = '';

test('an admin creates an account, is refused a duplicate, changes its role and disables it (el, 390 px)', async ({
  browser,
}) => {
  const lang = 'el';
  const { page, problems } = await staffPage(browser, lang, 390, STAFF.admin, '/studio/staff');
  await expect(page.getByRole('heading', { level: 1, name: S(lang, 'staff.title') })).toBeVisible();
  const nav = page.getByRole('navigation', { name: S(lang, 'layout.nav') });
  await expect(nav.getByRole('link', { name: S(lang, 'layout.staff') })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId(`staff-${STAFF.editor}`)).toBeVisible();
  await expectAccessible(page, 'studio staff (el, 390)');
  await expectNoSideScroll(page, 390, 'studio staff (el, 390)');

  const form = page.getByRole('region', { name: S(lang, 'staff.create.title') });
  const name = form.getByLabel(S(lang, 'staff.create.name'));
  const email = form.getByLabel(S(lang, 'staff.create.email'));
  const submit = form.getByRole('button', { name: S(lang, 'staff.create.submit') });

  // A missing name: refused by the service, its words beside the field.
  await email.fill(NEW_EMAIL);
  await submit.click();
  await expect(form.getByText(localeText(lang, 'studio:errors.name'))).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await expectAccessible(page, 'studio staff, a refused name (el, 390)');

  await name.fill(NEW_NAME);
  await form.getByLabel(S(lang, 'staff.create.role')).selectOption('editor');
  await submit.click();
  await expect(page.getByTestId('staff-status')).toHaveText(
    S(lang, 'staff.done.create', { email: NEW_EMAIL }),
  );
  await expect(page.getByTestId('handover-password')).toHaveText(/\S{10,}/);
  const row = page.getByTestId(`staff-${NEW_EMAIL}`);
  await expect(row).toContainText(S(lang, 'staff.status.active'));
  await expect(row).toContainText(S(lang, 'staff.never'));
  newId = ((await row.locator('th code').textContent()) ?? '').trim();
  expect(newId).toMatch(/^S\d+$/);

  // The same e-mail again, in capitals: the service refuses it, said beside the e-mail field.
  await name.fill('Νίκη Ι.');
  await email.fill(NEW_EMAIL.toUpperCase());
  await submit.click();
  await expect(form.getByText(localeText(lang, 'studio:errors.staffExists'))).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId(`staff-${NEW_EMAIL}`)).toHaveCount(1);

  // A new role: editor to publisher.
  const role = row.getByLabel(S(lang, 'staff.rolePicker.label', { email: NEW_EMAIL }));
  await expect(role).toHaveValue('editor');
  const change = row.getByRole('button', { name: S(lang, 'staff.rolePicker.save', { email: NEW_EMAIL }) });
  await expect(change).toBeDisabled();
  await role.selectOption('publisher');
  await change.click();
  await expect(page.getByTestId('staff-status')).toHaveText(
    S(lang, 'staff.done.role', { email: NEW_EMAIL, role: S(lang, 'roles.publisher') }),
  );
  await expect(role).toHaveValue('publisher');
  await expect(change).toBeDisabled();

  // One's own row offers no role change and no disabling (the service refuses both).
  const own = page.getByTestId(`staff-${STAFF.admin}`);
  await expect(own).toContainText(S(lang, 'staff.you'));
  await expect(own.getByRole('combobox')).toHaveCount(0);
  await expect(own.getByRole('button', { name: S(lang, 'staff.actions.disable.short') })).toHaveCount(0);

  // Disabling asks first; cancelling changes nothing.
  const disable = row.getByRole('button', {
    name: S(lang, 'staff.actions.disable.label', { email: NEW_EMAIL }),
  });
  await disable.click();
  const dialog = page.getByRole('dialog', {
    name: S(lang, 'staff.confirm.disable.title', { email: NEW_EMAIL }),
  });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'studio staff, confirm disabling (el, 390)');
  await dialog.getByRole('button', { name: S(lang, 'admin.cancel') }).click();
  await expect(dialog).toBeHidden();
  await expect(disable).toBeFocused();
  await expect(row).toContainText(S(lang, 'staff.status.active'));

  await disable.click();
  await dialog.getByRole('button', { name: S(lang, 'staff.confirm.disable.yes') }).click();
  await expect(page.getByTestId('staff-status')).toHaveText(
    S(lang, 'staff.done.disable', { email: NEW_EMAIL }),
  );
  await expect(row).toContainText(S(lang, 'staff.status.disabled'));
  await expect(
    row.getByRole('button', { name: S(lang, 'staff.actions.enable.label', { email: NEW_EMAIL }) }),
  ).toBeVisible();

  const listed = await page.request.get('/zcp/studio/staff');
  const account = (
    (await listed.json()) as { STAFF: { EMAIL: string; ROLE: string; DISABLED: boolean }[] }
  ).STAFF.find((a) => a.EMAIL === NEW_EMAIL);
  expect(account).toMatchObject({ ROLE: 'publisher', DISABLED: true });

  await expectAccessible(page, 'studio staff after the changes (el, 390)');
  await expectNoSideScroll(page, 390, 'studio staff after the changes (el, 390)');
  await page.screenshot({ path: 'test-results/studio-staff-el-390.png', fullPage: true });
  expect(problems).toEqual([]);
  await page.context().close();
});

test('an admin filters the audit trail and sees those actions, newest first (en, 1280 px)', async ({
  browser,
}) => {
  const lang = 'en';
  expect(newId, 'the account of the test before').not.toBe('');
  const { page, problems } = await staffPage(browser, lang, 1280, STAFF.admin, '/studio/audit');
  await expect(page.getByRole('heading', { level: 1, name: S(lang, 'audit.title') })).toBeVisible();
  await expect(page.getByTestId('audit-count')).toBeVisible();
  await expectAccessible(page, 'studio audit (en, 1280)');

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Nicosia' }).format(new Date());
  const filter = page.getByRole('form', { name: S(lang, 'audit.filters.title') });
  await filter.getByLabel(S(lang, 'audit.filters.ACTOR')).fill('christos');
  await filter.getByLabel(S(lang, 'audit.filters.ACTION')).fill('staff.');
  await filter.getByLabel(S(lang, 'audit.filters.TARGET')).fill(newId);
  await filter.getByLabel(S(lang, 'audit.filters.FROM')).fill(today);
  await filter.getByLabel(S(lang, 'audit.filters.TO')).fill(today);
  await filter.getByRole('button', { name: S(lang, 'audit.filters.apply') }).click();

  await expect(page).toHaveURL(new RegExp(`target=${newId}`));
  await expect(page.getByTestId('audit-count')).toHaveText(S(lang, 'audit.list.count_other', { count: 3 }));
  const rows = page.locator('.admin-table tbody tr');
  await expect(rows).toHaveCount(3);
  for (const [i, action] of ['staff.disable', 'staff.role', 'staff.create'].entries()) {
    await expect(rows.nth(i)).toContainText(action);
    await expect(rows.nth(i)).toContainText(`staff:${newId}`);
    await expect(rows.nth(i)).toContainText(STAFF.admin);
  }
  // The role change's record: before and after.
  await rows.nth(1).getByText(S(lang, 'audit.details.show')).click();
  await expect(rows.nth(1).locator('pre').first()).toContainText('"ROLE": "editor"');
  await expect(rows.nth(1).locator('pre').last()).toContainText('"ROLE": "publisher"');
  await expectAccessible(page, 'studio audit filtered (en, 1280)');
  await expectNoSideScroll(page, 1280, 'studio audit filtered (en, 1280)');

  // A filter after the page was reloaded is still the same; the CSV is the same filter.
  await page.reload();
  await expect(page.getByTestId('audit-count')).toHaveText(S(lang, 'audit.list.count_other', { count: 3 }));
  await expect(
    page
      .getByRole('form', { name: S(lang, 'audit.filters.title') })
      .getByLabel(S(lang, 'audit.filters.TARGET')),
  ).toHaveValue(newId);
  const csvLink = page.getByRole('link', { name: S(lang, 'audit.csv') });
  const href = (await csvLink.getAttribute('href')) ?? '';
  expect(href).toContain(`TARGET=${newId}`);
  expect(href).toContain('ACTION=staff.');
  const csv = await page.request.get(href);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  const lines = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(4);
  expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual(['staff.disable', 'staff.role', 'staff.create']);

  // A filter nothing matches says so.
  await filter.getByLabel(S(lang, 'audit.filters.ACTION')).fill('no.such.action');
  await filter.getByRole('button', { name: S(lang, 'audit.filters.apply') }).click();
  await expect(page.getByTestId('audit-count')).toHaveText(S(lang, 'audit.list.empty'));

  await page.screenshot({ path: 'test-results/studio-audit-en-1280.png', fullPage: true });
  expect(problems).toEqual([]);
  await page.context().close();
});

test('an editor gets no admin links, the pages refuse them and so does the service (en, 1280 px)', async ({
  browser,
}) => {
  const lang = 'en';
  const { page, problems } = await staffPage(browser, lang, 1280, STAFF.editor, '/studio/staff');
  const nav = page.getByRole('navigation', { name: S(lang, 'layout.nav') });
  await expect(nav.getByRole('link', { name: S(lang, 'layout.flows') })).toBeVisible();
  await expect(nav.getByRole('link', { name: S(lang, 'layout.staff') })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: S(lang, 'layout.audit') })).toHaveCount(0);
  const refusal = S(lang, 'admin.notAllowed', { role: S(lang, 'roles.admin') });
  await expect(page.getByRole('heading', { level: 1, name: S(lang, 'staff.title') })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(refusal);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page, 'studio staff refused to an editor (en, 1280)');

  await page.goto('/studio/audit');
  await expect(page.getByRole('heading', { level: 1, name: S(lang, 'audit.title') })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(refusal);
  await expect(page.getByRole('link', { name: S(lang, 'audit.csv') })).toHaveCount(0);

  for (const path of ['staff', 'audit', 'audit.csv']) {
    const res = await page.request.get(`/zcp/studio/${path}`);
    expect(res.status(), path).toBe(403);
    expect(((await res.json()) as { CODE: string }).CODE).toBe('FORBIDDEN_ROLE');
  }
  const role = await studioCall(page, 'PUT', 'staff/S100001/role', { ROLE: 'admin' });
  expect(role.status()).toBe(403);
  expect(problems).toEqual([]);
  await page.context().close();
});
