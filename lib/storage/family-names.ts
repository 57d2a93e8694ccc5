/**
 * Names of stored families the worker handles by name alone (sign-out keeps them, clearing removes
 * them), so it does not load their schemas.
 */
export const DOCUMENT_DRAFT_FAMILY = 'docDraft';
