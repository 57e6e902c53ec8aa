import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForApp } from './page-helpers';

/** The organisation journey's steps, as a user takes them in the portal (e2e and interop share them). */

export interface Person {
  email: string;
  name: string;
  password: string;
}

export const person = (email: string, name: string): Person => ({
  email,
  name,
  password: `pw-${crypto.randomUUID()}`,
});

/** Fills the sign-up modal already open on the page and waits for the dashboard. */
export async function signUp(page: Page, who: Person) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(who.email);
  await dialog.getByLabel('Username').fill(who.name);
  for (const i of [0, 1]) await dialog.locator('input[autocomplete="new-password"]').nth(i).fill(who.password);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: `Welcome, ${who.name}` }).waitFor();
}

/** Opens the creation form from the dashboard's Organisations card and submits a name. */
export async function submitOrganisationName(page: Page, baseUrl: string, name: string) {
  await page.goto(`${baseUrl}/dashboard`);
  await waitForApp(page);
  await page.getByRole('link', { name: 'Create organisation' }).last().click();
  const form = page.getByRole('dialog', { name: 'Create an organisation' });
  await form.getByLabel('Organisation name').fill(name);
  await form.getByRole('button', { name: 'Create' }).click();
}

/** Creates an organisation and visits it; answers its address. */
export async function createOrganisation(page: Page, baseUrl: string, name: string) {
  await submitOrganisationName(page, baseUrl, name);
  await page
    .getByRole('dialog', { name: 'Organisation Created' })
    .getByRole('button', { name: 'Visit Organisation' })
    .click();
  await page.waitForURL(/\/org\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name }).waitFor();
  return page.url();
}

/**
 * The owner invites `invitee` on the members page; the e-mail (the outbox of `dataDir`) links to sign-up, where the
 * invitee signs up, confirms the address from the sign-up's mail (accepting needs it, decision 0061) and accepts on
 * the dashboard.
 */
export async function inviteBySignUp(
  owner: Page,
  invitee: Page,
  { orgUrl, dataDir, who, orgName }: { orgUrl: string; dataDir: string; who: Person; orgName: string },
) {
  await owner.goto(`${orgUrl}/members`);
  await owner.getByLabel('E-mail address').fill(who.email);
  await owner.getByRole('button', { name: 'Invite' }).click();
  await owner.getByRole('cell', { name: who.email, exact: true }).waitFor();

  const outbox = join(dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .map((file) => readFileSync(join(outbox, file), 'utf8'))
    .find((text) => text.includes(who.email));
  const link = mail?.match(/http:\/\/\S+\/signup/)?.[0];
  expect(link).toBe(`${new URL(orgUrl).origin}/signup`);

  await invitee.goto(link as string);
  await signUp(invitee, who);
  await invitee.goto(verificationLink(dataDir, who.email));
  await invitee.getByRole('heading', { name: `Welcome, ${who.name}` }).waitFor();
  const card = invitee.getByRole('region', { name: 'Invitations' });
  await card.getByText(orgName).waitFor();
  await card.getByRole('button', { name: `Accept the invitation of ${orgName}` }).click();
  await invitee.getByText(`You joined ${orgName}.`).waitFor();
}

/** The link in the verification mail sent to `email` at sign-up (the outbox of `dataDir`). */
export function verificationLink(dataDir: string, email: string) {
  const outbox = join(dataDir, 'outbox');
  const link = readdirSync(outbox)
    .map((file) =>
      readFileSync(join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => text.includes(`To: ${email}`))
    .map((text) => text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0])
    .find(Boolean);
  expect(link).toBeTruthy();
  return link as string;
}

/** Buys the demo's Season pack (100 credits, €20) for the organisation on the local provider's page. */
export async function buyOrganisationCredits(page: Page, orgUrl: string) {
  await page.goto(orgUrl);
  await page.getByRole('link', { name: 'Buy credits' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Buy credits' });
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: 'Purchase: Season pack' }).click(),
  ]);
  await tab.waitForLoadState();
  await tab.getByRole('button', { name: 'Pay €20.00' }).click();
  await tab.waitForURL(new RegExp(`${orgUrl}/checkout\\?checkoutSessionId=`));
  await tab.getByText('Payment received').waitFor();
  await tab.close();
}

/** A `datetime-local` value, in the browser's (and this process's) time zone. */
const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** Lends the account open in `drawer` to `who` until `until`, from the organisation's accounts page. */
export async function lendAccount(page: Page, drawer: Locator, who: Person, until: Date) {
  await drawer.getByRole('combobox', { name: 'Member' }).click();
  await page.getByRole('option', { name: new RegExp(who.name) }).click();
  await drawer.getByLabel('Until').fill(localInput(until));
  await drawer.getByRole('button', { name: 'Lend to a member' }).click();
  await drawer.getByText(new RegExp(`^Lent to ${who.name} until`)).waitFor();
}
