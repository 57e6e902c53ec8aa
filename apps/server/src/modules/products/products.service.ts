import type { Transaction } from '@fixpoint/db';
import {
  type AdminPricingTable,
  type AdminProduct,
  AppError,
  type createProductSchema,
  type PricingProduct,
  type PricingTable,
  type ProductCategory,
  type pricingTableInputSchema,
  type TokenProducts,
  type updateProductSchema,
} from '@fixpoint/shared';
import type { z } from 'zod';
import { type AuditActor, recordAudit } from '../audit/audit';
import type { PricingTableRow, ProductRow, ProductsRepository } from './products.repository';

const productNotFound = () => new AppError('PRODUCT_NOT_FOUND', 404, 'No such product.');
const productTarget = (product: ProductRow) => ({ kind: 'product' as const, id: product.id, label: product.name });
const tableNotFound = () => new AppError('PRICING_TABLE_NOT_FOUND', 404, 'No such pricing table.');

/** A product as a pricing card shows it; `isTestProvider` marks every card while payments are not live. */
export function toPricingProduct(product: ProductRow, isTestProvider: boolean): PricingProduct {
  return {
    name: product.name,
    priceId: product.id,
    type: product.type,
    amount: product.amount,
    currency: product.currency,
    bestChoice: product.bestChoice,
    attributes: product.attributes,
    testMode: product.testMode || isTestProvider,
    ...(product.type === 'Subscription'
      ? { interval: product.interval ?? undefined, seats: product.seats, networkId: product.networkId }
      : { creditsAmount: product.creditsAmount ?? 0 }),
  };
}

/** Products, pricing tables and what the public pricing screens list (issue 12). */
export function createProductsService({
  productsRepository: repo,
  isTestProvider,
}: {
  productsRepository: ProductsRepository;
  isTestProvider: boolean;
}) {
  function toAdminProduct(row: { product: ProductRow; networkName: string | null }, soldCount: number): AdminProduct {
    const { product } = row;
    return {
      ...product,
      networkName: row.networkName,
      soldCount,
      createdAt: product.createdAt.toISOString(),
      updatedAt: product.updatedAt.toISOString(),
    };
  }

  async function adminProduct(id: string): Promise<AdminProduct> {
    const row = await repo.find(id);
    if (!row) throw productNotFound();
    const sold = await repo.soldCounts([id]);
    return toAdminProduct(row, sold.get(id) ?? 0);
  }

  async function tables(): Promise<AdminPricingTable[]> {
    const [rows, products] = await Promise.all([repo.tables(), repo.tableProducts()]);
    return rows.map(({ table, networkName }) => {
      const own = products.filter((row) => row.tableId === table.id);
      return {
        id: table.id,
        name: table.name,
        description: table.description,
        networkId: table.networkId,
        networkName,
        position: table.position,
        productIds: own.map((row) => row.product.id),
        data: own.map((row) => toPricingProduct(row.product, isTestProvider)),
      };
    });
  }

  /** A product's change and its audit-log entry in one transaction. */
  async function changeProduct(id: string, values: Partial<ProductRow>, actor: AuditActor) {
    await repo.transaction(async (tx) => {
      const before = await repo.find(id, tx);
      if (!before) throw productNotFound();
      const after = await repo.update(id, values, tx);
      await recordAudit(tx, {
        actor,
        kind: 'product.update',
        target: productTarget(before.product),
        before: before.product,
        after,
      });
    });
  }

  /** A table as its audit-log entries record it. */
  async function tableRecord(id: string, tx: Transaction) {
    const table: PricingTableRow | undefined = await repo.findTable(id, tx);
    if (!table) return null;
    const { name, description, networkId, position } = table;
    return { name, description, networkId, position, productIds: await repo.tableProductIds(id, tx) };
  }

  async function checkTableProducts(input: z.output<typeof pricingTableInputSchema>) {
    if (input.networkId && !(await repo.networkExists(input.networkId))) {
      throw new AppError('NETWORK_NOT_FOUND', 404, 'No such network.');
    }
    const found = await repo.productsByIds(input.productIds);
    for (const id of input.productIds) {
      const product = found.find((row) => row.id === id);
      if (!product) throw productNotFound();
      if (product.category !== 'billable-subscription') {
        throw new AppError('BAD_REQUEST', 400, `${product.name} is not a billable subscription.`);
      }
      if (product.isArchived) throw new AppError('BAD_REQUEST', 400, `${product.name} is archived.`);
      if (input.networkId && product.networkId !== input.networkId) {
        throw new AppError('BAD_REQUEST', 400, `${product.name} is for another network than the table's.`);
      }
    }
  }

  return {
    // ---- public ----

    /** Tables with the products that can be bought now (not archived, on a published public network). */
    async subscriptionPricingTables(): Promise<PricingTable[]> {
      const [rows, products] = await Promise.all([repo.tables(), repo.tableProducts()]);
      return rows
        .map(({ table, networkName }) => ({
          id: table.id,
          name: table.name,
          description: table.description,
          networkId: table.networkId,
          networkName,
          data: products
            .filter(
              (row) =>
                row.tableId === table.id &&
                !row.product.isArchived &&
                row.product.category === 'billable-subscription' &&
                row.networkPublished === true &&
                row.networkVisibility === 'public',
            )
            .map((row) => toPricingProduct(row.product, isTestProvider)),
        }))
        .filter((table) => table.data.length > 0);
    },

    async tokenProducts(): Promise<TokenProducts> {
      const rows = await repo.tokenProducts();
      return { name: 'Credits', data: rows.map((row) => toPricingProduct(row, isTestProvider)) };
    },

    // ---- admin: products ----

    async list(category: ProductCategory | undefined, includeArchived: boolean): Promise<AdminProduct[]> {
      const rows = await repo.list({ category, includeArchived });
      const sold = await repo.soldCounts(rows.map((row) => row.product.id));
      return rows.map((row) => toAdminProduct(row, sold.get(row.product.id) ?? 0));
    },

    get: adminProduct,

    async create(input: z.output<typeof createProductSchema>, actor: AuditActor): Promise<AdminProduct> {
      if (input.networkId && !(await repo.networkExists(input.networkId))) {
        throw new AppError('NETWORK_NOT_FOUND', 404, 'No such network.');
      }
      const isCredits = input.category === 'credits';
      const row = await repo.transaction(async (tx) => {
        const created = await repo.insert(
          {
            ...input,
            type: isCredits ? 'Token' : 'Subscription',
            networkId: isCredits ? null : input.networkId,
            seats: isCredits ? 1 : input.seats,
          },
          tx,
        );
        await recordAudit(tx, { actor, kind: 'product.create', target: productTarget(created), after: created });
        return created;
      });
      return adminProduct(row.id);
    },

    async update(id: string, input: z.output<typeof updateProductSchema>, actor: AuditActor): Promise<AdminProduct> {
      const existing = await repo.find(id);
      if (!existing) throw productNotFound();
      if (input.seats !== undefined && existing.product.category === 'credits') {
        throw new AppError('BAD_REQUEST', 400, 'A credit pack has no seats.');
      }
      await changeProduct(id, input, actor);
      return adminProduct(id);
    },

    async setArchived(id: string, isArchived: boolean, actor: AuditActor): Promise<AdminProduct> {
      await changeProduct(id, { isArchived }, actor);
      return adminProduct(id);
    },

    async remove(id: string, actor: AuditActor): Promise<void> {
      if (!(await repo.find(id))) throw productNotFound();
      if (await repo.isReferenced(id)) {
        throw new AppError('PRODUCT_SOLD', 409, 'This product has checkouts or subscriptions: archive it instead.');
      }
      await repo.transaction(async (tx) => {
        const before = await repo.find(id, tx);
        if (!before) throw productNotFound();
        await repo.delete(id, tx);
        await recordAudit(tx, {
          actor,
          kind: 'product.delete',
          target: productTarget(before.product),
          before: before.product,
        });
      });
    },

    // ---- admin: pricing tables ----

    tables,

    async saveTable(
      id: string | null,
      input: z.output<typeof pricingTableInputSchema>,
      actor: AuditActor,
    ): Promise<AdminPricingTable> {
      if (id && !(await repo.findTable(id))) throw tableNotFound();
      await checkTableProducts(input);
      const { productIds, ...values } = input;
      const tableId = await repo.transaction(async (tx) => {
        const before = id ? await tableRecord(id, tx) : null;
        const savedId = await repo.saveTable(id, values, productIds, tx);
        const after = await tableRecord(savedId, tx);
        await recordAudit(tx, {
          actor,
          kind: id ? 'pricingTable.update' : 'pricingTable.create',
          target: { kind: 'pricingTable', id: savedId, label: values.name },
          before,
          after,
        });
        return savedId;
      });
      const saved = (await tables()).find((table) => table.id === tableId);
      if (!saved) throw tableNotFound();
      return saved;
    },

    async removeTable(id: string, actor: AuditActor): Promise<void> {
      await repo.transaction(async (tx) => {
        const before = await tableRecord(id, tx);
        if (!before) throw tableNotFound();
        await repo.deleteTable(id, tx);
        await recordAudit(tx, {
          actor,
          kind: 'pricingTable.delete',
          target: { kind: 'pricingTable', id, label: before.name },
          before,
        });
      });
    },

    async orderTables(tableIds: string[], actor: AuditActor): Promise<AdminPricingTable[]> {
      const existing = await tables();
      const known = new Set(existing.map((table) => table.id));
      if (tableIds.length !== known.size || tableIds.some((id) => !known.has(id))) {
        throw new AppError('BAD_REQUEST', 400, 'Name every pricing table once.');
      }
      await repo.transaction(async (tx) => {
        await repo.orderTables(tableIds, tx);
        await recordAudit(tx, {
          actor,
          kind: 'pricingTable.update',
          target: { kind: 'pricingTable', id: 'order', label: 'Order of the pricing tables' },
          before: { order: existing.map((table) => table.id) },
          after: { order: tableIds },
        });
      });
      return tables();
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
