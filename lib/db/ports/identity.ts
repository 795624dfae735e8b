/** People, their credentials and sessions, API keys and failed sign-ins, as every backend stores them. */
import type { Role } from "@/lib/auth/roles";

export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  disabled: boolean;
  created_at: string;
  updated_at: string;
}

export interface NewUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** better-auth's hash of the password (lib/auth/better-auth.ts hashPassword). */
  passwordHash: string;
  at: Date;
}

export interface UserStore {
  count(): Promise<number>;
  /** By id, or by email (emails are unique and kept lower-case). */
  find(by: { id: string } | { email: string }): Promise<UserRow | undefined>;
  /** Users by email. */
  list(): Promise<UserRow[]>;
  /** Admins who are not disabled (the last one cannot be demoted, disabled or deleted). */
  countActiveAdmins(): Promise<number>;
  /** Inserts the user and its password credential (better-auth's `credential` account). */
  insert(u: NewUser, accountId: string): Promise<void>;
  update(id: string, patch: { role?: Role; disabled?: boolean; name?: string }, at: Date): Promise<void>;
  /** Ends every session of the user at once; how many there were. */
  deleteSessions(userId: string): Promise<number>;
  /** The user with its sessions and credentials. */
  delete(id: string): Promise<void>;
}

export interface ApiKeyRow {
  id: string;
  name: string;
  role: Role;
  prefix: string;
  created_by_id: string;
  created_by_type: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface NewApiKey {
  id: string;
  name: string;
  role: Role;
  prefix: string;
  hash: string;
  createdById: string;
  createdByType: string;
  at: Date;
  expiresAt: Date | null;
}

/** API keys: the SHA-256 of each key, never the key (lib/auth/api-keys.ts makes and checks them). */
export interface ApiKeyStore {
  findByHash(hash: string): Promise<ApiKeyRow | undefined>;
  find(id: string): Promise<ApiKeyRow | undefined>;
  /**
   * Who is behind a key: its maker or, for a key made with another key, that key's maker, up
   * the chain to a person (or to the bootstrap token, or a key since deleted).
   */
  owner(key: Pick<ApiKeyRow, "created_by_id" | "created_by_type">): Promise<string>;
  /** Keys newest first; `createdById` limits them to one creator's. Revoked keys are listed too. */
  list(createdById?: string): Promise<ApiKeyRow[]>;
  insert(k: NewApiKey): Promise<void>;
  /** False when the key was revoked already (or is unknown). */
  revoke(id: string, at: Date): Promise<boolean>;
  /** The live keys a user created. */
  liveCreatedBy(createdById: string): Promise<ApiKeyRow[]>;
  touch(id: string, at: Date): Promise<void>;
}

/** Failed sign-ins by key (`ip:<address>`, `email:<email>`), for the login rate limit. */
export interface LoginFailureStore {
  /** How many failures `key` has since `since`, and the oldest of them (ISO). */
  since(key: string, since: Date): Promise<{ count: number; oldest: string | null }>;
  record(keys: string[], at: Date): Promise<void>;
  clear(key: string): Promise<void>;
  /** Drops failures older than `before` (they no longer count). */
  prune(before: Date): Promise<void>;
}
