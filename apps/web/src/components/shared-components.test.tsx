import { IconAntenna } from '@tabler/icons-react';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { ActionCard } from './action-card';
import { AppAlert } from './app-alert';
import { CustomSelect } from './custom-select';
import { ErrorBlock } from './error-block';
import { Logo } from './logo';
import { PageHeading } from './page-heading';
import { ProfileAvatar } from './profile-avatar';
import { SegmentedSelector } from './segmented-selector';
import { StatCard } from './stat-card';
import { StatusIcon } from './status-icon';

describe('shared components', () => {
  it('StatusIcon labels each status for screen readers', () => {
    renderWithProviders(
      <>
        <StatusIcon status="success" />
        <StatusIcon status="warning" />
        <StatusIcon status="error" />
        <StatusIcon status="info" />
      </>,
    );
    expect(screen.getAllByRole('img').map((icon) => icon.getAttribute('aria-label'))).toEqual([
      'Success',
      'Warning',
      'Error',
      'Information',
    ]);
  });

  it('StatCard names its value with its title and carries its colour', () => {
    renderWithProviders(
      <>
        <StatCard title="Credits" value={12} color="warning" />
        <StatCard title="Accounts" value="3" />
      </>,
    );
    expect(screen.getByRole('group', { name: 'Credits' })).toHaveTextContent('12');
    expect(screen.getByRole('group', { name: 'Credits' })).toHaveAttribute('data-color', 'warning');
    expect(screen.getByRole('group', { name: 'Accounts' })).toHaveAttribute('data-color', 'default');
  });

  it('AppAlert announces errors at once and others politely, and closes', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <>
        <AppAlert status="error" title="Payment failed">
          Card declined
        </AppAlert>
        <AppAlert status="success" title="Saved" onClose={onClose} />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failedCard declined');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('SegmentedSelector starts on the initial option and reports changes', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <SegmentedSelector
        label="Period"
        options={[
          { value: 'month', label: 'Monthly' },
          { value: 'year', label: 'Yearly' },
        ]}
        initialValue="year"
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(onChange).toHaveBeenCalledWith('month');
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  });

  it('CustomSelect has a label and picks an option', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <CustomSelect
        label="Network"
        options={[
          { value: 'nl', label: 'Netherlands' },
          { value: 'de', label: 'Germany' },
        ]}
        value={null}
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Network' }));
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    expect(onChange).toHaveBeenCalledWith('de');
  });

  it('PageHeading is the h1; ErrorBlock shows a title and two lines; ProfileAvatar shows a photo or an icon', () => {
    renderWithProviders(
      <>
        <PageHeading title="NTRIP accounts" icon={IconAntenna} description="One per rover." />
        <ErrorBlock title="No data" description="First line." secondaryDescription="Second line." />
        <ProfileAvatar photoURL="/ada.png" name="Ada" />
        <ProfileAvatar photoURL={null} name="Bob" />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'NTRIP accounts' })).toBeInTheDocument();
    expect(screen.getByText('One per rover.')).toBeInTheDocument();
    const block = within(screen.getByRole('alert'));
    expect(block.getByRole('heading', { level: 2, name: 'No data' })).toBeInTheDocument();
    expect(block.getByText('First line.')).toBeInTheDocument();
    expect(block.getByText('Second line.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveAttribute('src', '/ada.png');
    expect(document.querySelectorAll('.mantine-Avatar-root svg')).toHaveLength(1);
  });

  it('ActionCard leads somewhere by a link, or acts by a button', async () => {
    const onClick = vi.fn();
    const { user } = renderWithProviders(
      <>
        <ActionCard title="Buy credits" icon={IconAntenna} description="d" buttonLabel="Go" to="/credits" />
        <ActionCard title="Docs" icon={IconAntenna} description="d" buttonLabel="Read" href="https://docs.example" />
        <ActionCard title="Act" icon={IconAntenna} description="d" buttonLabel="Do it" onClick={onClick} />
      </>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Buy credits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go' })).toHaveAttribute('href', '/credits');
    expect(screen.getByRole('link', { name: 'Read' })).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('button', { name: 'Do it' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("Logo shows the brand's name in words when its image fails, with 'SVG not found' on it and in the console", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(<Logo />);
    fireEvent.error(screen.getByRole('img', { name: 'Fixpoint' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Fixpoint')).toHaveAttribute('title', 'SVG not found');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('SVG not found'));
    warn.mockRestore();
  });
});
