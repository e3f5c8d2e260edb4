import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon } from 'lucide-react';
import { updateBillingEmailRequest } from '@shared/contracts/portal';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { errorMessageOf, fieldErrorsOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useUpdateBillingEmail } from '../billing-api';

const schema = updateBillingEmailRequest.pick({ newBillingEmail: true });
type Values = { newBillingEmail: string };

/** Update Billing Email: where invoices and receipts are sent. */
export function BillingEmailDialog({
  email,
  currentBillingEmail,
  open,
  onOpenChange,
}: {
  email: string;
  currentBillingEmail: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateBillingEmail(email);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { newBillingEmail: currentBillingEmail },
  });

  const onSubmit = handleSubmit(async ({ newBillingEmail }) => {
    try {
      const result = await update.mutateAsync(newBillingEmail);
      toast({
        title: 'Billing Email Updated',
        description: result.message ?? `Invoices will be sent to ${newBillingEmail}.`,
        variant: 'success',
      });
      onOpenChange(false);
    } catch (error) {
      const field = fieldErrorsOf(error).newBillingEmail;
      if (field) setError('newBillingEmail', { type: 'server', message: field });
      toast({
        title: 'Update Failed',
        description: errorMessageOf(error, 'Your billing email could not be updated. Please try again.'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update Billing Email</DialogTitle>
          <DialogDescription>Invoices and payment receipts are sent to this address.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Update billing email">
          <Field label="Billing email" error={errors.newBillingEmail?.message} required>
            <Input type="email" autoComplete="email" {...register('newBillingEmail')} />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              Update Email
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
