import type { Commission } from '@shared/contracts/commissions';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { changeRow } from '@client/components/list/row-change';
import { formatMoneyMinus } from '@client/lib/format';
import { useMarkPaid } from './api';
import { countNoun } from './team-format';
import { TEAM_TEXTS } from './team-texts';

/**
 * Confirms marking pending commissions paid (`POST /api/sales-commissions/mark-paid`), one from its row
 * or the rows chosen on the page; the toast is the server's sentence.
 */
export function MarkPaidConfirm({
  commissions,
  onClose,
  onDone,
}: {
  /** The rows to mark; empty when the dialog is closed. */
  commissions: readonly Commission[];
  onClose: () => void;
  onDone: () => void;
}) {
  const markPaid = useMarkPaid();
  const count = commissions.length;
  const total = commissions.reduce((sum, c) => sum + c.commissionAmount, 0);
  const single = count === 1 ? commissions[0] : undefined;

  const onConfirm = async () => {
    const done = await changeRow(() => markPaid.mutateAsync(commissions.map((c) => c.id)), {
      done: (answer) => ({ title: answer.message, variant: 'success' }),
      failed: { title: TEAM_TEXTS.markPaidFailed, fallback: TEAM_TEXTS.markPaidFailed },
    });
    if (done) onDone();
  };

  return (
    <ConfirmDialog
      open={count > 0}
      onOpenChange={(next) => !next && onClose()}
      title={
        single ? 'Mark this commission paid?' : `Mark ${countNoun(count, 'commission', 'commissions')} paid?`
      }
      description={
        single
          ? `${formatMoneyMinus(single.commissionAmount)} to ${single.salesUserName} for ${single.companyName}. It moves from pending to paid, and the change is audited.`
          : `${formatMoneyMinus(total)} in all. They move from pending to paid, and the change is audited.`
      }
      confirmLabel={single ? 'Mark paid' : `Mark ${count} paid`}
      variant="default"
      onConfirm={onConfirm}
    />
  );
}
