/** What an order page hands the withdrawal function (withdrawal.server.ts). */
export interface WithdrawalData {
  open: boolean;
  /** The period's last day in the page's language; null before delivery (the period has not started). */
  lastDay: string | null;
  days: number;
  lines: { id: number; description: string; remaining: number }[];
  done: { id: number; time: string; lines: string }[];
}
