import {
  API_FIELD_LABELS,
  API_FIELD_USED_BY,
  isSecretField,
  type apiSettingsInput,
  type ApiSettingsField,
} from '@shared/contracts/system-settings';
import { TextField } from '@client/components/form/form-fields';
import type { SchemaForm } from '@client/components/form/use-schema-form';
import { Button } from '@client/components/ui/button';
import type { ApiValues } from './api-keys-form';

/** One key's box: what is saved (its last four characters), what uses it, and Clear. */
export function ApiKeyField({
  form,
  field,
  saved,
  canEdit,
  onClear,
}: {
  form: SchemaForm<ApiValues, typeof apiSettingsInput>;
  field: ApiSettingsField;
  saved: string | null | undefined;
  canEdit: boolean;
  onClear: () => void;
}) {
  const secret = isSecretField(field);
  return (
    <TextField
      form={form}
      name={field}
      label={API_FIELD_LABELS[field]}
      type={secret ? 'password' : 'url'}
      autoComplete="off"
      spellCheck={false}
      placeholder={saved ? 'Leave blank to keep' : secret ? undefined : 'https://'}
      disabled={!canEdit}
      description={
        <>
          <span data-testid={`saved-${field}`}>{saved ? `Saved: ${saved}` : 'Not set'}</span>
          {API_FIELD_USED_BY[field] === null
            ? ' · Not used by any feature yet'
            : ` · Used by ${API_FIELD_USED_BY[field]}`}
        </>
      }
      action={
        saved && canEdit ? (
          <Button type="button" variant="outline" onClick={onClear}>
            Clear
          </Button>
        ) : undefined
      }
    />
  );
}
