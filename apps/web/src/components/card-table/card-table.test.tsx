import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { CardTable, type CardTableRecord } from './card-table';

const onRevoke = vi.fn();
const onEdit = vi.fn();
const rows: CardTableRecord[] = [
  {
    id: '1',
    name: 'Tractor 7',
    indicatorColor: 'green',
    records: { mountpoint: 'NL-UTR', days: 12, status: 'Active', link: <a href="/x">x</a> },
    action: { text: 'Revoke', onClick: onRevoke, color: 'red' },
    onEdit,
  },
  {
    id: '2',
    name: 'Drone 2',
    indicatorColor: 'gray',
    records: { mountpoint: 'DE-BER', days: 3, status: 'Expired', link: <a href="/y">y</a> },
  },
  {
    id: '3',
    name: 'Survey pole',
    records: { mountpoint: 'BE-ANT', days: 40, status: 'Active', link: <a href="/z">z</a> },
  },
];
const columns = [
  { key: 'mountpoint', header: 'Mountpoint' },
  { key: 'days', header: 'Days left' },
  { key: 'status', header: 'Status', isColored: true },
  { key: 'link', header: 'Details' },
];

const renderTable = () =>
  renderWithProviders(<CardTable title="Rovers" nameHeader="Name" columns={columns} rows={rows} />);

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('CardTable', () => {
  it('shows cards by default, each with its values, edit and action', async () => {
    const { user } = renderTable();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Tractor 7', 'Drone 2', 'Survey pole']);
    const tractor = within(cards[0] as HTMLElement);
    expect(tractor.getByRole('heading', { level: 3, name: 'Tractor 7' })).toBeInTheDocument();
    expect(tractor.getByText('NL-UTR')).toBeInTheDocument();
    expect(tractor.getByText('Days left')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(tractor.getByRole('button', { name: 'Revoke' }));
    await user.click(tractor.getByRole('button', { name: 'Edit Tractor 7' }));
    expect(onRevoke).toHaveBeenCalledOnce();
    expect(onEdit).toHaveBeenCalledOnce();
    expect(within(cards[1] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  });

  it("filters by the 'Search' field over names and values, in both views", async () => {
    const { user } = renderTable();
    const search = screen.getByPlaceholderText('Search');
    expect(search).toHaveAccessibleName('Search');
    await user.type(search, 'de-');
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Drone 2']);
    await user.click(screen.getByRole('radio', { name: 'Table' }));
    expect(names()).toEqual(['Drone 2']);
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(screen.getByText('Nothing matches your search.')).toBeInTheDocument();
  });

  it('sorts only the columns whose every value is a string or number, ascending then descending', async () => {
    const { user } = renderTable();
    await user.click(screen.getByRole('radio', { name: 'Table' }));
    const table = within(screen.getByRole('table'));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Mountpoint',
      'Days left',
      'Status',
      'Details',
      'Actions',
    ]);
    expect(table.queryByRole('button', { name: 'Details' })).not.toBeInTheDocument();
    expect(table.getByRole('columnheader', { name: 'Details' })).not.toHaveAttribute('aria-sort');
    expect(names()).toEqual(['Tractor 7', 'Drone 2', 'Survey pole']);

    await user.click(table.getByRole('button', { name: 'Days left' }));
    expect(names()).toEqual(['Drone 2', 'Tractor 7', 'Survey pole']);
    expect(table.getByRole('columnheader', { name: 'Days left' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(table.getByRole('button', { name: 'Days left' }));
    expect(names()).toEqual(['Survey pole', 'Tractor 7', 'Drone 2']);
    expect(table.getByRole('columnheader', { name: 'Days left' })).toHaveAttribute('aria-sort', 'descending');

    await user.click(table.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Drone 2', 'Survey pole', 'Tractor 7']);
    expect(table.getByRole('columnheader', { name: 'Days left' })).toHaveAttribute('aria-sort', 'none');
  });

  it('switches back to the grid and says when there is nothing at all', async () => {
    const { user } = renderWithProviders(
      <CardTable nameHeader="Name" columns={columns} rows={[]} emptyText="No rovers yet." />,
    );
    expect(screen.getByText('No rovers yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Table' }));
    await user.click(screen.getByRole('radio', { name: 'Grid' }));
    expect(screen.getByRole('radio', { name: 'Grid' })).toBeChecked();
  });
});
