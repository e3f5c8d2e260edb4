import { useState } from 'react';
import { DownloadIcon, UserRoundCogIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { downloadCustomerData } from '../api';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SettingsSection } from './settings-controls';
import { BusyIcon } from '@client/components/busy-icon';

/** Account actions (the owner's only): download everything we hold, or delete the account. */
export function AccountActions() {
  const [exporting, setExporting] = useState(false);

  const onDownload = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await downloadCustomerData();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked after the click has been handed to the browser's download manager.
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast({
        title: 'Data Exported',
        description: `Your data was downloaded as ${filename}.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Download Failed',
        description: errorMessageOf(error, 'Unable to export your data. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <SettingsSection
      icon={UserRoundCogIcon}
      title="Account actions"
      description="Take your data with you, or close your account."
    >
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-xs text-sm text-muted-foreground">
            A JSON file with everything we hold about your account.
          </p>
          <Button variant="outline" onClick={onDownload} disabled={exporting}>
            <BusyIcon busy={exporting} icon={DownloadIcon} />
            Download Data
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
          <p className="max-w-xs text-sm text-muted-foreground">
            Cancel your subscription and delete your account permanently.
          </p>
          <DeleteAccountDialog />
        </div>
      </div>
    </SettingsSection>
  );
}
