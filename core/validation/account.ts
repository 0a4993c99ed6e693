// Account forms: the spec's messages (sections 5, 7, 8) word for word and the ordered checks
// that both the browser and the server run, so both say the same thing. The zod shapes of the
// same forms are in ./account-schemas.ts (zod stays out of the browser bundle).

export const ACCOUNT_TEXT = {
  requiredFields: "Please fill all required fields *",
  mobileDigits: "Mobile should consist of numbers",
  privacy: "Privacy policy not accepted",
  duplicate: "Username or Phone number already exists!",
  usernameTakenTitle: "Username already taken",
  usernameTakenText: "Please choose another one",
  registerDoneTitle: "Congrats! Registration Completed Successfully",
  registerDoneButton: "Thank you!",
  registerFailed: "Something went wrong please try again or contact the website admin",
  loginEmptyTitle: "Required field(s) empty.",
  loginEmptyText: "User name or password cannot be empty.",
  loginWrongTitle: "Wrong username / password",
  loginWrongText: "Please try again!",
  forgotEmpty: "Please type your email first",
  forgotFormat: "Email format not valid",
  forgotSent: "Check your inbox for instructions",
  forgotNotFound: "Email not found",
  somethingWrong: "Something went wrong",
  resetTitle: "Password Reset Form",
  resetBoth: "Both fields are required",
  resetMismatch: "Passwords do not match",
  resetDone: "Password updated successfully",
  resetExpired: "This password reset link has expired or was already used. Please ask for a new one.",
  sessionExpired: "Session Expired",
  legacyHint:
    "Customers of our previous shop: your username and password are your mobile phone number. After signing in, please update your email and change your password.",
  legacyAfterLogin: "Please update your email and change your password.",
  passwordTooShort: "Password must be at least 8 characters",
  passwordHint: "At least 8 characters; not a common password, your phone number or your email",
  passwordWeakTitle: "Please choose a stronger password",
  passwordCommon:
    "This password is too common or too easy to guess. A few unrelated words, or a longer mix of letters, numbers and signs, work well.",
  passwordPersonal: "Your password must not be your mobile phone number, your email or your username.",
  passwordChangeRequired:
    "Please choose a new password before placing an order: your account still signs in with your mobile phone number, which others may know.",
  tooManyAttempts: "Too many attempts. Please try again later.",
  signInOff: "Sign in is not available in this shop.",
  signUpOff: "Registration is not available in this shop.",
  wrongCurrentPassword: "Your current password is not correct",
} as const;

export const MIN_PASSWORD_LENGTH = 8;

/** An outcome the UI shows as a popup: a title, optionally a text under it. */
export interface FormProblem {
  title: string;
  text?: string;
}

// ---------------------------------------------------------------- register

/**
 * The register checks in the spec's order (section 5): required fields and an '@' in the email,
 * then a digits-only mobile, then the privacy box. `countries` are the store's allowed codes.
 */
export interface RegisterValues {
  firstName: string;
  lastName: string;
  company: string;
  country: string;
  street: string;
  city: string;
  postcode: string;
  phone: string;
  email: string;
  password: string;
  privacy: boolean;
}

/** The fields of the register form (and of the checkout's guest details), in screen order. */
export type RegisterField = keyof RegisterValues;

/** One invalid field: the popup keeps the spec's text, the field says what is wrong with it. */
export interface FieldProblem {
  field: RegisterField;
  message: string;
  /** The spec's popup text this problem falls under. */
  title: string;
}

/** What a missing required field says next to it. */
export const FIELD_REQUIRED: Record<RegisterField, string> = {
  firstName: "Please enter your first name",
  lastName: "Please enter your last name",
  company: "",
  country: "Please choose your country",
  street: "Please enter your street address",
  city: "Please enter your town or city",
  postcode: "Please enter your postcode",
  phone: "Please enter your mobile phone number",
  email: "Please enter your email address",
  password: "Please choose a password",
  privacy: "Please accept the privacy policy",
};

export const FIELD_TEXT = {
  emailAt: "An email address contains @, e.g. name@example.com",
  phoneDigits: "Digits only, e.g. 99123456",
  countryUnknown: "Please choose a country from the list",
} as const;

/** The contact and address fields a guest gives at checkout: register's, without password and privacy. */
export const CONTACT_FIELDS = [
  "firstName",
  "lastName",
  "country",
  "street",
  "city",
  "postcode",
  "phone",
  "email",
] as const satisfies readonly RegisterField[];

/**
 * Every invalid field of the register form, each with its own message, in the spec's order of
 * checks (section 5): required fields and the '@', then the digits-only mobile, then privacy,
 * then the password length. `fields` limits the check to some fields (the guest's contact).
 */
export function registerFieldProblems(
  v: RegisterValues,
  countries: readonly string[],
  fields: readonly RegisterField[] = REGISTER_CHECKED,
): FieldProblem[] {
  const on = new Set(fields);
  const out: FieldProblem[] = [];
  const add = (field: RegisterField, message: string, title: string) => {
    if (on.has(field)) out.push({ field, message, title });
  };
  const required = ACCOUNT_TEXT.requiredFields;
  for (const f of ["firstName", "lastName", "country", "street", "city", "postcode"] as const) {
    if (v[f].trim() === "") add(f, FIELD_REQUIRED[f], required);
  }
  if (v.country.trim() !== "" && !countries.includes(v.country))
    add("country", FIELD_TEXT.countryUnknown, required);
  if (v.email.trim() === "") add("email", FIELD_REQUIRED.email, required);
  else if (!v.email.includes("@")) add("email", FIELD_TEXT.emailAt, required);
  if (v.password.trim() === "") add("password", FIELD_REQUIRED.password, required);
  if (!/^\d+$/.test(v.phone.trim()))
    add(
      "phone",
      v.phone.trim() === "" ? FIELD_REQUIRED.phone : FIELD_TEXT.phoneDigits,
      ACCOUNT_TEXT.mobileDigits,
    );
  if (!v.privacy) add("privacy", FIELD_REQUIRED.privacy, ACCOUNT_TEXT.privacy);
  if (v.password.trim() !== "" && v.password.length < MIN_PASSWORD_LENGTH)
    add("password", ACCOUNT_TEXT.passwordTooShort, ACCOUNT_TEXT.passwordTooShort);
  return out;
}

const REGISTER_CHECKED: readonly RegisterField[] = [...CONTACT_FIELDS, "password", "privacy"];

/** The spec's popup for a list of field problems: the first check that failed, in the spec's order. */
export function popupFor(problems: readonly FieldProblem[]): FormProblem | null {
  const order = [
    ACCOUNT_TEXT.requiredFields,
    ACCOUNT_TEXT.mobileDigits,
    ACCOUNT_TEXT.privacy,
    ACCOUNT_TEXT.passwordTooShort,
  ];
  for (const title of order) if (problems.some((p) => p.title === title)) return { title };
  return null;
}

/** The guest's contact and address at checkout: the register rules for those fields. */
export function checkGuestContact(
  v: Omit<RegisterValues, "password" | "privacy" | "company">,
  countries: readonly string[],
): FieldProblem[] {
  return registerFieldProblems({ ...v, company: "", password: "", privacy: true }, countries, CONTACT_FIELDS);
}

// ---------------------------------------------------------------- login

export function checkLogin(v: { username: string; password: string }): FormProblem | null {
  if (v.username.trim() === "" || v.password === "") {
    return { title: ACCOUNT_TEXT.loginEmptyTitle, text: ACCOUNT_TEXT.loginEmptyText };
  }
  return null;
}

// ---------------------------------------------------------------- forgot / reset password

/** Word characters with optional dots or hyphens, an @, a domain, an ending of 2 to 3 characters. */
export const FORGOT_EMAIL_PATTERN = /^\w+([.-]?\w+)*@\w+([.-]?\w+)*(\.\w{2,3})+$/;

export function checkForgot(email: string): FormProblem | null {
  if (email.trim() === "") return { title: ACCOUNT_TEXT.forgotEmpty };
  if (!FORGOT_EMAIL_PATTERN.test(email.trim())) return { title: ACCOUNT_TEXT.forgotFormat };
  return null;
}

export function checkNewPassword(password: string, confirm: string): FormProblem | null {
  if (password === "" || confirm === "") return { title: ACCOUNT_TEXT.resetBoth };
  if (password !== confirm) return { title: ACCOUNT_TEXT.resetMismatch };
  if (password.length < MIN_PASSWORD_LENGTH) return { title: ACCOUNT_TEXT.passwordTooShort };
  return null;
}

/**
 * A legacy account signs in with its phone number as its password, which others may know: it
 * chooses a new password before it can order (changing it clears the flag).
 */
export function passwordChangeRequired(customer: { legacyAccount: boolean }): boolean {
  return customer.legacyAccount;
}

// ---------------------------------------------------------------- dashboard

export interface AccountDetailsValues {
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
}

/** The account-detail fields of a submitted form (register and Account Details), blanks for missing ones. */
export function accountDetailsFrom(form: Record<string, string | undefined>): AccountDetailsValues {
  return {
    firstName: form.firstName ?? "",
    lastName: form.lastName ?? "",
    company: form.company ?? "",
    phone: form.phone ?? "",
    street: form.street ?? "",
    postcode: form.postcode ?? "",
    city: form.city ?? "",
    country: form.country ?? "",
  };
}

export function checkAccountDetails(
  v: AccountDetailsValues,
  countries: readonly string[],
): FormProblem | null {
  const required = [v.firstName, v.lastName, v.street, v.postcode, v.city, v.country];
  if (required.some((x) => x.trim() === "") || !countries.includes(v.country))
    return { title: ACCOUNT_TEXT.requiredFields };
  if (!/^\d+$/.test(v.phone.trim())) return { title: ACCOUNT_TEXT.mobileDigits };
  return null;
}

export function checkEmailChange(v: { email: string; password: string }): FormProblem | null {
  if (v.email.trim() === "" || v.password === "") return { title: ACCOUNT_TEXT.requiredFields };
  if (!FORGOT_EMAIL_PATTERN.test(v.email.trim())) return { title: ACCOUNT_TEXT.forgotFormat };
  return null;
}

export function checkPasswordChange(v: {
  current: string;
  password: string;
  confirm: string;
}): FormProblem | null {
  if (v.current === "") return { title: ACCOUNT_TEXT.requiredFields };
  return checkNewPassword(v.password, v.confirm);
}

// ---------------------------------------------------------------- newsletter

export const NEWSLETTER_TEXT = {
  title: "Subscribe to our newsletter",
  intro: "Get new arrivals, hot deals and exclusive offers straight to your inbox.",
  /** Where the store restricts advertising (core/advertising.ts): no deals or offers promised. */
  introNeutral: "News from the shop by email: opening hours, availability and changes to our service.",
  hide: "Don't show this popup again",
  /** Double opt-in (docs/decisions/0052): nothing is subscribed until the mailed link is confirmed. */
  subscribed: "Almost done: open the link we have just emailed you to confirm your subscription.",
  invalid: "Please enter a valid email",
} as const;

export function checkNewsletter(email: string): FormProblem | null {
  if (!FORGOT_EMAIL_PATTERN.test(email.trim())) return { title: NEWSLETTER_TEXT.invalid };
  return null;
}
