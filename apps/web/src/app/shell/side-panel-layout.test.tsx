import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NoSidebarLayout } from '../../components/layouts/no-sidebar-layout';
import { renderWithProviders } from '../../testing/render';
import { SidePanelLayout } from './side-panel-layout';

describe('SidePanelLayout', () => {
  it('shows the logo, title, panel content, footer and a Logout button at the bottom', async () => {
    const onLogout = vi.fn();
    const { user } = renderWithProviders(
      <SidePanelLayout
        title="Checkout"
        panel={<p>Order summary</p>}
        footer={<small>Secure payment</small>}
        onLogout={onLogout}
      >
        <h1>Pay</h1>
      </SidePanelLayout>,
    );
    const panel = within(screen.getByRole('navigation', { name: 'Checkout' }));
    expect(panel.getByRole('heading', { level: 2, name: 'Checkout' })).toBeInTheDocument();
    expect(panel.getByRole('img', { name: 'Fixpoint' })).toBeInTheDocument();
    expect(panel.getByText('Order summary')).toBeInTheDocument();
    expect(panel.getByText('Secure payment')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.getByRole('main')).toHaveTextContent('Pay');
  });

  it('opens and closes the panel on small screens with a toggle', async () => {
    const { user } = renderWithProviders(
      <SidePanelLayout panel={<p>Steps</p>}>
        <p>Content</p>
      </SidePanelLayout>,
    );
    await user.click(screen.getByRole('button', { name: 'Open panel' }));
    expect(screen.getByRole('button', { name: 'Close panel' })).toHaveAttribute('aria-controls', 'side-panel');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });
});

describe('NoSidebarLayout', () => {
  it('shows a top bar with the logo and the content in a centred card, without a side menu', () => {
    renderWithProviders(
      <NoSidebarLayout>
        <p>Check your inbox</p>
      </NoSidebarLayout>,
    );
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Fixpoint' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getByRole('main')).toHaveTextContent('Check your inbox');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
