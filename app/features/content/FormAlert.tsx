// A form's message: the spec's title and text, announced to screen readers.
import { CONTACT_TEXT, type FormMessage } from "../../../core/contact";
import { useCoreText } from "../../lib/localized";

const STYLES: Record<FormMessage["kind"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

/** The wrong-email text is followed by an example address (core/contact.ts validateInquiry). */
const WRONG_EMAIL = `${CONTACT_TEXT.wrongEmailText} ${CONTACT_TEXT.exampleEmail}`;

export function FormAlert({ message, testId }: { message: FormMessage; testId?: string }) {
  const text = useCoreText();
  const body =
    message.text === WRONG_EMAIL
      ? `${text(CONTACT_TEXT.wrongEmailText)} ${CONTACT_TEXT.exampleEmail}`
      : text(message.text);
  return (
    <div
      role={message.kind === "success" ? "status" : "alert"}
      data-testid={testId}
      data-kind={message.kind}
      className={`rounded-md border px-4 py-3 text-sm ${STYLES[message.kind]}`}
    >
      <p className="font-semibold">{text(message.title)}</p>
      <p className="mt-1">{body}</p>
    </div>
  );
}
