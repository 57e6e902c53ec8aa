import { Table } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderWithProviders } from '../testing/render';
import { ListFilters, ListPage, ListTable } from './list-page';

/** A list page over a query the test answers: each call of `load` is one fetch. */
function Stations({ load, actionError = null }: { load: () => Promise<string[]>; actionError?: Error | null }) {
  const query = useQuery({ queryKey: ['stations', load], queryFn: load, retry: false });
  return (
    <ListPage
      title="Stations"
      icon={IconList}
      description="Every station."
      filters={<p>the filters</p>}
      actionError={actionError}
      query={query}
      isEmpty={(data) => data.length === 0}
      empty="No stations yet."
    >
      {(data) => (
        <ListTable
          label="Stations"
          minWidth={600}
          hasActions
          columns={[{ header: 'Name' }, { header: 'Height', isNumeric: true }]}
        >
          {data.map((name) => (
            <Table.Tr key={name} data-testid="station-row">
              <Table.Td>{name}</Table.Td>
              <Table.Td ta="right">12</Table.Td>
              <Table.Td>…</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </ListPage>
  );
}

describe('ListPage', () => {
  it('shows the heading and filters at once, row skeletons while loading, then the rows in a labelled table', async () => {
    let answer: (rows: string[]) => void = () => {};
    const load = vi.fn(() => new Promise<string[]>((resolve) => (answer = resolve)));
    const { container } = renderWithProviders(<Stations load={load} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Stations' })).toBeInTheDocument();
    expect(screen.getByText('the filters')).toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('table')).toBeNull();

    answer(['DELF', 'WSRT']);
    const table = await screen.findByRole('table', { name: 'Stations' });
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(
      within(table)
        .getAllByTestId('station-row')
        .map((row) => row.textContent),
    ).toEqual(['DELF12…', 'WSRT12…']);
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Height', 'Actions']);
    // A number's header lines up with its figures; the actions' header is for screen readers only.
    expect(headers[1]).toHaveStyle({ textAlign: 'right' });
    expect(within(headers[2] as HTMLElement).getByText('Actions')).toHaveClass('mantine-VisuallyHidden-root');
  });

  it('says why the list did not load with a retry that loads it, and words an empty list with the page’s text', async () => {
    const load = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR', 'boom'))
      .mockResolvedValueOnce([]);
    renderWithProviders(<Stations load={load} />);

    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.queryByText('No stations yet.')).toBeNull();
    fireEvent.click(retry);
    expect(await screen.findByText('No stations yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows a row action’s error above the rows, in the user’s words', async () => {
    const error = new ApiError(409, 'PRODUCT_IN_USE', 'in use');
    renderWithProviders(<Stations load={() => Promise.resolve(['DELF'])} actionError={error} />);
    await screen.findByRole('table', { name: 'Stations' });
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});

describe('ListFilters', () => {
  it('passes what is typed and the chosen status back to the page', async () => {
    const onSearch = vi.fn();
    const onStatus = vi.fn();
    const { user } = renderWithProviders(
      <ListFilters
        search=""
        onSearch={onSearch}
        status={{
          label: 'Status',
          placeholder: 'All statuses',
          options: [
            { value: 'active', label: 'Active' },
            { value: 'pending', label: 'Pending' },
          ],
          value: null,
          onChange: onStatus,
        }}
      />,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search' }), { target: { value: 'north' } });
    expect(onSearch).toHaveBeenCalledWith('north');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(onStatus).toHaveBeenCalledWith('pending'));
  });
});
