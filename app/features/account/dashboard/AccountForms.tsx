// The Account Details tab: the details form, the email and password changes side by side, and
// "Your data" (download, delete the account).
import { useEffect } from "react";
import { useLocation } from "react-router";
import { AccountDetailsForm } from "./AccountDetailsForm";
import { EmailChangeForm } from "./EmailChangeForm";
import { PasswordChangeForm } from "./PasswordChangeForm";
import { PrivacyCard } from "./PrivacyCard";
import type { DashboardData } from "./types";

export function AccountForms({ customer, countries, privacy }: DashboardData) {
  const { hash } = useLocation();
  // A link to one of these forms (the legacy notice's) also switches the tab, and the router's
  // own scroll to the hash does not find the form then (seen in the browser tests).
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="space-y-6">
      <AccountDetailsForm customer={customer} countries={countries} />
      <div className="grid gap-6 lg:grid-cols-2">
        <EmailChangeForm email={customer.email} />
        <PasswordChangeForm />
      </div>
      <PrivacyCard privacy={privacy} email={customer.email} />
    </div>
  );
}
