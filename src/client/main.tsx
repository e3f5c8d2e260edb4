import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@client/lib/query-client';
import { ThemeProvider } from '@client/lib/theme';
import { Toaster } from '@client/components/ui/toaster';
import { AppRoutes } from './routes';
import './styles.css';

// Tooltips: see components/ui/tooltip.tsx (TooltipProvider lives in the screen shells, 700/300 ms).

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AppRoutes />
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
