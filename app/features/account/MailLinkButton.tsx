// "Email me a link" and "Send the link again": a button that asks the server for a mailed link,
// then says what it answered (read out to screen readers as a status).
import { useState } from "react";

interface MailLinkAnswer {
  ok: boolean;
  text: string;
}

export function MailLinkButton({ label, send }: { label: string; send: () => Promise<MailLinkAnswer> }) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<MailLinkAnswer | null>(null);

  async function click() {
    setBusy(true);
    const next = await send();
    setBusy(false);
    setAnswer(next);
  }

  return (
    <>
      <button
        type="button"
        onClick={click}
        disabled={busy}
        className="mt-2 font-semibold underline underline-offset-2 hover:no-underline disabled:opacity-60"
      >
        {label}
      </button>
      <p
        role="status"
        className={answer ? `mt-2 ${answer.ok ? "text-green-800" : "text-red-800"}` : "sr-only"}
      >
        {answer?.text ?? ""}
      </p>
    </>
  );
}
