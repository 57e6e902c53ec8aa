import { brands } from '@fixpoint/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubUser, stubVisitor } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { SALES_FORM_COOKIE } from '../lib/cookies';

type Answer = { status?: number; body?: unknown } | 'network' | 'not-json';

const slow = { timeout: 4000 };

/**
 * A signed-in user (or a visitor) whose `POST /api/sales-requests` answers `answer` once `release()` is called (at
 * once unless `isHeld`); records the bodies sent.
 */
function stubSales(
  answer: Answer = { status: 201, body: { id: 'lead-1' } },
  { isHeld = false, isVisitor = false } = {},
) {
  const sent: Record<string, unknown>[] = [];
  let release = () => {};
  const held = isHeld ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  (isVisitor ? stubVisitor : stubUser)();
  const base = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/sales-requests' || init?.method !== 'POST') return base(input, init);
    sent.push(JSON.parse(String(init.body)));
    await held;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer === 'not-json') return new Response('{"id": ', { status: 201 });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 201 });
  });
  return { sent, release: () => release() };
}

/** Sets or clears a cookie as a page script would. */
function setCookie(text: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API, and the portal reads document.cookie.
  document.cookie = text;
}

const hasCookie = () => document.cookie.split('; ').some((part) => part.startsWith(`${SALES_FORM_COOKIE}=`));

/** Opens the flow from the dashboard's promotion and goes on to step 2. */
async function openContactForm(path = '/dashboard') {
  const app = renderApp(path);
  const promotion = within(
    await screen.findByRole('complementary', { name: 'Launch your branded RTK platform' }, slow),
  );
  await app.user.click(promotion.getByRole('link', { name: 'Learn more' }));
  const intro = within(await screen.findByRole('dialog', { name: 'Launch Your Branded RTK Platform' }, slow));
  await app.user.click(intro.getByRole('button', { name: 'Request a Demo' }));
  const form = within(await screen.findByRole('dialog', { name: 'Contact Sales' }));
  return { ...app, form };
}

async function fillRequired(user: ReturnType<typeof renderApp>['user'], form: ReturnType<typeof within>) {
  await user.type(form.getByRole('textbox', { name: 'First name' }), ' Ada ');
  await user.type(form.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
  await user.type(form.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com ');
}

afterEach(() => {
  setCookie(`${SALES_FORM_COOKIE}=; Max-Age=0; Path=/`);
  setCookie('_gcl_aw=; Max-Age=0; Path=/');
  window.dataLayer = undefined;
});

describe('the sales flow', () => {
  it("opens from the dashboard's promotion on step 1 with the spec's benefits; Request a Demo leads on, Back returns", async () => {
    stubSales();
    const app = renderApp('/dashboard');
    const promotion = within(
      await screen.findByRole('complementary', { name: 'Launch your branded RTK platform' }, slow),
    );
    expect(promotion.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/dashboard?contact=sales');
    await app.user.click(promotion.getByRole('link', { name: 'Learn more' }));

    const dialog = await screen.findByRole('dialog', { name: 'Launch Your Branded RTK Platform' }, slow);
    const intro = within(dialog);
    expect(intro.getByTestId('sales-step')).toHaveTextContent('Step 1 of 2');
    expect(intro.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Sell RTK access on autopilot',
      'Manage fleet access',
      'Build and oversee your own RTK network',
      'Manage third-party subscriptions in the same portal',
      'Integrate any RTK network through one API gateway',
    ]);
    expect(intro.getByTestId('sales-third-party-note')).toHaveTextContent(
      'Check with that network first that selling paid access to its corrections is permitted.',
    );
    expect(intro.getByText('Trusted by 200+ fleets in agri-tech, drone and construction')).toBeInTheDocument();
    expect(intro.getAllByRole('button', { name: 'Close' })).toHaveLength(2);

    await app.user.click(intro.getByRole('button', { name: 'Request a Demo' }));
    const contact = within(await screen.findByRole('dialog', { name: 'Contact Sales' }));
    expect(contact.getByTestId('sales-step')).toHaveTextContent('Step 2 of 2');
    expect(contact.getByRole('textbox', { name: 'First name' })).toHaveFocus();
    expect(contact.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await app.user.type(contact.getByRole('textbox', { name: 'First name' }), 'Ada');

    await app.user.click(contact.getByRole('button', { name: 'Back' }));
    const back = within(await screen.findByRole('dialog', { name: 'Launch Your Branded RTK Platform' }));
    expect(back.getByRole('button', { name: 'Request a Demo' })).toHaveFocus();
    // What was typed stays when going back and forth.
    await app.user.click(back.getByRole('button', { name: 'Request a Demo' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Contact Sales' })).getByRole('textbox', { name: 'First name' }),
    ).toHaveValue('Ada');

    // Close ends the flow and takes the parameter off the address.
    await app.user.click(
      within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' })[0] as HTMLElement,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.router.state.location.search).toBe('');
  });

  it('keeps Submit disabled until first name, last name and a valid e-mail are given, and says why in words', async () => {
    stubSales();
    const { user, form } = await openContactForm();
    const submit = form.getByRole('button', { name: 'Submit' });
    const firstName = form.getByRole('textbox', { name: 'First name' });
    const email = form.getByRole('textbox', { name: 'E-mail' });

    await user.type(firstName, '   ');
    await user.tab();
    expect(await form.findByText('Enter your first name.')).toBeInTheDocument();
    await user.click(form.getByRole('textbox', { name: 'Last name' }));
    await user.tab();
    expect(await form.findByText('Enter your last name.')).toBeInTheDocument();
    await user.click(email);
    await user.tab();
    expect(await form.findByText('Enter your e-mail address.')).toBeInTheDocument();
    await user.type(email, 'ada@example');
    await user.tab();
    expect(await form.findByText('Enter an e-mail address like name@example.com, without spaces.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    const phone = form.getByRole('textbox', { name: /Phone number/ });
    await user.type(phone, '06-CALL-ME');
    await user.tab();
    expect(
      await form.findByText('A phone number can hold only digits, +, -, spaces and parentheses.'),
    ).toBeInTheDocument();

    await user.clear(firstName);
    await user.type(firstName, 'Ada');
    await user.type(form.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    await user.type(email, '.com');
    expect(submit).toBeDisabled();
    await user.clear(phone);
    await waitFor(() => expect(submit).toBeEnabled());
    // The company and the phone number may stay empty.
    expect(form.getByRole('textbox', { name: 'Company' })).toHaveValue('');
  });

  it('starts the phone input on the Netherlands (+31), marked required, and takes another country', async () => {
    const { sent } = stubSales();
    const { user, form } = await openContactForm();
    const country = form.getByRole('combobox', { name: 'Country code' });
    expect(country).toHaveValue('Netherlands (+31)');
    const phone = form.getByRole('textbox', { name: /Phone number/ });
    expect(phone).toHaveAttribute('placeholder', '06 12345678');
    expect(phone).toHaveAttribute('type', 'tel');
    // Marked required as the spec's interface does, yet it may stay empty.
    expect(phone.closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-required')).not.toBeNull();

    await user.click(country);
    await user.click(await screen.findByRole('option', { name: 'Germany (+49)' }));
    expect(country).toHaveValue('Germany (+49)');
    expect(phone).toHaveAttribute('placeholder', '01512 3456789');
    await fillRequired(user, form);
    await user.type(phone, '030 1234567');
    await user.click(form.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.phoneNumber).toBe('+49 30 1234567');
  });

  it("sends the lead with the user's e-mail, the page and the gclid; 'Submitting...' disables both buttons; then 'Thank you!' and the cookie", async () => {
    const { sent, release } = stubSales({ status: 201, body: { id: 'lead-1' } }, { isHeld: true });
    setCookie('_gcl_aw=GCL.1712345678.CjwKCAjw-ad; Path=/');
    const { user, form } = await openContactForm();
    await fillRequired(user, form);
    await user.type(form.getByRole('textbox', { name: 'Company' }), 'Analytical Engines');
    await user.type(form.getByRole('textbox', { name: /Phone number/ }), '06 1234 5678');
    await user.type(form.getByRole('textbox', { name: 'Message' }), 'A demo for 40 tractors, please.');
    await user.click(form.getByRole('button', { name: 'Submit' }));

    const submitting = await form.findByRole('button', { name: 'Submitting...' });
    expect(submitting).toBeDisabled();
    expect(form.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(hasCookie()).toBe(false);
    release();

    const thanks = within(await screen.findByRole('dialog', { name: 'Thank you!' }));
    expect(thanks.getByText('Your request has been submitted. Our team will reach out soon.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        company: 'Analytical Engines',
        phoneNumber: '+31 6 12345678',
        message: 'A demo for 40 tractors, please.',
        loggedInEmail: 'ada@example.com',
        submittedFrom: '/dashboard',
        gclid: 'CjwKCAjw-ad',
      },
    ]);
    expect(hasCookie()).toBe(true);
    expect(window.dataLayer).toContainEqual({ event: 'salesRequestSubmitted', submittedFrom: '/dashboard' });
  });

  it('opens on the thank-you view instead of step 1 while the cookie exists', async () => {
    stubSales();
    setCookie(`${SALES_FORM_COOKIE}=1; Path=/`);
    renderApp('/dashboard?contact=sales');
    const thanks = within(await screen.findByRole('dialog', { name: 'Thank you!' }, slow));
    expect(thanks.getByText('Your request has been submitted. Our team will reach out soon.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Launch Your Branded RTK Platform' })).toBeNull();
  });

  it.each([
    ['a 500', { status: 500, body: { code: 'INTERNAL', message: 'Internal error', requestId: 'r1' } }],
    ['a 429', { status: 429, body: { code: 'RATE_LIMITED', message: 'Too many requests', requestId: 'r2' } }],
    ['a network failure', 'network'],
  ] as const)(
    "shows 'Submission Failed' on %s, never thanks, sets no cookie, and Try Again keeps the form",
    async (kind, answer) => {
      const { sent } = stubSales(answer);
      const { user, form } = await openContactForm();
      await fillRequired(user, form);
      await user.click(form.getByRole('button', { name: 'Submit' }));

      const failed = within(await screen.findByRole('dialog', { name: 'Submission Failed' }));
      expect(
        failed.getByText('Sorry, something went wrong while submitting your request. Please try again later.'),
      ).toBeInTheDocument();
      expect(sent).toHaveLength(1);
      expect(hasCookie()).toBe(false);
      expect(window.dataLayer ?? []).not.toContainEqual(expect.objectContaining({ event: 'salesRequestSubmitted' }));
      // The spec's "success as well" is not reproduced: nothing was stored (decision 0047).
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('dialog', { name: 'Thank you!' })).toBeNull();

      // Over the hourly limit it says why, beside the spec's text.
      const rateLimitText = 'Several requests have already come from your network in the last hour.';
      if (kind === 'a 429') expect(failed.getByText(new RegExp(rateLimitText))).toBeInTheDocument();
      else expect(failed.queryByText(new RegExp(rateLimitText))).toBeNull();

      await user.click(failed.getByRole('button', { name: 'Try Again' }));
      const again = within(await screen.findByRole('dialog', { name: 'Contact Sales' }));
      expect(again.getByRole('textbox', { name: 'Last name' })).toHaveValue('Lovelace');
      expect(again.getByRole('button', { name: 'Submit' })).toBeEnabled();
    },
  );

  it("shows 'An Unexpected Error Occurred' with Close when something else breaks", async () => {
    stubSales('not-json');
    const { user, form } = await openContactForm();
    await fillRequired(user, form);
    await user.click(form.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'An Unexpected Error Occurred' });
    expect(
      within(dialog).getByText(
        'The application ran into an unexpected error processing your last request. Please refresh the page and try again.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('counts the message n/200 and turns the counter red at the limit', async () => {
    stubSales();
    const { form } = await openContactForm();
    const message = form.getByRole('textbox', { name: 'Message' });
    const counter = form.getByTestId('sales-message-counter');
    expect(message).toHaveAttribute('maxlength', '200');
    expect(counter).toHaveTextContent('0/200');
    fireEvent.change(message, { target: { value: 'x'.repeat(199) } });
    expect(counter).toHaveTextContent('199/200');
    expect(counter).not.toHaveAttribute('data-at-limit');
    fireEvent.change(message, { target: { value: 'x'.repeat(200) } });
    expect(counter).toHaveTextContent('200/200');
    expect(counter).toHaveAttribute('data-at-limit', 'true');
    expect(counter.style.color).toBe('var(--mantine-color-red-9)');
  });

  it('lets a visitor send a lead from the logged-out dashboard, with no signed-in e-mail', async () => {
    const { sent } = stubSales(undefined, { isVisitor: true });
    const { user, form } = await openContactForm();
    await fillRequired(user, form);
    await user.click(form.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(sent[0]).toMatchObject({ loggedInEmail: '', submittedFrom: '/dashboard', gclid: '' });
  });

  it("offers the flow in the side menu's quick links too", async () => {
    stubSales();
    const { user } = renderApp('/accounts');
    const menu = within(await screen.findByRole('navigation', { name: 'Side menu' }, slow));
    const entry = await menu.findByRole('link', { name: 'Launch your RTK platform' });
    expect(entry).toHaveAttribute('href', '/accounts?contact=sales');
    await user.click(entry);
    expect(await screen.findByRole('dialog', { name: 'Launch Your Branded RTK Platform' }, slow)).toBeInTheDocument();
  });

  it('shows no entry point and no flow in a brand without promotions', async () => {
    stubSales();
    renderApp('/dashboard?contact=sales', { brand: brands.skyfix });
    await screen.findByRole('heading', { level: 1, name: /Welcome/ }, slow);
    const menu = within(screen.getByRole('navigation', { name: 'Side menu' }));
    await menu.findByRole('link', { name: 'Buy credits' });
    expect(menu.queryByRole('link', { name: 'Launch your RTK platform' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Launch your branded RTK platform' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
