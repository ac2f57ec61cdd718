// /my-contracts (spec §2): the customer's contracts as a data table on a wide screen and as cards
// on a phone, both from one @tanstack/react-table model: filter all or by category, sort most
// recent or oldest first (by start date), 3 rows a page by default with 5/10/25/50/100 to choose.

import {
  type ColumnFiltersState,
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type PaginationState,
  useReactTable,
} from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ContractEntry } from '../../api/portal';
import { useIsMobile } from '../../shell/hooks/useViewport';
import { SelectField } from '../../ui/components/fields';
import { ReadState } from '../components/ReadState';
import { ProductName, StatusBadge } from '../contracts/parts';
import { contractPath, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../contracts/paths';
import { RenewalMark, RenewalNotice } from '../contracts/Renewal';
import { productKey, showDate, showEuro } from '../format';
import { useContracts } from '../state/portalData';
import '../contracts/contracts.css';

type Sort = 'recent' | 'oldest';

const column = createColumnHelper<ContractEntry>();

function useColumns() {
  const { t, i18n } = useTranslation('contracts');
  return useMemo(
    () => [
      column.accessor((c) => productKey(c.PRODUCT_CODE), {
        id: 'category',
        header: () => t('columns.product'),
        cell: (info) => <ProductName code={info.row.original.PRODUCT_CODE} />,
        filterFn: 'equalsString',
      }),
      column.accessor('CONTRACT_NO', {
        header: () => t('columns.contractNo'),
        cell: (info) => (
          <Link
            to={contractPath(info.getValue())}
            aria-label={t('list.openContract', { contractNo: info.getValue() })}
          >
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor((c) => c.OBJECT_DESC ?? '', { id: 'object', header: () => t('columns.object') }),
      column.accessor('STATUS', {
        header: () => t('columns.status'),
        cell: (info) => (
          <>
            <StatusBadge status={info.getValue()} />
            <RenewalMark renewal={info.row.original.RENEWAL} contractNo={info.row.original.CONTRACT_NO} />
          </>
        ),
      }),
      // Ties on the start date keep the newest contract number first, as the service lists them.
      column.accessor((c) => `${c.START_DATE}|${c.CONTRACT_NO}`, {
        id: 'start',
        sortingFn: 'basic',
        header: () => t('columns.start'),
        cell: (info) => showDate(info.row.original.START_DATE),
      }),
      column.accessor('EXPIRY_DATE', {
        header: () => t('columns.expiry'),
        cell: (i) => showDate(i.getValue()),
      }),
      column.accessor('ZZPREMIUM_AFTER_DISC_AMOUNT', {
        header: () => t('columns.premium'),
        cell: (info) => showEuro(info.getValue(), i18n.language),
      }),
      column.accessor('ZZBALANCE_AMOUNT', {
        header: () => t('columns.balance'),
        cell: (info) => (
          <span className={info.getValue() > 0 ? 'contracts__due' : undefined}>
            {showEuro(info.getValue(), i18n.language)}
          </span>
        ),
      }),
    ],
    [t, i18n.language],
  );
}

function ContractCardItem({ contract }: { contract: ContractEntry }) {
  const { t, i18n } = useTranslation('contracts');
  return (
    <article className="portal-card" data-contract={contract.CONTRACT_NO}>
      <h2 className="portal-card__title">
        <ProductName code={contract.PRODUCT_CODE} />
        <span className="portal-card__number">{contract.CONTRACT_NO}</span>
      </h2>
      {contract.OBJECT_DESC ? <p className="portal-card__object">{contract.OBJECT_DESC}</p> : null}
      <dl className="portal-card__facts">
        <dt>{t('columns.status')}</dt>
        <dd>
          <StatusBadge status={contract.STATUS} />
        </dd>
        <dt>{t('columns.start')}</dt>
        <dd>{showDate(contract.START_DATE)}</dd>
        <dt>{t('columns.expiry')}</dt>
        <dd>{showDate(contract.EXPIRY_DATE)}</dd>
        <dt>{t('columns.premium')}</dt>
        <dd>{showEuro(contract.ZZPREMIUM_AFTER_DISC_AMOUNT, i18n.language)}</dd>
        <dt>{t('columns.balance')}</dt>
        <dd className={contract.ZZBALANCE_AMOUNT > 0 ? 'contracts__due' : undefined}>
          {showEuro(contract.ZZBALANCE_AMOUNT, i18n.language)}
        </dd>
      </dl>
      <RenewalNotice
        renewal={contract.RENEWAL}
        contractNo={contract.CONTRACT_NO}
        expiry={contract.EXPIRY_DATE}
      />
      <Link
        className="btn btn--secondary"
        to={contractPath(contract.CONTRACT_NO)}
        aria-label={t('list.openContract', { contractNo: contract.CONTRACT_NO })}
      >
        {t('list.open')}
      </Link>
    </article>
  );
}

function ContractTable({ list }: { list: ContractEntry[] }) {
  const { t } = useTranslation(['contracts', 'common']);
  const isMobile = useIsMobile();
  const columns = useColumns();
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<Sort>('recent');
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  // Stable state objects: new ones on every render would make the table recompute its rows and
  // reset its page on every render, an endless loop of updates.
  const columnFilters = useMemo<ColumnFiltersState>(
    () => (category ? [{ id: 'category', value: category }] : []),
    [category],
  );
  const sorting = useMemo(() => [{ id: 'start', desc: sort === 'recent' }], [sort]);
  const table = useReactTable({
    data: list,
    columns,
    state: { columnFilters, sorting, pagination },
    onPaginationChange: setPagination,
    // The page goes back to the first one where the filter or sort is changed, not on every render.
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  const categories = [...new Set(list.map((c) => productKey(c.PRODUCT_CODE)))];
  const shown = table.getFilteredRowModel().rows.length;
  const rows = table.getRowModel().rows;
  const pages = Math.max(1, table.getPageCount());
  const navId = useId();
  const firstPage = () => setPagination((p) => ({ ...p, pageIndex: 0 }));

  return (
    <>
      <div className="list-tools">
        <SelectField
          label={t('list.filter')}
          value={category}
          onValueChange={(value) => {
            setCategory(value);
            firstPage();
          }}
          options={[
            { value: '', label: t('list.all') },
            ...categories.map((c) => ({
              value: c,
              label: t(`common:products.${c}.name`, { defaultValue: c }),
            })),
          ]}
          required
        />
        <SelectField
          label={t('list.sort')}
          value={sort}
          onValueChange={(value) => {
            setSort(value === 'oldest' ? 'oldest' : 'recent');
            firstPage();
          }}
          options={[
            { value: 'recent', label: t('list.recent') },
            { value: 'oldest', label: t('list.oldest') },
          ]}
          required
        />
      </div>
      <p role="status" className="list-count">
        {t('list.count', { count: shown })}
      </p>
      {shown === 0 ? (
        <p>{t('list.noneInCategory')}</p>
      ) : isMobile ? (
        <ul className="portal-cards">
          {rows.map((row) => (
            <li key={row.id}>
              <ContractCardItem contract={row.original} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="contracts-table__scroll">
          <table className="contracts-table">
            <caption className="visually-hidden">{t('list.caption')}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th key={header.id} scope="col">
                      {flexRender(header.column.columnDef.header, header.getContext())}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-contract={row.original.CONTRACT_NO}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} data-column={cell.column.id}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="pager" aria-labelledby={navId}>
        <span id={navId} className="visually-hidden">
          {t('pager.label')}
        </span>
        <SelectField
          label={t('pager.rows')}
          value={String(pagination.pageSize)}
          onValueChange={(value) => setPagination({ pageIndex: 0, pageSize: Number(value) })}
          options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
          required
        />
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.previousPage()}
        >
          {t('pager.previous')}
        </button>
        <span>{t('pager.pageOf', { page: pagination.pageIndex + 1, pages })}</span>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!table.getCanNextPage()}
          onClick={() => table.nextPage()}
        >
          {t('pager.next')}
        </button>
      </nav>
    </>
  );
}

export function ContractsPage() {
  const { t } = useTranslation('contracts');
  const contracts = useContracts();
  return (
    <div className="page contracts">
      <h1>{t('list.title')}</h1>
      <ReadState state={contracts} retry={contracts.retry}>
        {(list) => (list.length === 0 ? <p>{t('list.none')}</p> : <ContractTable list={list} />)}
      </ReadState>
    </div>
  );
}
