import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LoaderCircleIcon } from 'lucide-react';
import { BILLING_COUNTRIES, billingAddress, type BillingAddressInput } from '@shared/contracts/portal';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { errorMessageOf, fieldErrorsOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useUpdateBillingAddress } from '../billing-api';

type Values = z.input<typeof billingAddress>;
type FieldName = keyof Values;
const FIELD_NAMES: readonly FieldName[] = ['street', 'city', 'state', 'zipCode', 'country'];

export const COUNTRY_NAMES: Record<(typeof BILLING_COUNTRIES)[number], string> = {
  US: 'United States',
  CA: 'Canada',
  UK: 'United Kingdom',
};

const EMPTY: Values = { street: '', city: '', state: '', zipCode: '', country: 'US' };

/** Update Billing Address: printed on invoices. Countries US, CA and UK (spec 1 §3, §9). */
export function BillingAddressDialog({
  email,
  current,
  open,
  onOpenChange,
}: {
  email: string;
  current: BillingAddressInput | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateBillingAddress(email);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, BillingAddressInput>({
    resolver: zodResolver(billingAddress),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: current ?? EMPTY,
  });

  const onSubmit = handleSubmit(async (address) => {
    try {
      const result = await update.mutateAsync(address);
      toast({
        title: 'Billing Address Updated',
        description: result.message ?? 'Your billing address has been updated.',
        variant: 'success',
      });
      onOpenChange(false);
    } catch (error) {
      // The server names fields `address.street` and so on.
      for (const [key, message] of Object.entries(fieldErrorsOf(error))) {
        const name = key.replace(/^address\./, '');
        if ((FIELD_NAMES as readonly string[]).includes(name)) {
          setError(name as FieldName, { type: 'server', message });
        }
      }
      toast({
        title: 'Update Failed',
        description: errorMessageOf(error, 'Your billing address could not be updated. Please try again.'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Update Billing Address</DialogTitle>
          <DialogDescription>This address is printed on your invoices.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Update billing address">
          <Field label="Street" error={errors.street?.message} required>
            <Input autoComplete="street-address" {...register('street')} />
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="City" error={errors.city?.message} required>
              <Input autoComplete="address-level2" {...register('city')} />
            </Field>
            <Field label="State or province" error={errors.state?.message} required>
              <Input autoComplete="address-level1" {...register('state')} />
            </Field>
            <Field label="ZIP or postal code" error={errors.zipCode?.message} required>
              <Input autoComplete="postal-code" {...register('zipCode')} />
            </Field>
            <Controller
              control={control}
              name="country"
              render={({ field }) => (
                <Select value={field.value ?? 'US'} onValueChange={field.onChange} name={field.name}>
                  <Field label="Country" error={errors.country?.message} required>
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose a country" />
                    </SelectTrigger>
                  </Field>
                  <SelectContent>
                    {BILLING_COUNTRIES.map((code) => (
                      <SelectItem key={code} value={code}>
                        {COUNTRY_NAMES[code]} ({code})
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              Update Address
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
