// A form's message: the spec's title and text, announced to screen readers.
import type { FormMessage } from "../../../core/contact";

const STYLES: Record<FormMessage["kind"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

export function FormAlert({ message, testId }: { message: FormMessage; testId?: string }) {
  return (
    <div
      role={message.kind === "success" ? "status" : "alert"}
      data-testid={testId}
      data-kind={message.kind}
      className={`rounded-md border px-4 py-3 text-sm ${STYLES[message.kind]}`}
    >
      <p className="font-semibold">{message.title}</p>
      <p className="mt-1">{message.text}</p>
    </div>
  );
}
