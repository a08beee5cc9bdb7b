/** The TanStack Query client: caches samples and documents fetched by URL. */
import {QueryClient} from '@tanstack/react-query'

/** The app's one query client. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // A fetched document does not change while the app is open; failures are shown, not retried.
    queries: {staleTime: 10 * 60_000, gcTime: 30 * 60_000, retry: false, refetchOnWindowFocus: false},
  },
})
