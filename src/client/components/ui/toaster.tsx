import { lazy, Suspense, useState } from 'react';
import { useToast } from '@client/lib/toast';

const ToastRegion = lazy(() => import('./toast-region'));

/**
 * Mounted once in main.tsx. The Radix Toast region (provider: 5000 ms, swipe right, 50 px threshold;
 * viewport with the F8 hotkey) is loaded when the first toast is raised and then stays mounted, so the
 * landing page does not download it unless it shows a toast.
 */
export function Toaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  // Once loaded, the region stays mounted (state adjusted during render, not in an effect).
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
