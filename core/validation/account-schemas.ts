// zod shapes of the account forms, for the API (server side). The browser uses the plain
// checks in ./account.ts, which the server runs as well after parsing with these.
import { z } from "zod";

const str = (max: number) => z.string().max(max).default("");

export const RegisterInput = z.object({
  firstName: str(80),
  lastName: str(80),
  company: str(120),
  country: str(8),
  street: str(200),
  city: str(100),
  postcode: str(20),
  phone: str(30),
  email: str(200),
  password: str(200),
  privacy: z.boolean().default(false),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

/** A guest's contact and address at checkout: the register form's fields, the same shapes. */
export const GuestContactInput = RegisterInput.pick({
  firstName: true,
  lastName: true,
  country: true,
  street: true,
  city: true,
  postcode: true,
  phone: true,
  email: true,
});
export type GuestContactInput = z.infer<typeof GuestContactInput>;

/** Making an account from a guest order: the shopper chooses a password (and accepts the policy). */
export const ClaimInput = z.object({
  sig: z.string().min(1).max(200),
  password: str(200),
  privacy: z.boolean().default(false),
  /** The first name as typed at checkout, when the browser still has it (the order keeps "name surname"). */
  firstName: str(80),
  /** Likewise the postcode (the order keeps "street postcode"). */
  postcode: str(20),
});
export type ClaimInput = z.infer<typeof ClaimInput>;

export const LoginInput = z.object({
  username: str(200),
  password: str(200),
  remember: z.boolean().default(false),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const ForgotInput = z.object({ email: str(200) });

export const ResetInput = z.object({
  token: z.string().max(200),
  // An id past PostgreSQL's integer would fail in the query instead of finding no link.
  custid: z.coerce.number().int().positive().max(2_147_483_647),
  password: str(200),
  confirm: str(200),
});

export const AccountDetailsInput = z.object({
  firstName: str(80),
  lastName: str(80),
  company: str(120),
  phone: str(30),
  street: str(200),
  postcode: str(20),
  city: str(100),
  country: str(8),
});
export type AccountDetailsInput = z.infer<typeof AccountDetailsInput>;

export const EmailChangeInput = z.object({ email: str(200), password: str(200) });

export const PasswordChangeInput = z.object({ current: str(200), password: str(200), confirm: str(200) });

export const NewsletterInput = z.object({ email: str(200) });
