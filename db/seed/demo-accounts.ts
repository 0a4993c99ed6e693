// The demo stores' sign-in accounts and integration secrets, as plain data so tests, docs and
// the seeder share one source. These are demo values: never reuse them for a real store.

export type DemoStoreId = "main" | "cy" | "wholesale";

export const DEMO_STORE_IDS: readonly DemoStoreId[] = ["main", "cy", "wholesale"];

export interface DemoAccount {
  storeId: DemoStoreId;
  /** What the shopper types as username (compared case-insensitively). */
  username: string;
  password: string;
  /** What the account demonstrates, for docs and test names. */
  demonstrates: string;
  name: string;
  surname: string;
  email: string;
  mobilePhone: string;
  company: string | null;
  vatNumber: string | null;
  street: string;
  postcode: string;
  city: string;
  country: string;
  legacyAccount: boolean;
  excludeVat: boolean;
  /** Code of the price list the customer buys from (price_lists.code), or null. */
  priceListCode: string | null;
  pointsBalanceCents: number;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    storeId: "main",
    username: "maria@example.com",
    password: "Customer123!",
    demonstrates: "an ordinary retail customer with 12.50 of reward points",
    name: "Maria",
    surname: "Georgiou",
    email: "maria@example.com",
    mobilePhone: "99111222",
    company: null,
    vatNumber: null,
    street: "Agiou Andreou 214, Flat 3",
    postcode: "3036",
    city: "Limassol",
    country: "CY",
    legacyAccount: false,
    excludeVat: false,
    priceListCode: null,
    pointsBalanceCents: 1250,
  },
  {
    storeId: "main",
    username: "99123456",
    password: "99123456",
    demonstrates: "a legacy account whose username and password are its phone number",
    name: "Andreas",
    surname: "Constantinou",
    email: "",
    mobilePhone: "99123456",
    company: null,
    vatNumber: null,
    street: "Makariou III 41",
    postcode: "3065",
    city: "Limassol",
    country: "CY",
    legacyAccount: true,
    excludeVat: false,
    priceListCode: null,
    pointsBalanceCents: 0,
  },
  {
    storeId: "main",
    username: "vatfree@example.com",
    password: "Customer123!",
    demonstrates: "a VAT-excluded customer who sees net prices and '*VAT NOT Included'",
    name: "Nikos",
    surname: "Demetriou",
    email: "vatfree@example.com",
    mobilePhone: "99333444",
    company: "Demetriou Marine Supplies Ltd",
    vatNumber: "CY10283746Q",
    street: "Franklin Roosevelt 77",
    postcode: "3011",
    city: "Limassol",
    country: "CY",
    legacyAccount: false,
    excludeVat: true,
    priceListCode: null,
    pointsBalanceCents: 0,
  },
  {
    storeId: "cy",
    username: "eleni@example.com",
    password: "Customer123!",
    demonstrates: "an ordinary customer of the second store (3% points)",
    name: "Eleni",
    surname: "Papadopoulou",
    email: "eleni@example.com",
    mobilePhone: "99555666",
    company: null,
    vatNumber: null,
    street: "Athinon 18",
    postcode: "6022",
    city: "Larnaca",
    country: "CY",
    legacyAccount: false,
    excludeVat: false,
    priceListCode: null,
    pointsBalanceCents: 300,
  },
  {
    storeId: "wholesale",
    username: "buyer@wholesale.example",
    password: "Customer123!",
    demonstrates: "a trade buyer on price list Trade A, VAT excluded",
    name: "Kyriakos",
    surname: "Ioannou",
    email: "buyer@wholesale.example",
    mobilePhone: "99777888",
    company: "Island Vape Kiosks Ltd",
    vatNumber: "CY10555123K",
    street: "Industrial Area Ypsonas, Block B 6",
    postcode: "4188",
    city: "Ypsonas",
    country: "CY",
    legacyAccount: false,
    excludeVat: true,
    priceListCode: "TRADE-A",
    pointsBalanceCents: 0,
  },
];

/** Plain-text ERP/POS API key of a demo store; the control database keeps only its sha256. */
/** Back-office (/admin) accounts: an owner in every demo store, and a staff member in the main one. */
export interface DemoStaff {
  storeId: DemoStoreId;
  email: string;
  password: string;
  name: string;
  role: "owner" | "manager" | "staff";
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  ...DEMO_STORE_IDS.map((storeId) => ({
    storeId,
    email: "owner@example.com",
    password: "Owner123!",
    name: "Andreas Christou",
    role: "owner" as const,
  })),
  {
    storeId: "main",
    email: "staff@example.com",
    password: "Staff123!",
    name: "Sofia Ioannou",
    role: "staff",
  },
];

export function demoApiKey(storeId: DemoStoreId): string {
  return `demo-erp-key-${storeId}`;
}

export interface DemoPaymentSecrets {
  auth: string;
  sourceCode: string;
  altAuth: string;
}

/** Payment secrets: distinctive strings so a test can assert they never reach a response. */
export const DEMO_PAYMENT_SECRETS: Record<DemoStoreId, DemoPaymentSecrets> = {
  main: {
    auth: "demo-secret-main-auth-7f3a",
    sourceCode: "demo-secret-main-source-2c9e",
    altAuth: "demo-secret-main-alt-5b1d",
  },
  cy: {
    auth: "demo-secret-cy-auth-91e4",
    sourceCode: "demo-secret-cy-source-3d7a",
    altAuth: "demo-secret-cy-alt-c28f",
  },
  wholesale: {
    auth: "demo-secret-wholesale-auth-4b6c",
    sourceCode: "demo-secret-wholesale-source-e05d",
    altAuth: "demo-secret-wholesale-alt-8a13",
  },
};
