/** The API's bounds for transaction pages, shared by the client and the pages (no zod). */
export const TRANSACTIONS_LIMIT_DEFAULT = 10;
export const TRANSACTIONS_LIMIT_MAX = 25;
export const TRANSACTIONS_SKIP_DEFAULT = 0;
export const TRANSACTIONS_SKIP_MAX = 200;
