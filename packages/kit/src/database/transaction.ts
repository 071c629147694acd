import type { Provider } from '@nestjs/common';
import { DATABASE } from '../lifecycle/tokens.js';
import type { DatabaseHandle, Transaction } from './database.js';

/**
 * The unit of work of a service: what runs inside `run` commits together (the change, its outbox event, a
 * consumer's processed-event record) or not at all. Services depend on this class, not on the database handle,
 * and pass the transaction it hands them to repositories, so their logic is testable with a double.
 */
export abstract class TransactionManager {
  abstract run<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** Transactions on the service's own database (Drizzle's transaction: commit on return, rollback on throw). */
export class DatabaseTransactionManager extends TransactionManager {
  constructor(private readonly database: Pick<DatabaseHandle, 'db'>) {
    super();
  }

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.database.db.transaction(work);
  }
}

/** Provides TransactionManager in a service's module, over the DATABASE the platform module gives it. */
export const transactionManagerProvider: Provider = {
  provide: TransactionManager,
  useFactory: (database: DatabaseHandle) => new DatabaseTransactionManager(database),
  inject: [DATABASE],
};
