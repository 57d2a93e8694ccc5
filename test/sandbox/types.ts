/**
 * The sandbox's internal data model. Occupancy is never stored: a room is occupied exactly when it
 * has a tenant, and a building's counters are computed from its rooms.
 */

export const SCOPES = [
  'building',
  'building.details',
  'building.tenants',
  'building.tenants.activity',
  'building.rooms',
  'building.options',
  'building.options.edit',
  'building.bankaccount',
  'factory',
  'factory.options',
  'factory.options.edit',
] as const;
export type Scope = (typeof SCOPES)[number];

export type CharacterId = 'juergen' | 'kaethe' | 'landlord';

export interface Character {
  id: CharacterId;
  name: string;
  apiSecret: string;
}

export interface TokenGrant {
  character: CharacterId;
  premium: boolean;
  scopes: Scope[];
  /** One line for the CLI banner. */
  description: string;
}

export interface Interior {
  hash: string;
  name: string;
  inventoryCapacity: number;
  kitchenCapacity: number;
  wardrobeCapacity: number;
  /** Fill colour of the generated thumbnail. */
  color: string;
}

export interface TenantRecord {
  name: string;
  lastPayDate: string;
}

export interface RoomRecord {
  id: string;
  hash: string;
  name: string;
  rent: number;
  /** Hash of an entry in SandboxData.interiors. */
  interior: string;
  tenant: TenantRecord | null;
}

export interface SlotRecord {
  title: string;
  data: string;
  lastUpdated: string;
}

export interface BuildingRecord {
  id: string;
  hash: string;
  label: string;
  address: string;
  area: string;
  garageSlots: number;
  price: number;
  owner: CharacterId;
  rooms: RoomRecord[];
  /** Always 20 entries; index 0 is option 1. */
  slots: SlotRecord[];
}

export interface FactoryRecord {
  id: string;
  hash: string;
  label: string;
  owner: CharacterId;
  /** What GET /factory/list/ shows besides id and name (label). */
  type: string;
  address: string;
  adLine: string;
  isOpen: boolean;
  slots: SlotRecord[];
}

export interface TransactionRecord {
  id: string;
  date: string;
  amount: number;
  purpose: string;
  counterparty: string;
}

export interface BankAccountRecord {
  id: string;
  buildingId: string;
  label: string;
  iban: string;
  balance: number;
  /** Newest first. */
  transactions: TransactionRecord[];
}

export interface SandboxData {
  characters: Record<CharacterId, Character>;
  tokens: Record<string, TokenGrant>;
  interiors: Record<string, Interior>;
  buildings: BuildingRecord[];
  factories: FactoryRecord[];
  bankAccounts: BankAccountRecord[];
}
