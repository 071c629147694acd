export { strictMock, type StrictMock } from './strict-mock.js';
export { fakeTransactions, TX } from './transactions.js';
export { sqlText, textColumnChecks } from './checks.js';
