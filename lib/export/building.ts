/**
 * CSV of what the dashboard shows of one building: its rooms, its tenants, a bank account's
 * transactions. Headers come from the caller in the UI language; the API's loose transaction
 * records are read by the field names public clients observe, with the spec-less alternatives.
 */
import type { LooseRecord, Room, Tenant } from '../api/schemas';
import { type CsvCell, type CsvFormat, toCsv } from './csv';

export interface RoomHeaders {
  room: string;
  rent: string;
  occupied: string;
  interior: string;
  yes: string;
  no: string;
}

export function roomsCsv(rooms: readonly Room[], h: RoomHeaders, format: CsvFormat): string {
  return toCsv(
    [h.room, h.rent, h.occupied, h.interior],
    rooms.map((room) => [room.name, room.rent, room.occupied ? h.yes : h.no, room.interior]),
    format,
  );
}

export function tenantsCsv(
  tenants: readonly Tenant[],
  h: { room: string; tenant: string; lastPayment: string },
  format: CsvFormat,
): string {
  return toCsv(
    [h.room, h.tenant, h.lastPayment],
    tenants.map((tenant) => [tenant.roomName, tenant.tenantName, tenant.lastPayDate ?? null]),
    format,
  );
}

const first = (record: LooseRecord, keys: readonly string[]): CsvCell => {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return value;
  }
  return null;
};

export const TRANSACTION_FIELDS = {
  time: ['timestamp', 'date', 'time', 'createdAt'],
  amount: ['amount', 'value'],
  sender: ['senderVban', 'sender', 'from'],
  receiver: ['receiverVban', 'receiver', 'to'],
  reference: ['reference', 'counterparty'],
  purpose: ['purpose', 'description'],
} as const;
export type TransactionField = keyof typeof TRANSACTION_FIELDS;

export function transactionsCsv(
  records: readonly LooseRecord[],
  headers: Record<TransactionField, string>,
  format: CsvFormat,
): string {
  const fields = Object.keys(TRANSACTION_FIELDS) as TransactionField[];
  return toCsv(
    fields.map((field) => headers[field]),
    records.map((record) => fields.map((field) => first(record, TRANSACTION_FIELDS[field]))),
    format,
  );
}

/** A transaction's time (epoch ms) and amount, when both are readable; else null. */
export function transactionPoint(record: LooseRecord): { at: number; amount: number } | null {
  const time = first(record, TRANSACTION_FIELDS.time);
  const amount = first(record, TRANSACTION_FIELDS.amount);
  const at = typeof time === 'string' ? Date.parse(time) : Number.NaN;
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(at) && Number.isFinite(value) ? { at, amount: value } : null;
}
