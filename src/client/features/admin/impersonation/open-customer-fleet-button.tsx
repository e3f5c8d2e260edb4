import { ExternalLinkIcon, LoaderCircleIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { ToastAction } from '@client/components/ui/toast-region';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useCustomerFleetLink } from './api';

/** What the new tab shows while the link is made (it opens blank, at once, so no popup blocker stops it). */
function showOpening(tab: Window, companyName: string): void {
  try {
    tab.document.title = `Opening ${companyName}…`;
    tab.document.body.textContent = `Opening ${companyName}'s fleet app…`;
    tab.document.body.style.font = '16px system-ui, sans-serif';
    tab.document.body.style.padding = '2rem';
  } catch {
    // Not ours to write to (a browser setting): it still navigates below.
  }
}

/**
 * Opens the customer's fleet app in a new tab as this staff member (docs/impersonation.md; the Fleet Control Center's
 * third action). The tab is opened on the click itself, where browsers allow it, cut off from this
 * page (no opener), and sent to the one-time link once the server has made it. A blocked popup
 * gets the link in a toast instead; a refusal closes the tab and says why.
 */
export function OpenCustomerFleetButton({
  customerId,
  companyName,
}: {
  customerId: string;
  companyName: string;
}) {
  const link = useCustomerFleetLink();

  const onClick = () => {
    const tab = window.open('', '_blank');
    if (tab) {
      tab.opener = null;
      showOpening(tab, companyName);
    }
    link.mutate(customerId, {
      onSuccess: ({ url }) => {
        if (tab && !tab.closed) {
          tab.location.replace(url);
          return;
        }
        toast({
          title: 'Fleet app ready',
          description: `Your browser blocked the new tab. Open ${companyName}'s fleet app within 5 minutes.`,
          duration: 60_000,
          action: (
            <ToastAction altText={`Open ${companyName}'s fleet app`} asChild>
              <a href={url} target="_blank" rel="noopener">
                Open
              </a>
            </ToastAction>
          ),
        });
      },
      onError: (error) => {
        tab?.close();
        toast({
          title: 'Fleet app not opened',
          description: errorMessageOf(
            error,
            `${companyName}'s fleet app could not be opened. Please try again.`,
          ),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onClick}
      disabled={link.isPending}
      aria-label={`Open ${companyName}'s fleet app as staff`}
    >
      {link.isPending ? (
        <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
      ) : (
        <ExternalLinkIcon aria-hidden="true" />
      )}
      {link.isPending ? 'Opening...' : 'Open Fleet App'}
    </Button>
  );
}
