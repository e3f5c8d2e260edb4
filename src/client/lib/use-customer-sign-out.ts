import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest, errorMessageOf } from '@client/lib/api';
import { clearCustomerSession } from '@client/lib/customer-session';
import { toast } from '@client/lib/toast';

/**
 * Logout for the portal and the fleet app: ends the server session, forgets the stored token and
 * every cached answer (the next person on this browser must not see them), then goes to sign-in.
 */
export function useCustomerSignOut(): { signOut: () => Promise<void>; leaving: boolean } {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    setLeaving(true);
    try {
      await apiRequest('POST', '/api/auth/customer-logout', {});
      clearCustomerSession();
      queryClient.clear();
      navigate('/customer-login');
    } catch (error) {
      setLeaving(false);
      toast({
        title: 'Logout failed',
        description: errorMessageOf(error, 'Could not sign out. Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return { signOut, leaving };
}
